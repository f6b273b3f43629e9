import type { ApiEvent } from '../../../shared/contract';
import { EtaClock, type ProgressSink } from './progress';

/**
 * Long jobs in flight: each gets an AbortController (for cancel) and a progress sink that
 * turns updates into contract events with an ETA, throttled so a fast loop cannot flood
 * the renderer.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, AbortController>();
  private counter = 0;

  constructor(private readonly emit: (event: ApiEvent) => void) {}

  start(requestedId: string | undefined): {
    jobId: string;
    signal: AbortSignal;
    progress: ProgressSink;
  } {
    const jobId = requestedId ?? `job-${Date.now().toString(36)}-${++this.counter}`;
    const controller = new AbortController();
    this.jobs.set(jobId, controller);
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

  finish(jobId: string, error: Error | null): void {
    this.jobs.delete(jobId);
    this.emit({ type: 'job.finished', jobId, ok: error === null, error: error?.message ?? null });
  }

  cancel(jobId: string): boolean {
    const controller = this.jobs.get(jobId);
    if (!controller) return false;
    controller.abort();
    return true;
  }
}
