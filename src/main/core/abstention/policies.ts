/**
 * The review scores of the abstention policies (higher = more likely wrong) and the fits of
 * those that learn something on the validation split. docs/abstention.md explains each.
 *
 *   error-probability  the model's own estimate that its decision is wrong: 1 − p_full for
 *               an alert, p_full otherwise; no search, no fit of its own (the reference).
 *   exhausted   the paper's rule: exhausted searches first, then smaller confidence margin.
 *   confidence  −|logit p_full − logit t|: distance from the threshold, no search, no fit.
 *   toe-tuned   the search's stopping rule replayed on the leader's path with thresholds set
 *               relative to the decision threshold, tuned on validation.
 *   learned     a logistic model of error on confidence and trace features (learned.ts).
 *   guaranteed  the error-probability score with the guaranteed cut (guarantee.ts).
 * "No fit of its own" is not "nothing from validation": p_full is calibrated and t chosen on
 * the validation split (docs/abstention.md, "What each policy takes from validation").
 */
import { fixed } from './format';
import { isError, fullMargin, margin } from './margin';
import type { PolicyStay } from './policy-stay';
import { aurc } from './risk-coverage';

/**
 * Added to an exhausted stay's score so that every exhausted stay ranks above every
 * converged one: a clamped margin is at most 2 · logit(1 − 1e-12) ≈ 55.3 (margin.ts).
 */
export const EXHAUSTED_OFFSET = 100;

/** exhausted: (100 if exhausted else 0) − m(p_full). */
export function exhaustedScores(stays: readonly PolicyStay[]): Float64Array {
  return Float64Array.from(
    stays,
    (s) => (s.status === 'exhausted' ? EXHAUSTED_OFFSET : 0) - fullMargin(s),
  );
}

/**
 * error-probability: P(decision wrong) as the model estimates it, 1 − p_full when ŷ = 1 and
 * p_full when ŷ = 0. Unlike the logit distance it tells an alert just above a low threshold
 * (wrong two times in three) from a negative just below it (wrong one time in three).
 */
export function errorProbabilityScores(stays: readonly PolicyStay[]): Float64Array {
  return Float64Array.from(stays, (s) => (s.yFull === 1 ? 1 - s.pFull : s.pFull));
}

/** confidence: −|logit p_full − logit t|. */
export function confidenceScores(stays: readonly PolicyStay[]): Float64Array {
  return Float64Array.from(stays, (s) => -Math.abs(fullMargin(s)));
}

// --- toe-tuned -------------------------------------------------------------------------

/**
 * The grid of stability tolerances b (logits) toe-tuned chooses from, fixed in advance so
 * that the choice costs little: the one with the lowest validation AURC.
 */
export const TOE_TUNED_B_GRID: readonly number[] = [0.25, 0.5, 1, 2];

/**
 * a*(b) when no step's leader came within b of p_full: stands for −∞ (the stay converges
 * under no a), finite so that scores stay plain JSON; below any clamped margin (≥ −55.3).
 */
export const NEVER_WITHIN_B = -1000;

/**
 * a*(b): the largest margin m(p_s) over the steps s whose leader is within b logits of
 * p_full (|logit p_s − logit p_full| ≤ b). The stay converges under (a, b), replayed on its
 * leader path, iff a*(b) ≥ a: some step's leader has margin ≥ a and is within b of p_full.
 */
export function bestAdmissibleMargin(stay: PolicyStay, b: number): number {
  let best = NEVER_WITHIN_B;
  const target = fullMargin(stay);
  for (const p of stay.leaderPath) {
    const m = margin(p, stay);
    // m(p_s) − m(p_full) = ±(logit p_s − logit p_full): the stability distance in logits.
    if (Math.abs(m - target) <= b + 1e-12 && m > best) best = m;
  }
  return best;
}

/** toe-tuned's score at tolerance b: −a*(b) (1000 when no leader came within b). */
export function toeTunedScores(stays: readonly PolicyStay[], b: number): Float64Array {
  return Float64Array.from(stays, (s) => -bestAdmissibleMargin(s, b));
}

export interface ToeTunedFit {
  /** The chosen tolerance b (logits), and the validation AURC of every b on the grid. */
  b: number;
  grid: number[];
  validationAurc: number[];
  /**
   * The confidence threshold a (logits above the decision threshold): a stay is flagged iff
   * a*(b) < a. null under a 'max-error' budget, where the guaranteed cut on the score decides.
   */
  a: number | null;
  /** Validation stays flagged by (a, b), of how many. */
  flaggedValidation: number;
  validationStays: number;
}

/**
 * Fit toe-tuned on the validation stays: b with the lowest validation AURC (ties: the
 * smaller b), then a = the cut that flags at most `share` of the validation stays: the
 * (k + 1)-th smallest a*(b) with k = ⌊share · n⌋, so that exactly the stays with a*(b) < a
 * are flagged (fewer than k when a*(b) ties at the cut; 1000 when k = n, flagging every
 * stay). `share` null (a max-error budget) leaves a to the guaranteed cut.
 */
export function fitToeTuned(validation: readonly PolicyStay[], share: number | null): ToeTunedFit {
  const errors = validation.map((s) => (isError(s) ? 1 : 0));
  const validationAurc = TOE_TUNED_B_GRID.map((b) => aurc(toeTunedScores(validation, b), errors));
  let chosen = 0;
  validationAurc.forEach((v, i) => {
    if (v < validationAurc[chosen]!) chosen = i;
  });
  const b = TOE_TUNED_B_GRID[chosen]!;
  const base = {
    b,
    grid: [...TOE_TUNED_B_GRID],
    validationAurc,
    validationStays: validation.length,
  };
  if (share === null) return { ...base, a: null, flaggedValidation: 0 };
  const stars = validation.map((s) => bestAdmissibleMargin(s, b)).sort((x, y) => x - y);
  const k = Math.floor(share * stars.length + 1e-9);
  const a = k >= stars.length ? -NEVER_WITHIN_B : stars[k]!;
  return { ...base, a, flaggedValidation: stars.filter((v) => v < a).length };
}

/** toe-tuned's own flags: a*(b) < a. */
export function toeTunedFlags(stays: readonly PolicyStay[], fit: ToeTunedFit): boolean[] | null {
  if (fit.a === null) return null;
  const a = fit.a;
  return stays.map((s) => bestAdmissibleMargin(s, fit.b) < a);
}

export function describeToeTuned(fit: ToeTunedFit): string {
  const grid = fit.grid.map((b, i) => `${b}: ${fixed(fit.validationAurc[i]!, 4)}`).join(', ');
  const head = `stability tolerance b = ${fit.b} logits around p_full (lowest validation AURC of ${grid})`;
  if (fit.a === null) return `${head}; the cut comes from the max-error budget`;
  return (
    `${head}; confidence threshold a = ${fixed(fit.a, 3)} logits beyond the decision threshold, ` +
    `flagging ${fit.flaggedValidation} of ${fit.validationStays} validation stays`
  );
}
