/** What long work reports as it goes: a phase, how far, and (derived) an ETA. */
export interface ProgressUpdate {
  phase: string;
  done: number;
  total: number;
  message?: string;
}

export type ProgressSink = (update: ProgressUpdate) => void;

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

/** Estimates seconds left from the rate so far within the current phase. */
export class EtaClock {
  private phase = '';
  private startedAt = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  eta(update: ProgressUpdate): number | null {
    if (update.phase !== this.phase) {
      this.phase = update.phase;
      this.startedAt = this.now();
      return null;
    }
    if (update.done <= 0 || update.total <= 0) return null;
    const elapsed = (this.now() - this.startedAt) / 1000;
    return Math.max(0, (elapsed / update.done) * (update.total - update.done));
  }
}
