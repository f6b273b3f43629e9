/**
 * What every ranking baseline returns, and how a budget k turns a ranking into an evidence
 * set. Keeping this shape shared lets the metrics treat Top-k, Random, Saliency, LIME and
 * KernelSHAP identically: each only decides the ORDER in which units would be added.
 */
export type RankingMethod = 'top-k' | 'random' | 'saliency' | 'lime' | 'kernel-shap';

export interface UnitRanking {
  method: RankingMethod;
  /** Every valid unit id of the stay (windows, then present chunks as ids), best first. */
  ranking: number[];
  /**
   * The method's score per unit, indexed by unit id (length hours + noteSlots); NaN where
   * the method scores nothing (padding note slots). Absent for Random.
   */
  scores?: Float64Array;
  /** Model queries (evidence masks) evaluated to build the ranking; 0 for Top-k / Random. */
  evaluations: number;
}

/**
 * The evidence set a budget k picks from a ranking: its first k units, returned ascending,
 * the order in which evidence sets are written everywhere else (search, metrics, store).
 * A budget larger than the stay's unit count takes every unit.
 */
export function selectTopK(ranking: readonly number[], k: number): number[] {
  if (!Number.isInteger(k) || k < 0)
    throw new RangeError(`budget k must be a whole number >= 0, got ${k}`);
  return ranking.slice(0, k).sort((a, b) => a - b);
}

/**
 * Orders units by descending score, ties (and only ties) broken by the smaller unit id, so
 * that a ranking never depends on sort stability or the order units were listed in. NaN
 * scores go last: a unit the method could not score should never outrank one it did.
 */
export function rankByScore(units: readonly number[], scoreOf: (unit: number) => number): number[] {
  return [...units].sort((a, b) => {
    const sa = scoreOf(a);
    const sb = scoreOf(b);
    const aNaN = Number.isNaN(sa);
    const bNaN = Number.isNaN(sb);
    if (aNaN !== bNaN) return aNaN ? 1 : -1;
    if (!aNaN && sa !== sb) return sb > sa ? 1 : -1;
    return a - b;
  });
}

/** A per-unit score array for a stay, NaN everywhere until a method fills valid units. */
export function emptyUnitScores(model: { hours: number; noteSlots: number }): Float64Array {
  return new Float64Array(model.hours + model.noteSlots).fill(Number.NaN);
}
