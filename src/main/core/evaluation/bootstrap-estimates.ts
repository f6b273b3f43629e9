/**
 * Bootstrap estimates as the result JSON holds them, and the small statistics (means and
 * shares within a subgroup) that the sections bootstrap. Every interval of an evaluation
 * uses the same options, so each is reproducible from the recorded seed.
 */
import { withCi, type BootstrapCi, type BootstrapOptions, type Column } from '../metrics';
import type { Resampled } from '../metrics/bootstrap';
import type { Estimate } from '../../../shared/charts';

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** A BootstrapCi as JSON: undefined figures (NaN, an infinite ratio) become null. */
export function toEstimate(ci: BootstrapCi): Estimate {
  return {
    estimate: finiteOrNull(ci.estimate),
    lower: finiteOrNull(ci.lower),
    upper: finiteOrNull(ci.upper),
  };
}

/** withCi, straight to an Estimate. */
export function estimate<const C extends readonly Column[]>(
  metric: (...columns: { [K in keyof C]: Resampled<C[K]> }) => number,
  columns: C,
  options: BootstrapOptions,
): Estimate {
  return toEstimate(withCi(metric, columns, options));
}

/** Mean of `values` over the stays where `keep` is 1; NaN if there are none. */
export function meanWhere(values: ArrayLike<number>, keep: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (keep[i] !== 1) continue;
    sum += values[i]!;
    n++;
  }
  return n > 0 ? sum / n : NaN;
}

/** Mean of `values`; NaN for none. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length > 0 ? sum / values.length : NaN;
}

/** 1 where a and b agree, else 0: e.g. the full model was right (ŷ_full = label). */
export function agreement(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: a.length }, (_, i) => (a[i] === b[i] ? 1 : 0));
}

/** 1 − x, elementwise, for 0/1 columns. */
export function complementOf(flags: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: flags.length }, (_, i) => 1 - flags[i]!);
}
