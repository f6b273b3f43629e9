/**
 * The spurious audit's figures with 95% CIs (exact for shares of stays, else bootstrap): per model and flag group, convergence
 * rate (also among reachable stays: method.md's caveat), evidence size and AUROC; and the
 * paired comparison corrupted vs clean on matched stays — how much more evidence the
 * corrupted model needs and how far its convergence rate drops.
 */
import {
  auroc,
  mean,
  meanWhere,
  type BootstrapOptions,
  estimate,
  flaggedShareEstimate,
} from '../statistics';
import {
  FLAG_GROUPS,
  type ArmGroup,
  type FlagGroup,
  type SpuriousComparison,
} from '../../../shared/charts';
import type { ArmStay, AuditedArm } from './spurious-audit';

const inGroup = (stay: ArmStay, flag: FlagGroup) => flag === 'all' || stay.flag === flag;
const ones = (stays: readonly ArmStay[], pick: (s: ArmStay) => boolean) =>
  Float64Array.from(stays, (s) => (pick(s) ? 1 : 0));

/** One model's figures within each flag group. */
export function armGroups(arm: AuditedArm, ci: BootstrapOptions): ArmGroup[] {
  return FLAG_GROUPS.map((flag) => {
    const stays = arm.stays.filter((s) => inGroup(s, flag));
    const converged = ones(stays, (s) => s.converged);
    const reachable = ones(stays, (s) => s.reachable);
    const sizes = Float64Array.from(stays, (s) => s.size);
    const pFull = Float64Array.from(stays, (s) => s.pFull);
    const labels = Uint8Array.from(stays, (s) => s.label);
    return {
      flag,
      stays: stays.length,
      // Shares of stays: exact intervals, as every count of stays gets.
      convergenceRate: flaggedShareEstimate(converged, undefined, ci.level),
      convergenceRateReachable: flaggedShareEstimate(converged, reachable, ci.level),
      reachableShare: flaggedShareEstimate(reachable, undefined, ci.level),
      meanSize: estimate((s) => mean(s), [sizes], ci),
      meanSizeConverged: estimate((s, c) => meanWhere(s, c), [sizes, converged], ci),
      auroc: estimate((p, y) => auroc(p, y), [pFull, labels], ci),
    };
  });
}

/** Corrupted against clean within each flag group, over the stays both arms audited. */
export function compareArms(
  clean: AuditedArm,
  corrupted: AuditedArm,
  ci: BootstrapOptions,
): SpuriousComparison[] {
  const twins = new Map(corrupted.stays.map((s) => [s.stayKey, s]));
  const pairs = clean.stays.flatMap((a) => {
    const b = twins.get(a.stayKey);
    return b ? [{ clean: a, corrupted: b }] : [];
  });
  return FLAG_GROUPS.map((flag) => {
    const group = pairs.filter((p) => inGroup(p.corrupted, flag));
    const sizeA = Float64Array.from(group, (p) => p.clean.size);
    const sizeB = Float64Array.from(group, (p) => p.corrupted.size);
    const convA = Float64Array.from(group, (p) => (p.clean.converged ? 1 : 0));
    const convB = Float64Array.from(group, (p) => (p.corrupted.converged ? 1 : 0));
    return {
      flag,
      stays: group.length,
      sizeRatio: estimate((a, b) => mean(b) / mean(a), [sizeA, sizeB], ci),
      convergedSizeRatio: estimate(
        (a, b, ca, cb) => meanWhere(b, cb) / meanWhere(a, ca),
        [sizeA, sizeB, convA, convB],
        ci,
      ),
      convergenceDrop: estimate((ca, cb) => mean(ca) - mean(cb), [convA, convB], ci),
    };
  });
}
