/**
 * A subgroup's draws for its disparity against a reference group, with a stratified
 * bootstrap: each group is resampled within itself (its size fixed), independently of every
 * other group, since the groups are disjoint samples. One resample gives every figure of a
 * group at once, so the interval of a bootstrapped figure and of each ratio that uses it come
 * from the same draws. The ratio test itself is statistics/ratio-test.ts; ratios of
 * proportions use each side's Jeffreys posterior draws instead (statistics/jeffreys-draws.ts),
 * which never collapse to a point at 0 of m.
 */
import { jointBootstrap, type JointDraws } from './bootstrap-estimates';
import { groupFigures } from './group-metrics';
import type { EvidenceOutcomes } from './outcome-columns';

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
  c: EvidenceOutcomes,
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
