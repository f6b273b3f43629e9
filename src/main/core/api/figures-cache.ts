/**
 * Cohort statistics and bias audits take seconds on a large run, and the dashboard asks for
 * them on every visit: each is computed once per (run, its results, seed, options) and the
 * promise shared, so two views asking at once still compute it once. A run's results only
 * ever grow, so the number done (with the run's creation time, in case an id is reused)
 * tells a stale entry from a fresh one. Failures are not kept; the oldest entries go first.
 */
export class FiguresCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 16) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last, so eviction takes the least recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached as Promise<T>;
    }
    const promise = compute();
    this.entries.set(key, promise);
    promise.catch(() => {
      if (this.entries.get(key) === promise) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }
}
