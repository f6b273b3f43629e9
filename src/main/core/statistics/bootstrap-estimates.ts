/**
 * The one bootstrap wrapper of the statistics layer: the metrics module's seeded percentile
 * bootstrap (metrics/bootstrap.ts) turned into JSON-safe Estimates, for one figure at a time
 * (`estimate`) or for many figures read off the same resamples (`namedEstimates`).
 *
 * Many figures share their inputs (every class's exhaustion rate comes out of one
 * exhaustionReport); one withCi per figure would recompute the shared work dozens of times
 * per resample. The joint bootstrap computes each resample once and reads every figure off
 * it. Its resamples are drawn by bootstrapCi with the caller's seed, so they are exactly the
 * resamples withCi draws for that seed, and the intervals use the same percentile rule: a
 * figure has the same interval whichever way it is bootstrapped.
 */
import type { Estimate, MissingReason } from '../../../shared/estimate';
import {
  bootstrapCi,
  withCi,
  type BootstrapCi,
  type BootstrapOptions,
  type Column,
  type Resampled,
} from './bootstrap';
import { quantileSorted } from './quantile';

/** A finite number as itself; NaN and ±Infinity as null. */
export function jsonNumber(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

function missingReason(x: number): MissingReason | null {
  if (Number.isNaN(x)) return 'undefined';
  return Number.isFinite(x) ? null : 'infinite';
}

/**
 * Whether a percentile interval can be shown: finite bounds with width, around its own
 * estimate. A bootstrap of few events collapses to a point (every resample the same), runs
 * to infinity (a resampled ratio over zero) or leaves out the estimate; none of these says
 * anything true about the uncertainty, so the interval is withheld instead (docs/method.md,
 * "Intervals").
 */
function showable(ci: BootstrapCi): boolean {
  const { estimate, lower, upper } = ci;
  if (!Number.isFinite(estimate) || !Number.isFinite(lower) || !Number.isFinite(upper))
    return false;
  // Bounds a rounding error apart (0.04999999999999993–0.05000000000000002) are a point too.
  const width = upper - lower;
  if (!(width > 1e-12 * Math.max(1, Math.abs(estimate)))) return false;
  return lower <= estimate && estimate <= upper;
}

/** A bootstrap interval from the metrics module, in its JSON-safe form (see `showable`). */
export function toEstimate(ci: BootstrapCi): Estimate {
  const shown = showable(ci);
  return {
    estimate: jsonNumber(ci.estimate),
    missing: missingReason(ci.estimate),
    lower: shown ? ci.lower : null,
    upper: shown ? ci.upper : null,
    method: shown ? 'bootstrap' : 'none',
    resamples: ci.resamples,
    skipped: ci.skipped,
  };
}

/** withCi over per-stay columns, straight to an Estimate. */
export function estimate<const C extends readonly Column[]>(
  metric: (...columns: { [K in keyof C]: Resampled<C[K]> }) => number,
  columns: C,
  options: BootstrapOptions,
): Estimate {
  return toEstimate(withCi(metric, columns, options));
}

/**
 * A percentile interval from recorded bootstrap replicates (NaN ones are skipped), with the
 * same quantile rule as bootstrapCi, for figures whose replicates are needed again (ratios).
 */
export function replicateInterval(
  estimate: number,
  replicates: ArrayLike<number>,
  level = 0.95,
): BootstrapCi {
  const kept = Float64Array.from(replicates).filter((v) => !Number.isNaN(v));
  kept.sort();
  return {
    estimate,
    lower: quantileSorted(kept, (1 - level) / 2),
    upper: quantileSorted(kept, (1 + level) / 2),
    resamples: replicates.length,
    skipped: replicates.length - kept.length,
  };
}

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
 * Figures named by key, bootstrapped jointly: `figures` returns a record for one set of stay
 * indices, and the result holds each figure's Estimate under the same key.
 */
export function namedEstimates<K extends string>(
  n: number,
  options: BootstrapOptions,
  figures: (indices: Uint32Array) => Record<K, number>,
): Record<K, Estimate> {
  let keys: K[] | null = null;
  const draws = jointBootstrap(n, options, (indices) => {
    const named = figures(indices);
    keys ??= Object.keys(named) as K[];
    return keys.map((k) => named[k]);
  });
  const intervals = jointIntervals(draws, options.level);
  return Object.fromEntries(keys!.map((k, f) => [k, toEstimate(intervals[f]!)])) as Record<
    K,
    Estimate
  >;
}
