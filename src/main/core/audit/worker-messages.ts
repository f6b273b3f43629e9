/**
 * What the run engine's pool and its audit workers say to each other. Workers receive stay
 * ids, never tensors: each loads its stays from the store itself, so messages stay small
 * and the main thread does nothing but hand out ids and commit results.
 */
import type { SearchExtent } from '../../../shared/audit';
import type { CalibrationMap } from '../../../shared/calibration';
import type { ExecutionProviderName } from '../models';
import type { SearchParams } from '../search';
import type { StayAuditDetail } from './audit-types';

export interface AuditWorkerData {
  /** The worker module to load (its .ts source under tsx, the built .js otherwise). */
  entry: string;
  /** The store file, opened read-only by the worker. */
  dbPath: string;
  bundleDir: string;
  /** The fingerprint (files and manifest) the run checked: a worker refuses any other bundle. */
  bundleFingerprint: string;
  /** The provider the run records: every worker must get exactly this one. */
  executionProvider: ExecutionProviderName;
  task: string;
  params: SearchParams;
  /** The run's calibration, applied to every probability the search scores; null: none. */
  calibration: CalibrationMap | null;
  /** How far each stay's search goes (the run's). */
  searchExtent: SearchExtent;
}

/** 'stop': finish the stay at hand, audit nothing more, release the sessions and exit. */
export type ToWorker = { kind: 'audit'; stayIds: number[] } | { kind: 'stop' };

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'result'; detail: StayAuditDetail }
  | { kind: 'failed'; message: string };
