import type { StateScore } from './objective';

export interface ScoredState extends StateScore {
  /** Unit ids, ascending. */
  units: number[];
  /** The units joined by commas: the de-duplication key. */
  key: string;
  /** The beam state this one was first expanded from; null for the start state. */
  parent: number[] | null;
}

/** Scores closer than this count as equal, so floating-point noise never decides. */
export const SCORE_TIE = 1e-9;

/**
 * How tied scores are ordered. 'faithful' (method.md, the product's default): the smaller
 * |p_full − p| first; with λ = 1 the score is flat past the target, and this key picks the
 * most faithful of the tied states, which is the fidelity metric itself, so it flatters
 * ToE's fidelity on that plateau. 'score-only': the paper's algorithm, which orders by score
 * alone; ties then fall to the size and unit-id keys (deterministically, not by rounding).
 */
export type StateOrder = 'faithful' | 'score-only';

/**
 * The beam's order: higher score; then (in the 'faithful' order) smaller |p_full − p|; then
 * fewer units; then lexicographic unit ids. Total and deterministic.
 */
export function compareStates(
  a: Pick<ScoredState, 'score' | 'p' | 'units'>,
  b: Pick<ScoredState, 'score' | 'p' | 'units'>,
  pFull: number,
  order: StateOrder = 'faithful',
): number {
  if (Math.abs(a.score - b.score) > SCORE_TIE) return b.score - a.score;
  const gap = order === 'faithful' ? Math.abs(pFull - a.p) - Math.abs(pFull - b.p) : 0;
  if (gap !== 0) return gap;
  if (a.units.length !== b.units.length) return a.units.length - b.units.length;
  return compareUnitLists(a.units, b.units);
}

export function compareUnitLists(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * The first `count` states in the beam's order, exactly as sorting them all would give.
 * Sorting every child was a visible share of the search's own time; selecting the best few
 * is linear. The order is a total one unless scores form a chain of near-ties (a ≈ b ≈ c
 * within SCORE_TIE with a ≉ c: "within 1e-9" is not transitive), and then a different
 * algorithm could keep different states; so if the scores hold such a chain, or a NaN, the
 * full sort decides, as it always did.
 */
export function bestStates<S extends Pick<ScoredState, 'score' | 'p' | 'units'>>(
  states: readonly S[],
  count: number,
  pFull: number,
  stateOrder: StateOrder = 'faithful',
): S[] {
  const order = (a: S, b: S) => compareStates(a, b, pFull, stateOrder);
  if (!scoresAreTotal(states)) return [...states].sort(order).slice(0, count);
  const best: S[] = [];
  for (const state of states) {
    if (best.length === count && order(state, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && order(state, best[at - 1]!) < 0) at--;
    best.splice(at, 0, state);
    if (best.length > count) best.pop();
  }
  return best;
}

/** True if scores fall into clusters of span ≤ SCORE_TIE separated by gaps > SCORE_TIE. */
function scoresAreTotal(states: readonly Pick<ScoredState, 'score'>[]): boolean {
  const scores = new Float64Array(states.length);
  for (let i = 0; i < states.length; i++) scores[i] = states[i]!.score;
  scores.sort();
  let clusterStart = scores[0];
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i]!)) return false;
    if (i === 0) continue;
    if (scores[i]! - scores[i - 1]! > SCORE_TIE) clusterStart = scores[i];
    else if (scores[i]! - clusterStart! > SCORE_TIE) return false;
  }
  return true;
}
