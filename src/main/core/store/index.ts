export { Store, NotFoundError, ConflictError } from './store';
export { CxrCode } from './types';
export type { NewCohort, NewStay, NoteChunk, Stay } from './types';
export type { Db } from './database';
