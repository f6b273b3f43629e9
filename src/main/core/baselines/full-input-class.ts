/**
 * The full-input decision that LIME, KernelSHAP and exhaustive enumeration explain.
 * Attributions are taken "toward the full-input class" so that for a negative prediction a
 * unit that pushes p DOWN ranks first, exactly as ToE's confidence C(m) rewards it.
 */
export interface FullInputClass {
  pFull: number;
  /** ŷ_full: 1 iff p_full >= the decision threshold (method.md, "Predictor"). */
  yFull: 0 | 1;
}

/** 0.5 unless a run says otherwise; recorded with every run (method.md). */
export const DEFAULT_DECISION_THRESHOLD = 0.5;

export function fullInputClass(
  pFull: number,
  threshold = DEFAULT_DECISION_THRESHOLD,
): FullInputClass {
  return { pFull, yFull: pFull >= threshold ? 1 : 0 };
}

/** C(m): the probability the model gives the full-input class under mask m. */
export function confidenceToward(yFull: 0 | 1, p: number): number {
  return yFull === 1 ? p : 1 - p;
}
