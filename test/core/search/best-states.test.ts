/**
 * bestStates, the beam's selection, keeps exactly what sorting every child and keeping the
 * first B kept: on random children with ties on the λ = 1 plateau, equal p, equal sizes, and
 * on scores chained within 1e-9 (where it must defer to the sort).
 */
import { describe, expect, it } from 'vitest';
import { SCORE_TIE, bestStates, compareStates } from '../../../src/main/core/search/state-order';

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

type State = { score: number; p: number; units: number[] };

function children(count: number, next: () => number, scoreOf: (i: number) => number): State[] {
  const seen = new Set<string>();
  const out: State[] = [];
  while (out.length < count) {
    const units = [
      ...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => Math.floor(next() * 30))),
    ].sort((a, b) => a - b);
    if (seen.has(units.join())) continue;
    seen.add(units.join());
    out.push({ score: scoreOf(out.length), p: Math.round(next() * 8) / 8, units });
  }
  return out;
}

const sorted = (states: State[], count: number, pFull: number) =>
  [...states].sort((a, b) => compareStates(a, b, pFull)).slice(0, count);

describe('bestStates', () => {
  it('keeps what a full sort keeps, in the same order', () => {
    const next = random(5);
    for (let trial = 0; trial < 300; trial++) {
      // Few distinct score levels: many exact ties, broken by p, size and unit ids.
      const levels = 1 + Math.floor(next() * 5);
      const states = children(
        1 + Math.floor(next() * 120),
        next,
        () => Math.floor(next() * levels) / 10,
      );
      const count = 1 + Math.floor(next() * 10);
      expect(bestStates(states, count, 0.75)).toEqual(sorted(states, count, 0.75));
    }
  });

  it('defers to the sort when scores chain within the tie tolerance', () => {
    const next = random(9);
    const states = children(60, next, (i) => 1 + (i % 3) * 0.6 * SCORE_TIE);
    expect(bestStates(states, 8, 0.5)).toEqual(sorted(states, 8, 0.5));
    const withNaN = children(20, next, (i) => (i === 3 ? Number.NaN : i / 7));
    expect(bestStates(withNaN, 5, 0.5)).toEqual(sorted(withNaN, 5, 0.5));
  });
});
