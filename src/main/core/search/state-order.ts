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
 * The beam's order (method.md): higher score; then smaller |p_full − p| (with λ = 1 the
 * score is flat past the target, and this key picks the most faithful of the tied states);
 * then fewer units; then lexicographic unit ids. Total and deterministic.
 */
export function compareStates(
  a: Pick<ScoredState, 'score' | 'p' | 'units'>,
  b: Pick<ScoredState, 'score' | 'p' | 'units'>,
  pFull: number,
): number {
  if (Math.abs(a.score - b.score) > SCORE_TIE) return b.score - a.score;
  const gap = Math.abs(pFull - a.p) - Math.abs(pFull - b.p);
  if (gap !== 0) return gap;
  if (a.units.length !== b.units.length) return a.units.length - b.units.length;
  return compareUnitLists(a.units, b.units);
}

export function compareUnitLists(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
