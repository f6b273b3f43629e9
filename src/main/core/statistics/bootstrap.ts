/**
 * Bootstrap confidence intervals over stays (method.md: 1,000 resamples, fixed seed, 95%):
 * resample stays with replacement, recompute the figure, take the percentile interval.
 * Deterministic for a seed: xoroshiro128+ from pure-rand, indices by its unbiased uniformInt.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Flags, Numbers } from './inputs';
import { quantileSorted } from './quantile';

export interface BootstrapOptions {
  /** PRNG seed, an integer in [0, 2^32): record it with the run to reproduce the interval. */
  seed: number;
  /** Resamples drawn (default 1000). */
  resamples?: number;
  /** Coverage of the interval (default 0.95). */
  level?: number;
}

export interface BootstrapCi {
  /** The statistic on the cohort as given (not a resample mean). */
  estimate: number;
  /**
   * Percentile interval: the (1−level)/2 and (1+level)/2 quantiles of the valid resamples
   * (numpy's linear rule); NaN if no resample was valid.
   */
  lower: number;
  upper: number;
  /** Resamples drawn, skipped ones included. */
  resamples: number;
  /**
   * Resamples where the statistic was NaN (e.g. one class absent for AUROC): left out of
   * the interval, not redrawn, so a high count warns that the interval is conditional.
   */
  skipped: number;
}

/**
 * Percentile bootstrap of `statistic` over n stays. The statistic receives the resampled
 * stay indices (length n, with repeats); the buffer is reused between calls, so read it, do
 * not keep it. The estimate is the statistic on indices 0..n−1. Infinite values are kept.
 */
export function bootstrapCi(
  statistic: (indices: Uint32Array) => number,
  n: number,
  options: BootstrapOptions,
): BootstrapCi {
  const { seed, resamples = 1000, level = 0.95 } = options;
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`bootstrapCi: n must be a count, got ${n}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`bootstrapCi: seed must be an integer in [0, 2^32), got ${seed}`);
  }
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`bootstrapCi: resamples ${resamples}`);
  if (!(level > 0 && level < 1))
    throw new RangeError(`bootstrapCi: level must be in (0, 1), got ${level}`);

  const indices = new Uint32Array(n);
  for (let i = 0; i < n; i++) indices[i] = i;
  const estimate = statistic(indices);

  const values = new Float64Array(resamples);
  let valid = 0;
  if (n > 0) {
    const rng = xoroshiro128plus(seed);
    for (let r = 0; r < resamples; r++) {
      for (let i = 0; i < n; i++) indices[i] = uniformInt(rng, 0, n - 1);
      const v = statistic(indices);
      if (!Number.isNaN(v)) values[valid++] = v;
    }
  }
  const kept = values.subarray(0, valid).sort();
  return {
    estimate,
    lower: quantileSorted(kept, (1 - level) / 2),
    upper: quantileSorted(kept, (1 + level) / 2),
    resamples,
    skipped: resamples - valid,
  };
}

/** values[indices[j]] for every j: one resampled numeric column. */
export function pick(values: Numbers, indices: ArrayLike<number>): Float64Array {
  const out = new Float64Array(indices.length);
  for (let j = 0; j < indices.length; j++) out[j] = values[indices[j]!]!;
  return out;
}

/** The same for a column of flags. */
export function pickFlags(values: Flags, indices: ArrayLike<number>): boolean[] {
  return Array.from({ length: indices.length }, (_, j) => values[indices[j]!]!);
}

/** A per-stay input column of a metric: numbers, or flags such as `exhausted`. */
export type Column = Numbers | Flags;

/** What a metric receives for each column inside withCi: a reused, resampled copy. */
export type Resampled<C> = C extends Flags ? boolean[] : Float64Array;

/**
 * Bootstrap CI of a metric over per-stay columns, e.g.
 *   withCi((s, y) => auroc(s, y), [pSel, labels], { seed: 7 })
 * Each column is gathered into one buffer allocated once and refilled per resample, so a
 * 1,000-resample CI allocates no per-resample copies; the metric must not keep the buffers.
 * A column is treated as flags when its first element is a boolean.
 */
export function withCi<const C extends readonly Column[]>(
  metric: (...columns: { [K in keyof C]: Resampled<C[K]> }) => number,
  columns: C,
  options: BootstrapOptions,
): BootstrapCi {
  const n = columns[0]?.length ?? 0;
  for (const c of columns) {
    if (c.length !== n)
      throw new RangeError(`withCi: columns differ in length (${c.length} vs ${n})`);
  }
  const gatherers = columns.map((column) => {
    if (n > 0 && typeof column[0] === 'boolean') {
      const flags = column as Flags;
      const buffer = new Array<boolean>(n);
      return {
        buffer,
        fill: (idx: Uint32Array) => {
          for (let j = 0; j < n; j++) buffer[j] = flags[idx[j]!]!;
        },
      };
    }
    const numbers = column as Numbers;
    const buffer = new Float64Array(n);
    return {
      buffer,
      fill: (idx: Uint32Array) => {
        for (let j = 0; j < n; j++) buffer[j] = numbers[idx[j]!]!;
      },
    };
  });
  const buffers = gatherers.map((g) => g.buffer) as unknown as { [K in keyof C]: Resampled<C[K]> };
  return bootstrapCi(
    (idx) => {
      for (const g of gatherers) g.fill(idx);
      return metric(...buffers);
    },
    n,
    options,
  );
}
