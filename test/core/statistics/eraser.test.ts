import { describe, expect, it } from 'vitest';
import {
  aopc,
  comprehensiveness,
  eraserComprehensiveness,
  eraserSufficiency,
} from '../../../src/main/core/statistics';

describe('ERASER sufficiency and comprehensiveness', () => {
  it('sufficiency = mean Pr(ŷ | full) − Pr(ŷ | only m_sel)', () => {
    // Stay 1, ŷ = 1: .9 − .95 = −.05;  stay 2, ŷ = 0: (1 − .2) − (1 − .4) = .2;  mean .075
    expect(eraserSufficiency([0.9, 0.2], [0.95, 0.4], [1, 0])).toBeCloseTo(0.075, 15);
  });

  it('comprehensiveness is the method.md comprehensiveness', () => {
    const args = [
      [0.9, 0.2, 0.7],
      [0.6, 0.3, 0.1],
      [1, 0, 1],
    ] as const;
    expect(eraserComprehensiveness(...args)).toBe(comprehensiveness(...args));
  });
});

describe('aopc', () => {
  it('averages the confidence drop over stays × budgets, budgets sorted, no k = 0 term', () => {
    // p_full [.9, .2], ŷ [1, 0] → Pr(ŷ | full) = [.9, .8]
    // k = 1: p [.5, .6] → Pr(ŷ) [.5, .4] → drops .4, .4 → point .4
    // k = 5: p [.3, .9] → Pr(ŷ) [.3, .1] → drops .6, .7 → point .65
    // score = (.4 + .4 + .6 + .7) / 4 = .525
    const result = aopc(
      [0.9, 0.2],
      [1, 0],
      [
        { budget: 5, probs: [0.3, 0.9] },
        { budget: 1, probs: [0.5, 0.6] },
      ],
    );
    expect(result.budgets).toEqual([1, 5]);
    expect(result.points[0]).toBeCloseTo(0.4, 15);
    expect(result.points[1]).toBeCloseTo(0.65, 15);
    expect(result.score).toBeCloseTo(0.525, 15);
  });

  it('refuses no budget, a repeated budget, or a budget missing stays', () => {
    expect(() => aopc([0.9], [1], [])).toThrow(/at least one budget/);
    expect(() =>
      aopc(
        [0.9],
        [1],
        [
          { budget: 1, probs: [0.5] },
          { budget: 1, probs: [0.4] },
        ],
      ),
    ).toThrow(/given twice/);
    expect(() => aopc([0.9, 0.1], [1, 0], [{ budget: 1, probs: [0.5] }])).toThrow(RangeError);
  });

  it('is NaN over no stays', () => {
    const result = aopc([], [], [{ budget: 1, probs: [] }]);
    expect(result.score).toBeNaN();
    expect(result.points[0]).toBeNaN();
  });
});
