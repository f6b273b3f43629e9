/**
 * Margins in logit space, the unit every abstention policy measures confidence in.
 *
 * The margin of a probability p relative to the decision threshold t, signed toward the
 * run's decision ŷ_full: m(p) = logit p − logit t when ŷ_full = 1, logit t − logit p when
 * ŷ_full = 0. It is ≥ 0 for p_full itself (the decision is p_full ≥ t) and grows with how
 * far p_full is from the threshold; for any other p (a leader of the search, p(E),
 * p(all but E)) it is negative when that p would have decided the other way.
 *
 * Probabilities are clamped to [1e-12, 1 − 1e-12] before the logit, so a saturated model
 * output (a float32 sigmoid returns exactly 1 above z ≈ 17) gives a finite margin of at most
 * 2 · logit(1 − 1e-12) ≈ 55.3 instead of Infinity.
 */
import { logit as modelLogit } from '../models/stay-model';
import type { PolicyStay } from './policy-stay';

/**
 * The model's logit (p clamped to [1e-12, 1 − 1e-12]), refusing what is not a probability:
 * a NaN here would silently reorder a whole queue.
 */
export function logit(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`logit: p must be in [0, 1], got ${p}`);
  return modelLogit(p);
}

/** m(p) for a stay: the logit distance of p from the stay's threshold, toward ŷ_full. */
export function margin(p: number, stay: Pick<PolicyStay, 'threshold' | 'yFull'>): number {
  const d = logit(p) - logit(stay.threshold);
  return stay.yFull === 1 ? d : -d;
}

/** The margin of p_full (≥ 0 for consistent input): the model's own confidence. */
export function fullMargin(stay: PolicyStay): number {
  return margin(stay.pFull, stay);
}

/** Whether the run's decision was wrong: ŷ_full ≠ label. */
export function isError(stay: Pick<PolicyStay, 'yFull' | 'label'>): boolean {
  return stay.yFull !== stay.label;
}

/**
 * Throws unless every stay is well-formed: labels and decisions 0/1, probabilities in
 * [0, 1], a threshold in (0, 1), ŷ_full = [p_full ≥ t], and unique stay ids. Every exported
 * entry point calls it first, so a malformed run fails loudly instead of skewing a figure.
 */
export function checkStays(name: string, stays: readonly PolicyStay[]): void {
  const seen = new Set<number>();
  for (const s of stays) {
    const where = `${name}: stay ${s.stayId}`;
    if (seen.has(s.stayId)) throw new RangeError(`${where} appears twice`);
    seen.add(s.stayId);
    if (s.label !== 0 && s.label !== 1) throw new RangeError(`${where}: label ${s.label}`);
    if (s.yFull !== 0 && s.yFull !== 1) throw new RangeError(`${where}: yFull ${s.yFull}`);
    if (!(s.threshold > 0 && s.threshold < 1))
      throw new RangeError(`${where}: threshold ${s.threshold} outside (0, 1)`);
    for (const [field, p] of [
      ['pFull', s.pFull],
      ['pEvidence', s.pEvidence],
      ['pWithoutEvidence', s.pWithoutEvidence],
    ] as const) {
      if (!(p >= 0 && p <= 1)) throw new RangeError(`${where}: ${field} ${p} outside [0, 1]`);
    }
    for (const p of s.leaderPath) {
      if (!(p >= 0 && p <= 1)) throw new RangeError(`${where}: leader p ${p} outside [0, 1]`);
    }
    if ((s.pFull >= s.threshold ? 1 : 0) !== s.yFull)
      throw new RangeError(
        `${where}: yFull ${s.yFull} disagrees with pFull ${s.pFull} ≥ threshold ${s.threshold}`,
      );
  }
}
