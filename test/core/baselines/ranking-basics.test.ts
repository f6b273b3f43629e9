import { describe, expect, it } from 'vitest';
import { randomRanking } from '../../../src/main/core/baselines/random';
import { topKRanking } from '../../../src/main/core/baselines/top-k';
import { rankByScore, selectTopK } from '../../../src/main/core/baselines/unit-ranking';
import { allUnits } from '../../../src/main/core/models/stay-model';
import { ToyStayModel } from '../../support/toy-stay-model';

// 4 windows (ids 0-3) and 3 note slots (ids 4-6) of which slot 1 (id 5) is padding.
const model = () =>
  new ToyStayModel({
    tsWeights: [0.5, -2, 1, 0.3],
    noteWeights: [0.7, 0, 1.5],
    presentNotes: [0, 2],
    selector: { ts: [0.2, 0.9, 0.9, 0.1], note: [0.5, 99, 0.95] },
  });

describe('selectTopK and rankByScore', () => {
  it('takes the first k of a ranking and returns them ascending', () => {
    expect(selectTopK([6, 1, 2, 4], 3)).toEqual([1, 2, 6]);
    expect(selectTopK([6, 1], 5)).toEqual([1, 6]);
    expect(selectTopK([6, 1], 0)).toEqual([]);
    expect(() => selectTopK([1], -1)).toThrow(RangeError);
    expect(() => selectTopK([1], 1.5)).toThrow(RangeError);
  });

  it('orders by score, breaks ties by unit id whatever the input order, and puts NaN last', () => {
    const scores: Record<number, number> = {
      7: 1,
      3: 2,
      5: 1,
      1: Number.NaN,
      2: Number.NEGATIVE_INFINITY,
    };
    expect(rankByScore([7, 5, 3, 1, 2], (u) => scores[u]!)).toEqual([3, 5, 7, 2, 1]);
    expect(rankByScore([2, 1, 3, 5, 7], (u) => scores[u]!)).toEqual([3, 5, 7, 2, 1]);
  });
});

describe('Top-k ranking', () => {
  it('ranks valid units by selector score, ties to the smaller id, never a padding slot', async () => {
    // Scores by id: 0:.2 1:.9 2:.9 3:.1 4:.5 6:.95 (id 5 is padding, score -inf despite 99).
    const toy = model();
    const result = await topKRanking(toy);
    expect(result.ranking).toEqual([6, 1, 2, 4, 0, 3]);
    expect(selectTopK(result.ranking, 1)).toEqual([6]);
    expect(selectTopK(result.ranking, 3)).toEqual([1, 2, 6]);
    expect(result.scores![5]).toBeNaN();
    expect(result.scores![1]).toBeCloseTo(0.9, 6);
    expect(result.evaluations).toBe(0);
    expect(toy.calls).toEqual([]);
  });

  it('falls back to id order when every score ties', async () => {
    const toy = new ToyStayModel({
      tsWeights: [1, 1, 1],
      selector: { ts: [0.4, 0.4, 0.4], note: [] },
    });
    expect((await topKRanking(toy)).ranking).toEqual([0, 1, 2]);
  });
});

describe('Random selection', () => {
  const wide = new ToyStayModel({
    tsWeights: [0, 0, 0, 0, 0, 0],
    noteWeights: [0, 0, 0, 0],
    presentNotes: [1, 3],
  });
  const valid = allUnits(wide); // [0..5, 7, 9]

  it('is a permutation of the valid units only: padding slots 6 and 8 never appear', () => {
    expect(valid).toEqual([0, 1, 2, 3, 4, 5, 7, 9]);
    for (let stream = 0; stream < 200; stream++) {
      const { ranking, evaluations } = randomRanking(wide, { seed: 7, stream });
      expect([...ranking].sort((a, b) => a - b)).toEqual(valid);
      expect(evaluations).toBe(0);
    }
  });

  it('is reproducible from (seed, stream) and differs across stays and seeds', () => {
    const a = randomRanking(wide, { seed: 7, stream: 3 }).ranking;
    expect(randomRanking(wide, { seed: 7, stream: 3 }).ranking).toEqual(a);
    expect(randomRanking(wide, { seed: 7, stream: 4 }).ranking).not.toEqual(a);
    expect(randomRanking(wide, { seed: 8, stream: 3 }).ranking).not.toEqual(a);
    expect(() => randomRanking(wide, { seed: 0.5 })).toThrow(RangeError);
  });

  it('picks each valid unit first about equally often (uniform)', () => {
    // 4,000 stays, 8 units: 500 expected each, sd ≈ 21; ±100 is ~5 sd.
    const firsts = new Map<number, number>();
    for (let stream = 0; stream < 4000; stream++) {
      const first = randomRanking(wide, { seed: 1, stream }).ranking[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    expect([...firsts.keys()].sort((a, b) => a - b)).toEqual(valid);
    for (const count of firsts.values()) expect(Math.abs(count - 500)).toBeLessThan(100);
  });
});
