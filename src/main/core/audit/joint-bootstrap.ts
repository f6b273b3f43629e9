/**
 * Many figures from one set of bootstrap resamples. A report holds dozens of figures that
 * share their inputs (every class's exhaustion rate comes out of one exhaustionReport); one
 * withCi per figure would recompute the shared work dozens of times per resample. Here each
 * resample is computed once and every figure read off it. The resamples are drawn by the
 * metrics module's bootstrapCi with the caller's seed, so they are exactly the resamples
 * withCi draws for that seed, and the intervals use the same percentile rule.
 */
import { bootstrapCi, type BootstrapCi, type BootstrapOptions } from '../metrics';
import { replicateInterval } from './reported-figure';

export interface JointDraws {
  /** Each figure on the stays as given. */
  estimates: Float64Array;
  /** replicates[f][r]: figure f in resample r (NaN where undefined). */
  replicates: Float64Array[];
}

/**
 * `figures(indices)` returns every figure for one set of stay indices (length n, repeats
 * allowed; the buffer is reused, so read it, do not keep it). bootstrapCi calls it once for
 * the estimate, then once per resample, in order: the calls are recorded as they come.
 */
export function jointBootstrap(
  n: number,
  options: BootstrapOptions,
  figures: (indices: Uint32Array) => ArrayLike<number>,
): JointDraws {
  const rows: Float64Array[] = [];
  bootstrapCi(
    (indices) => {
      rows.push(Float64Array.from(figures(indices)));
      return 0;
    },
    n,
    options,
  );
  const [estimates, ...draws] = rows;
  const count = estimates!.length;
  // No stays, no resamples drawn: report them all as skipped, as bootstrapCi does.
  while (draws.length < (options.resamples ?? 1000)) draws.push(new Float64Array(count).fill(NaN));
  return {
    estimates: estimates!,
    replicates: Array.from({ length: count }, (_, f) => Float64Array.from(draws, (row) => row[f]!)),
  };
}

/** Percentile intervals of every figure, in figure order. */
export function jointIntervals(draws: JointDraws, level = 0.95): BootstrapCi[] {
  return Array.from(draws.estimates, (estimate, f) =>
    replicateInterval(estimate, draws.replicates[f]!, level),
  );
}

/**
 * The same for figures named by key: `figures` returns a record, and so does the result.
 * The keys are those of the estimate, in its order.
 */
export function namedIntervals<K extends string>(
  n: number,
  options: BootstrapOptions,
  figures: (indices: Uint32Array) => Record<K, number>,
): Record<K, BootstrapCi> {
  let keys: K[] | null = null;
  const draws = jointBootstrap(n, options, (indices) => {
    const named = figures(indices);
    keys ??= Object.keys(named) as K[];
    return keys.map((k) => named[k]);
  });
  const intervals = jointIntervals(draws, options.level);
  return Object.fromEntries(keys!.map((k, f) => [k, intervals[f]!])) as Record<K, BootstrapCi>;
}
