export { Store, NotFoundError, ConflictError, cohortNameTaken } from './store';
export { CxrCode } from './types';
export type { NewCohort, NewStay, NoteChunk, StaticValue, Stay } from './types';
export type { Db } from './database';
