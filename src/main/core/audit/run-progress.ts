import type { RunProgress } from './audit-types';

/**
 * Turns "one more stay done" into RunProgress events: this session's rate (a resumed run's
 * earlier stays do not count, or its rate and ETA would be fiction) and at most one event
 * per interval, so a fast run cannot flood the renderer; the last event is always sent.
 */
export class RunProgressMeter {
  private readonly startedAt: number;
  private readonly doneAtStart: number;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly run: { runId: number; phase: RunProgress['phase']; total: number },
    private done: number,
    private readonly report: ((progress: RunProgress) => void) | undefined,
    private readonly now: () => number = () => performance.now(),
    private readonly intervalMs = 250,
  ) {
    this.startedAt = now();
    this.doneAtStart = done;
  }

  /** Counts one more stay done; reports if the interval has passed or it was the last. */
  tick(): void {
    this.done++;
    this.send(false);
  }

  /** Reports the current state now (the phase's first and last events). */
  flush(): void {
    this.send(true);
  }

  private send(force: boolean): void {
    if (!this.report) return;
    const now = this.now();
    if (!force && now - this.lastSent < this.intervalMs && this.done < this.run.total) return;
    this.lastSent = now;
    const seconds = (now - this.startedAt) / 1000;
    const doneHere = this.done - this.doneAtStart;
    const rate = doneHere > 0 && seconds > 0 ? doneHere / seconds : null;
    this.report({
      runId: this.run.runId,
      phase: this.run.phase,
      done: this.done,
      total: this.run.total,
      staysPerSecond: rate,
      etaSeconds: rate === null ? null : (this.run.total - this.done) / rate,
    });
  }
}
