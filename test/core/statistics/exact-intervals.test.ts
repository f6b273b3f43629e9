/**
 * The exact intervals and tests of counts against scipy: test/fixtures/exact-intervals-reference.json
 * is written by training/reference/exact_intervals_reference.py (scipy.stats.beta.ppf for
 * Clopper–Pearson, norm.ppf for Katz's log interval and the normal quantile, fisher_exact),
 * with a few values worked by hand beside them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standardNormalQuantile } from '../../../src/main/core/statistics/special-functions';
import {
  clopperPearson,
  fisherExactTest,
  proportionEstimate,
  ratioOfProportionsEstimate,
} from '../../../src/main/core/statistics/exact-intervals';

interface Reference {
  clopperPearson: { k: number; n: number; level: number; lower: number; upper: number }[];
  katzLog: {
    k1: number;
    n1: number;
    k2: number;
    n2: number;
    level: number;
    ratio: number;
    lower: number;
    upper: number;
  }[];
  fisherExact: { a: number; b: number; c: number; d: number; pValue: number }[];
  normalQuantile: { q: number; value: number }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/exact-intervals-reference.json', import.meta.url), 'utf8'),
) as Reference;

/** |actual − expected| within a relative tolerance, or an absolute one near 0. */
function close(actual: number, expected: number, rel: number, abs = 1e-300): boolean {
  return Math.abs(actual - expected) <= Math.max(abs, rel * Math.abs(expected));
}

describe('standard normal quantile (scipy.stats.norm.ppf)', () => {
  it.each(reference.normalQuantile)('q = $q', ({ q, value }) => {
    // AS 241 claims about 16 digits; the far tails lose a few to the log.
    expect(close(standardNormalQuantile(q), value, 1e-14, 1e-15)).toBe(true);
  });
  it('gives the textbook values and is odd about 1/2', () => {
    expect(standardNormalQuantile(0.5)).toBe(0);
    expect(standardNormalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(standardNormalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    for (const q of [0.001, 0.03, 0.2, 0.4])
      expect(standardNormalQuantile(q)).toBeCloseTo(-standardNormalQuantile(1 - q), 12);
  });
  it('refuses q outside (0, 1)', () => {
    for (const q of [0, 1, -0.1, 1.5, NaN])
      expect(() => standardNormalQuantile(q)).toThrow(RangeError);
  });
});

describe('Clopper–Pearson interval (scipy.stats.beta.ppf)', () => {
  it.each(reference.clopperPearson)('$k of $n at $level', ({ k, n, level, lower, upper }) => {
    const [lo, hi] = clopperPearson(k, n, level);
    // The lower bound is 1 − (an upper bound near 1): about 1e-15 absolute.
    expect(close(lo, lower, 1e-9, 1e-14)).toBe(true);
    expect(close(hi, upper, 1e-9, 1e-14)).toBe(true);
  });
  it('gives 0 of 10 the interval [0, 1 − 0.025^(1/10)] = [0, 0.3085]', () => {
    const [lo, hi] = clopperPearson(0, 10);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(1 - 0.025 ** (1 / 10), 12);
    expect(hi).toBeCloseTo(0.3085, 4);
  });
  it('gives n of n the mirror image, [0.025^(1/n), 1]', () => {
    const [lo, hi] = clopperPearson(3, 3);
    expect(lo).toBeCloseTo(0.025 ** (1 / 3), 12);
    expect(hi).toBe(1);
  });
  it('refuses what is not a count', () => {
    expect(() => clopperPearson(0, 0)).toThrow(RangeError);
    expect(() => clopperPearson(4, 3)).toThrow(RangeError);
    expect(() => clopperPearson(1.5, 3)).toThrow(RangeError);
    expect(() => clopperPearson(1, 3, 1)).toThrow(RangeError);
  });
});

describe('proportionEstimate', () => {
  it('is k/n inside an exact interval that has width', () => {
    for (const { k, n } of reference.clopperPearson) {
      const e = proportionEstimate(k, n);
      expect(e.method).toBe('clopper-pearson');
      expect(e.estimate).toBe(k / n);
      expect(e.missing).toBeNull();
      expect(e.resamples).toBe(0);
      expect(e.lower!).toBeLessThan(e.upper!);
      expect(e.lower!).toBeLessThanOrEqual(e.estimate!);
      expect(e.estimate!).toBeLessThanOrEqual(e.upper!);
    }
  });
  it('gives 3 of 3 true positives [0.292, 1], not "100% (100–100%)"', () => {
    const e = proportionEstimate(3, 3);
    expect(e.estimate).toBe(1);
    expect(e.lower).toBeCloseTo(0.2924, 4);
    expect(e.upper).toBe(1);
  });
  it('calls 0 of 0 undefined, with no interval', () => {
    expect(proportionEstimate(0, 0)).toEqual({
      estimate: null,
      missing: 'undefined',
      lower: null,
      upper: null,
      method: 'none',
      resamples: 0,
      skipped: 0,
    });
  });
});

describe("ratio of two proportions, Katz's log interval", () => {
  it.each(reference.katzLog)(
    '($k1/$n1) / ($k2/$n2) at $level',
    ({ k1, n1, k2, n2, level, ratio, lower, upper }) => {
      const e = ratioOfProportionsEstimate(k1, n1, k2, n2, level);
      expect(e.method).toBe('katz-log');
      expect(close(e.estimate!, ratio, 1e-14)).toBe(true);
      expect(close(e.lower!, lower, 1e-12)).toBe(true);
      expect(close(e.upper!, upper, 1e-12)).toBe(true);
    },
  );
  it('works the 17 of 18 FP vs 11 of 11 TP example by hand', () => {
    // RR = 17/18; SE(log RR) = √(1/17 − 1/18 + 1/11 − 1/11) = √(1/306).
    const e = ratioOfProportionsEstimate(17, 18, 11, 11);
    const se = Math.sqrt(1 / 306);
    expect(e.estimate).toBeCloseTo(17 / 18, 14);
    expect(e.lower).toBeCloseTo((17 / 18) * Math.exp(-1.959963984540054 * se), 12);
    expect(e.upper).toBeCloseTo((17 / 18) * Math.exp(1.959963984540054 * se), 12);
    expect(e.lower).toBeCloseTo(0.8443, 4);
    expect(e.upper).toBeCloseTo(1.0564, 4);
  });
  it('has no interval without an event on both sides, and says why the ratio is missing', () => {
    expect(ratioOfProportionsEstimate(0, 10, 3, 10)).toMatchObject({
      estimate: 0,
      missing: null,
      lower: null,
      upper: null,
      method: 'none',
    });
    expect(ratioOfProportionsEstimate(3, 10, 0, 10)).toMatchObject({
      estimate: null,
      missing: 'infinite',
      method: 'none',
    });
    expect(ratioOfProportionsEstimate(0, 10, 0, 10)).toMatchObject({
      estimate: null,
      missing: 'undefined',
      method: 'none',
    });
    expect(ratioOfProportionsEstimate(0, 0, 1, 10)).toMatchObject({
      estimate: null,
      missing: 'undefined',
      method: 'none',
    });
  });
  it('withholds the interval when every stay of both groups had the event (log SE 0)', () => {
    // 3 of 3 and 5 of 5: RR = 1 and the log method's SE is 0, "1.00 (1.00–1.00)".
    expect(ratioOfProportionsEstimate(3, 3, 5, 5)).toMatchObject({
      estimate: 1,
      missing: null,
      lower: null,
      upper: null,
      method: 'none',
    });
  });
});

describe("Fisher's exact test, two-sided (scipy.stats.fisher_exact)", () => {
  it.each(reference.fisherExact)('[[$a, $b], [$c, $d]]', ({ a, b, c, d, pValue }) => {
    expect(close(fisherExactTest(a, b, c, d), pValue, 1e-10, 1e-15)).toBe(true);
  });
  it('works small tables by hand', () => {
    // [[0, 5], [5, 0]]: only the two extreme tables are as unlikely, each 1/C(10, 5).
    expect(fisherExactTest(0, 5, 5, 0)).toBeCloseTo(2 / 252, 14);
    // Fisher's tea tasting, [[3, 1], [1, 3]]: (1 + 16 + 16 + 1) / 70.
    expect(fisherExactTest(3, 1, 1, 3)).toBeCloseTo(34 / 70, 14);
    // [[2, 7], [8, 2]], about 0.023 as in the small-count comparisons.
    expect(fisherExactTest(2, 7, 8, 2)).toBeCloseTo(0.023, 3);
  });
  it('refuses cells that are not counts', () => {
    expect(() => fisherExactTest(-1, 2, 3, 4)).toThrow(RangeError);
    expect(() => fisherExactTest(1.5, 2, 3, 4)).toThrow(RangeError);
  });
});
