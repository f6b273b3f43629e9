import type { ProgressSink, ProgressUpdate } from '../../../shared/domain';
import { EtaClock } from '../../../shared/eta-clock';

/** Declared with the job progress the transports carry; long work in the core names them here. */
export type { ProgressSink, ProgressUpdate };
/** Shared with the CLI's progress lines, which estimate it alike for work that did not. */
export { EtaClock };

export const silentProgress: ProgressSink = () => undefined;

/** Thrown by long work that noticed its AbortSignal; transports report it as "cancelled". */
export class CancelledError extends Error {
  constructor(what: string) {
    super(`${what} was cancelled; nothing was changed.`);
    this.name = 'CancelledError';
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new CancelledError(what);
}

/** Long work's view of its job: the cancel signal and the job's point of no return. */
export interface CancelPoint {
  signal?: AbortSignal | undefined;
  /**
   * The job's last cancel check before it commits (JobRegistry.beginCommit): throws
   * CancelledError if a Cancel came first, and from then on a Cancel is told it came too late.
   */
  beginCommit?: ((what: string) => void) | undefined;
}

/**
 * Called right before work commits, with nothing awaited between it and the commit: a Cancel
 * that arrived before is honoured; outside a job (no beginCommit) it is a plain signal check.
 */
export function lastCancelCheck(job: CancelPoint, what: string): void {
  if (job.beginCommit) job.beginCommit(what);
  else throwIfCancelled(job.signal, what);
}
