export { Store, NotFoundError, ConflictError, cohortNameTaken } from './store';
export { CxrCode } from './types';
export type {
  EvaluationKey,
  NewCohort,
  NewStay,
  NoteChunk,
  RunLease,
  StaticValue,
  Stay,
} from './types';
export {
  RunRecords,
  type RunLeaseRecord,
  type RunRecord,
  type RunStateRecord,
} from './run-records';
export { ReviewRecords } from './review-records';
export { EvaluationRecords } from './evaluation-records';
export { cacheFigures, readCachedFigures } from './figure-cache';
export {
  attributesOfPlannedStays,
  onsetsOfPlannedStays,
  placesOfAwaitingStays,
  missingMasksOfPlannedStays,
  startTimesOfPlannedStays,
  staysWithLabel,
} from './stay-records';
