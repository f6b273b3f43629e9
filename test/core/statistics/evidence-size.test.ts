import { describe, expect, it } from 'vitest';
import { evidenceSizeDistribution } from '../../../src/main/core/statistics';

// Six stays:        0  1  2  3  4  5
const sizes = [1, 5, 5, 2, 5, 3];
const labels = [0, 1, 0, 0, 1, 1];
const yFull = [0, 1, 1, 0, 0, 1];
// correct?          y  y  n  y  n  y

describe('evidenceSizeDistribution', () => {
  it('splits |E| by outcome and by correctness on a shared 0..maxSize axis', () => {
    const d = evidenceSizeDistribution(sizes, labels, yFull, 5);
    expect(d.maxSize).toBe(5);
    // All: [1, 5, 5, 2, 5, 3] → mean 21/6 = 3.5; sorted 1 2 3 5 5 5 → median (3 + 5)/2 = 4.
    expect(d.all).toEqual({ n: 6, histogram: [0, 1, 1, 1, 0, 3], mean: 3.5, median: 4 });
    // Correct: stays 0, 1, 3, 5 → [1, 5, 2, 3]: mean 11/4, median (2 + 3)/2.
    expect(d.byCorrectness.correct).toEqual({
      n: 4,
      histogram: [0, 1, 1, 1, 0, 1],
      mean: 2.75,
      median: 2.5,
    });
    // Incorrect: stays 2, 4 → [5, 5]: both exhausted the budget.
    expect(d.byCorrectness.incorrect).toEqual({
      n: 2,
      histogram: [0, 0, 0, 0, 0, 2],
      mean: 5,
      median: 5,
    });
    // Outcome 1: stays 1, 4, 5 → [5, 5, 3]: mean 13/3, median 5.
    expect(d.byOutcome.positive.histogram).toEqual([0, 0, 0, 1, 0, 2]);
    expect(d.byOutcome.positive.mean).toBeCloseTo(13 / 3, 15);
    expect(d.byOutcome.positive.median).toBe(5);
    // Outcome 0: stays 0, 2, 3 → [1, 5, 2]: mean 8/3, median 2.
    expect(d.byOutcome.negative.mean).toBeCloseTo(8 / 3, 15);
    expect(d.byOutcome.negative.median).toBe(2);
  });

  it('defaults maxSize to the largest size, and can widen the axis to the budget', () => {
    expect(evidenceSizeDistribution(sizes, labels, yFull).maxSize).toBe(5);
    expect(evidenceSizeDistribution(sizes, labels, yFull, 7).all.histogram).toHaveLength(8);
  });

  it('reports an empty group as n = 0 with NaN mean and median', () => {
    const d = evidenceSizeDistribution([2, 3], [1, 1], [1, 1]);
    expect(d.byCorrectness.incorrect.n).toBe(0);
    expect(d.byCorrectness.incorrect.histogram).toEqual([0, 0, 0, 0]);
    expect(d.byCorrectness.incorrect.mean).toBeNaN();
    expect(d.byCorrectness.incorrect.median).toBeNaN();
  });

  it('refuses sizes above maxSize and non-integer sizes instead of clipping them', () => {
    expect(() => evidenceSizeDistribution(sizes, labels, yFull, 4)).toThrow(/exceeds maxSize/);
    expect(() => evidenceSizeDistribution([1.5], [1], [1])).toThrow(RangeError);
  });
});
