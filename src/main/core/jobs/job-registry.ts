import type { ApiEvent, CancelReply, JobOutcome } from '../../../shared/contract';
import { CancelledError, EtaClock, type ProgressSink } from './progress';

/** A job in flight: its cancel switch, whether it is past its point of no return, and asks. */
interface JobInFlight {
  controller: AbortController;
  committing: boolean;
  cancelRequested: boolean;
}

/**
 * Long jobs in flight: each gets an AbortController (for cancel) and a progress sink that
 * turns updates into contract events with an ETA, throttled so a fast loop cannot flood
 * the renderer. A job that commits calls beginCommit first, so a Cancel is either honoured
 * (nothing committed) or told it came too late, never accepted and then ignored.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, JobInFlight>();
  private counter = 0;

  constructor(private readonly emit: (event: ApiEvent) => void) {}

  start(requestedId: string | undefined): {
    jobId: string;
    signal: AbortSignal;
    progress: ProgressSink;
  } {
    const jobId = requestedId ?? `job-${Date.now().toString(36)}-${++this.counter}`;
    const controller = new AbortController();
    this.jobs.set(jobId, { controller, committing: false, cancelRequested: false });
    const clock = new EtaClock();
    let lastSent = 0;
    const progress: ProgressSink = (update) => {
      const etaSeconds = clock.eta(update);
      const now = performance.now();
      if (now - lastSent < 100 && update.done < update.total) return;
      lastSent = now;
      this.emit({
        type: 'job.progress',
        progress: { jobId, etaSeconds, message: update.message ?? '', ...update },
      });
    };
    return { jobId, signal: controller.signal, progress };
  }

  /**
   * The job's point of no return, called right before it commits: a Cancel already asked for
   * is honoured (CancelledError, so the commit never happens); any later one comes too late.
   */
  beginCommit(jobId: string, what: string): void {
    const job = this.jobs.get(jobId);
    if (!job) return;
    if (job.controller.signal.aborted) throw new CancelledError(what);
    job.committing = true;
  }

  finish(jobId: string, error: Error | null): void {
    const job = this.jobs.get(jobId);
    this.jobs.delete(jobId);
    const outcome: JobOutcome =
      error === null ? 'completed' : error instanceof CancelledError ? 'cancelled' : 'failed';
    this.emit({
      type: 'job.finished',
      jobId,
      outcome,
      cancelRequested: job?.cancelRequested ?? false,
      ok: error === null,
      error: error?.message ?? null,
    });
  }

  cancel(jobId: string): CancelReply {
    const job = this.jobs.get(jobId);
    if (!job) return 'too-late';
    job.cancelRequested = true;
    if (job.committing) return 'too-late';
    job.controller.abort();
    return 'accepted';
  }
}
