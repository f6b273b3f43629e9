/**
 * An audit's stays on the stay pool (jobs/stay-pool.ts), a few stays per message; each
 * result goes to `onResult` (the engine commits it) the moment it arrives.
 */
import type { StayAuditDetail } from './audit-types';
import type { AuditWorkerData } from './worker-messages';
import { runStayPool } from '../jobs/stay-pool';

export interface AuditPoolOptions {
  size: number;
  batchSize: number;
  data: Omit<AuditWorkerData, 'kind'>;
  /** The worker module (default: the app's worker thread); tests swap in others. */
  entry?: URL;
  signal?: AbortSignal;
  onResult: (detail: StayAuditDetail) => void;
}

export function runAuditPool(stayIds: readonly number[], options: AuditPoolOptions): Promise<void> {
  return runStayPool<StayAuditDetail>(stayIds, {
    workerName: 'audit worker',
    at: (stayId) => `while auditing stay id ${stayId}`,
    size: options.size,
    batchSize: options.batchSize,
    work: { kind: 'audit-stays', ...options.data },
    entry: options.entry,
    signal: options.signal,
    onResult: (detail) => options.onResult(detail),
  });
}
