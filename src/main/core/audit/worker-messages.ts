/**
 * What an audit worker starts with. Workers receive stay ids, never tensors: each loads its
 * stays from the store itself, so messages stay small and the main thread does nothing but
 * hand out ids and commit results (the messages are the stay pool's, jobs/stay-pool.ts).
 */
import type { SearchExtent } from '../../../shared/audit';
import type { CalibrationMap } from '../../../shared/calibration';
import type { ExecutionProviderName } from '../models';
import type { SearchParams } from '../search';

export interface AuditWorkerData {
  kind: 'audit-stays';
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
