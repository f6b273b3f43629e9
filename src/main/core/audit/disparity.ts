/**
 * Disparity of a subgroup against a reference group as a ratio, with a stratified bootstrap:
 * each group is resampled within itself (its size fixed), independently of every other
 * group, since the groups are disjoint samples. One resample gives every figure of a group at
 * once, so the interval of a bootstrapped figure and of each ratio that uses it come from the
 * same draws. Ratios of proportions use each side's Jeffreys posterior draws instead
 * (bias-jeffreys.ts), which never collapse to a point at 0 of m.
 */
import type { BootstrapCi } from '../metrics';
import { groupFigures } from './group-metrics';
import { jointBootstrap, type JointDraws } from './joint-bootstrap';
import { replicateInterval } from './reported-figure';
import type { StayColumns } from './stay-columns';

/** A group's figures (GROUP_FIGURES order) on the group and on each of its resamples. */
export type GroupDraws = JointDraws;

/**
 * A group's own seed: FNV-1a (32-bit) of its key, XOR the audit seed. Deterministic for the
 * audit seed, yet two groups of equal size do not share their index sequences (shared
 * draws would correlate the two sides of a ratio and narrow its interval falsely).
 */
export function groupSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(key)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash ^ seed) >>> 0;
}

/**
 * Every figure of the group at `members` (cohort indices), on the group and on `resamples`
 * resamples drawn within it (its size fixed).
 */
export function drawGroup(
  c: StayColumns,
  members: readonly number[],
  options: { threshold: number; bins: number; seed: number; resamples: number },
): GroupDraws {
  const mapped = new Uint32Array(members.length);
  return jointBootstrap(
    members.length,
    { seed: options.seed, resamples: options.resamples },
    (indices) => {
      for (let j = 0; j < indices.length; j++) mapped[j] = members[indices[j]!]!;
      return groupFigures(c, mapped, options.threshold, options.bins);
    },
  );
}

/**
 * Two-sided bootstrap p-value of log(ratio) = 0 from the resampled ratios (NaN ones left
 * out): p = min(1, 2·min((1 + #{ratio ≤ 1}) / (1 + R), (1 + #{ratio ≥ 1}) / (1 + R))), R the
 * defined resamples. It inverts the percentile interval (p < 0.05 about when the 95% interval
 * excludes 1); the +1s keep it away from 0, so its floor is 2 / (R + 1). Ratios of exactly 1
 * count on both sides (conservative for discrete figures); ±∞ count on their side. NaN when
 * no resample is defined.
 */
export function bootstrapPValue(ratios: ArrayLike<number>): number {
  let defined = 0;
  let atMostOne = 0;
  let atLeastOne = 0;
  for (let r = 0; r < ratios.length; r++) {
    const x = ratios[r]!;
    if (Number.isNaN(x)) continue;
    defined++;
    if (x <= 1) atMostOne++;
    if (x >= 1) atLeastOne++;
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
