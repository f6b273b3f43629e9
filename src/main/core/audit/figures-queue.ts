/**
 * The order figures workers start in when more are asked for than may run at once: the
 * dashboard's headline first. When a run completes, its own and its validation run's
 * figures are all asked for together, and six bootstraps sharing the cores made the care
 * figures wait half a minute behind the bias audits.
 */
import type { FiguresRequest } from './run-figures';

/** Which start first: the care figures lead the dashboard; the bias audit is a view of its own. */
const PRIORITY: Record<FiguresRequest['kind'], number> = {
  statistics: 0,
  abstention: 1,
  coverage: 2,
  bias: 3,
  monitoring: 4,
};

export class FiguresQueue {
  private running = 0;
  /** Highest priority first, in the order asked within a priority. */
  private readonly waiting: { priority: number; start: () => void }[] = [];

  constructor(private readonly limit: number) {}

  /** Runs `compute` once fewer than `limit` others run and no figure of higher priority waits. */
  run<T>(kind: FiguresRequest['kind'], compute: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const start = () => {
        this.running += 1;
        compute()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.waiting.shift()?.start();
          });
      };
      if (this.running < this.limit) {
        start();
        return;
      }
      const priority = PRIORITY[kind];
      const after = this.waiting.findIndex((queued) => queued.priority > priority);
      this.waiting.splice(after < 0 ? this.waiting.length : after, 0, { priority, start });
    });
  }
}
