/**
 * The ratio of one figure between two independent samples (a subgroup and its reference),
 * from paired independent draws of each side (bootstrap or posterior): its percentile
 * interval and a two-sided p-value of "no difference".
 */
import type { BootstrapCi } from './bootstrap';
import { replicateInterval } from './bootstrap-estimates';

/**
 * Two-sided bootstrap p-value of log(ratio) = 0 from the resampled ratios (NaN ones left
 * out): p = min(1, 2·min((1 + #{ratio ≤ 1}) / (1 + R), (1 + #{ratio ≥ 1}) / (1 + R))), R the
 * defined resamples. It inverts the percentile interval (p < 0.05 about when the 95% interval
 * excludes 1); the +1s keep it away from 0, so its floor is 2 / (R + 1). Ratios of exactly 1
 * count on both sides (conservative for discrete figures); ±∞ count on their side. NaN when
 * no resample is defined. `nullValue` (default 1) is the value of "no difference": 0 for
 * resampled differences.
 */
export function bootstrapPValue(ratios: ArrayLike<number>, nullValue = 1): number {
  let defined = 0;
  let atMostOne = 0;
  let atLeastOne = 0;
  for (let r = 0; r < ratios.length; r++) {
    const x = ratios[r]!;
    if (Number.isNaN(x)) continue;
    defined++;
    if (x <= nullValue) atMostOne++;
    if (x >= nullValue) atLeastOne++;
  }
  if (defined === 0) return NaN;
  const tail = Math.min(atMostOne + 1, atLeastOne + 1) / (defined + 1);
  return Math.min(1, 2 * tail);
}

export interface RatioTest {
  /** group / reference, with its percentile interval over paired independent draws. */
  ratio: BootstrapCi;
  /** bootstrapPValue of the drawn ratios; NaN when the comparison cannot be tested. */
  pValue: number;
}

/** One side of a ratio: its figure on the data and its draws (bootstrap or posterior). */
export interface RatioSide {
  estimate: number;
  draws: ArrayLike<number>;
}

/**
 * Ratio of a figure of `group` to the same figure of `reference`: draw r of the group over
 * draw r of the reference (the two are independent), its percentile interval and p-value.
 */
export function ratioTest(group: RatioSide, reference: RatioSide, level = 0.95): RatioTest {
  const g = group.draws;
  const ref = reference.draws;
  const ratios = Float64Array.from({ length: g.length }, (_, r) => g[r]! / ref[r]!);
  const estimate = group.estimate / reference.estimate;
  return {
    ratio: replicateInterval(estimate, ratios, level),
    // A disparity that is undefined on the data itself (0/0) is not tested at all.
    pValue: Number.isNaN(estimate) ? NaN : bootstrapPValue(ratios),
  };
}
