/**
 * Means over stays and within a subgroup of them: the small statistics (a mean |E|, a share
 * of converged searches) that reports bootstrap beside the named metrics.
 */
import type { Numbers } from './inputs';

/** Mean of `values`; NaN for none. */
export function mean(values: Numbers): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length > 0 ? sum / values.length : NaN;
}

/** Mean of `values` over the stays where `keep` is 1; NaN if there are none. */
export function meanWhere(values: Numbers, keep: Numbers): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (keep[i] !== 1) continue;
    sum += values[i]!;
    n++;
  }
  return n > 0 ? sum / n : NaN;
}
