import type { ProgressUpdate } from './domain';

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
