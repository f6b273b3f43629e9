/**
 * Observed ÷ expected events: Garwood's interval and the conditional binomial, against scipy
 * (chi2.ppf, binomtest in test/fixtures/exact-intervals-reference.json) and by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  binomialTwoSidedP,
  chiSquareQuantile,
} from '../../../src/main/core/statistics/special-functions';
import { clopperPearson } from '../../../src/main/core/statistics/exact-intervals';
import {
  observedExpectedEstimate,
  observedExpectedRatio,
} from '../../../src/main/core/statistics/observed-expected';

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/exact-intervals-reference.json', import.meta.url), 'utf8'),
) as {
  chiSquareQuantile: { q: number; df: number; value: number }[];
  binomialTest: { k: number; n: number; p: number; pValue: number }[];
};

describe('observed ÷ expected events', () => {
  it('has chi-square quantiles and exact binomial p-values as scipy does', () => {
    for (const c of reference.chiSquareQuantile)
      expect(Math.abs(chiSquareQuantile(c.q, c.df) - c.value)).toBeLessThan(1e-9 * c.value);
    for (const c of reference.binomialTest)
      expect(binomialTwoSidedP(c.k, c.n, c.p)).toBeCloseTo(c.pValue, 12);
  });

  it("gives one run's O/E with Garwood's interval", () => {
    // 14 observed of 11.3 expected: 1.239; Poisson 95% interval of 14 is 7.654 to 23.490.
    const e = observedExpectedEstimate(14, 11.3);
    expect(e.estimate).toBeCloseTo(14 / 11.3, 12);
    expect(e.method).toBe('garwood');
    expect(e.lower! * 11.3).toBeCloseTo(chiSquareQuantile(0.025, 28) / 2, 10);
    expect(e.lower! * 11.3).toBeCloseTo(7.654, 3);
    expect(e.upper! * 11.3).toBeCloseTo(23.49, 2);
    // None observed: the interval starts at 0 and is still an interval.
    const none = observedExpectedEstimate(0, 4);
    expect(none.lower).toBe(0);
    expect(none.upper! * 4).toBeCloseTo(-Math.log(0.025), 10);
    expect(observedExpectedEstimate(3, 0).estimate).toBeNull();
  });

  it('compares two runs by the conditional binomial', () => {
    // A: 24 of 28.2 expected; B: 14 of 11.3. Given 38 events, B's share is binomial.
    const { ratio, pValue } = observedExpectedRatio(
      { observed: 24, expected: 28.2 },
      { observed: 14, expected: 11.3 },
    );
    expect(ratio.estimate).toBeCloseTo(14 / 11.3 / (24 / 28.2), 12);
    const [lo, hi] = clopperPearson(14, 38);
    const theta = (pi: number) => (pi / (1 - pi)) * (28.2 / 11.3);
    expect(ratio.lower).toBeCloseTo(theta(lo), 12);
    expect(ratio.upper).toBeCloseTo(theta(hi), 12);
    expect(ratio.method).toBe('conditional-binomial');
    expect(pValue).toBeCloseTo(binomialTwoSidedP(14, 38, 11.3 / 39.5), 14);
    // Run A with no event: the ratio is infinite, never printed as a number.
    const infinite = observedExpectedRatio(
      { observed: 0, expected: 3 },
      { observed: 4, expected: 3 },
    );
    expect(infinite.ratio.estimate).toBeNull();
    expect(infinite.ratio.missing).toBe('infinite');
    expect(infinite.pValue).toBeLessThan(0.2);
    expect(
      observedExpectedRatio({ observed: 0, expected: 3 }, { observed: 0, expected: 3 }).pValue,
    ).toBeNull();
  });
});
