import { describe, expect, it } from 'vitest';
import {
  auroc,
  bootstrapCi,
  exhaustionRates,
  median,
  pick,
  pickFlags,
  quantileSorted,
  withCi,
} from '../../../src/main/core/statistics';

/** A fixed pseudo-random sample for the tests (a tiny LCG, independent of the code under test). */
function sample(n: number, seed: number): Float64Array {
  let s = seed >>> 0;
  return Float64Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  });
}

const mean = (xs: ArrayLike<number>): number =>
  Array.from(xs).reduce((a, b) => a + b, 0) / xs.length;

describe('quantileSorted', () => {
  it("follows numpy's linear rule", () => {
    // h = (4 − 1) · .25 = .75 → 1 + .75 · (2 − 1) = 1.75
    expect(quantileSorted([1, 2, 4, 8], 0.25)).toBe(1.75);
    expect(quantileSorted([1, 2, 4, 8], 1)).toBe(8);
    expect(median([8, 1, 4, 2])).toBe(3);
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantileSorted([1, Infinity, Infinity], 0.9)).toBe(Infinity);
  });
});

describe('bootstrapCi', () => {
  const data = sample(400, 1);
  const meanOf = (idx: Uint32Array): number => mean(pick(data, idx));

  it('is deterministic for a seed and changes with it', () => {
    const a = bootstrapCi(meanOf, data.length, { seed: 42 });
    const b = bootstrapCi(meanOf, data.length, { seed: 42 });
    const c = bootstrapCi(meanOf, data.length, { seed: 43 });
    expect(a).toEqual(b);
    expect(c.lower).not.toBe(a.lower);
    expect(a.resamples).toBe(1000);
    expect(a.skipped).toBe(0);
  });

  it('brackets the estimate of a stable statistic', () => {
    const ci = bootstrapCi(meanOf, data.length, { seed: 7 });
    expect(ci.estimate).toBeCloseTo(mean(data), 15);
    expect(ci.lower).toBeLessThan(ci.estimate);
    expect(ci.upper).toBeGreaterThan(ci.estimate);
    // Uniform(0, 1) mean, n = 400: sd ≈ .289 / 20 ≈ .0144 → a 95% interval ≈ .057 wide.
    expect(ci.upper - ci.lower).toBeGreaterThan(0.04);
    expect(ci.upper - ci.lower).toBeLessThan(0.075);
  });

  it('narrows as the cohort grows (≈ 1/√n)', () => {
    const small = sample(100, 3);
    const large = sample(10_000, 3);
    const width = (xs: Float64Array): number => {
      const ci = bootstrapCi((idx) => mean(pick(xs, idx)), xs.length, { seed: 11, resamples: 400 });
      return ci.upper - ci.lower;
    };
    const ratio = width(small) / width(large);
    expect(ratio).toBeGreaterThan(7);
    expect(ratio).toBeLessThan(13);
  });

  it('narrows with a lower level and collapses for a constant statistic', () => {
    const wide = bootstrapCi(meanOf, data.length, { seed: 5, level: 0.95 });
    const narrow = bootstrapCi(meanOf, data.length, { seed: 5, level: 0.5 });
    expect(narrow.upper - narrow.lower).toBeLessThan(wide.upper - wide.lower);
    expect(bootstrapCi(() => 3, 10, { seed: 1 })).toEqual({
      estimate: 3,
      lower: 3,
      upper: 3,
      resamples: 1000,
      skipped: 0,
    });
  });

  it('skips and counts resamples where the statistic is NaN', () => {
    // One positive among 20 stays: a resample misses it with probability (19/20)^20 ≈ .358,
    // and AUROC is then NaN.
    const scores = sample(20, 9);
    const labels = Float64Array.from({ length: 20 }, (_, i) => (i === 0 ? 1 : 0));
    const ci = bootstrapCi((idx) => auroc(pick(scores, idx), pick(labels, idx)), 20, { seed: 2 });
    expect(ci.skipped).toBeGreaterThan(290);
    expect(ci.skipped).toBeLessThan(430);
    expect(ci.lower).toBeLessThanOrEqual(ci.upper);
    const none = bootstrapCi(() => NaN, 5, { seed: 2, resamples: 10 });
    expect(none.skipped).toBe(10);
    expect(none.lower).toBeNaN();
  });

  it('handles an empty cohort and refuses bad options', () => {
    const empty = bootstrapCi(() => NaN, 0, { seed: 1, resamples: 5 });
    expect(empty).toMatchObject({ resamples: 5, skipped: 5 });
    expect(() => bootstrapCi(() => 1, 3, { seed: 1.5 })).toThrow(/seed/);
    expect(() => bootstrapCi(() => 1, 3, { seed: -1 })).toThrow(/seed/);
    expect(() => bootstrapCi(() => 1, 3, { seed: 1, level: 1 })).toThrow(/level/);
    expect(() => bootstrapCi(() => 1, 3, { seed: 1, resamples: 0 })).toThrow(/resamples/);
  });
});

describe('withCi', () => {
  const scores = sample(300, 21);
  const labels = Float64Array.from(scores, (s, i) => (s + sample(300, 22)[i]! * 0.8 > 0.9 ? 1 : 0));

  it('gives exactly what bootstrapCi with pick gives, for the same seed', () => {
    const viaPick = bootstrapCi(
      (idx) => auroc(pick(scores, idx), pick(labels, idx)),
      scores.length,
      {
        seed: 99,
        resamples: 200,
      },
    );
    const viaWithCi = withCi((s, y) => auroc(s, y), [scores, labels], { seed: 99, resamples: 200 });
    expect(viaWithCi).toEqual(viaPick);
    expect(viaWithCi.estimate).toBe(auroc(scores, labels));
  });

  it('resamples flag columns as booleans', () => {
    const pFull = Array.from(scores, (s) => 0.5 + s / 2); // every decision positive
    const exhausted = Array.from(scores, (s) => s > 0.7);
    const viaWithCi = withCi(
      (p, y, e) => exhaustionRates(p, y, e).fpRate,
      [pFull, labels, exhausted],
      {
        seed: 4,
        resamples: 100,
      },
    );
    const viaPick = bootstrapCi(
      (idx) =>
        exhaustionRates(pick(pFull, idx), pick(labels, idx), pickFlags(exhausted, idx)).fpRate,
      scores.length,
      { seed: 4, resamples: 100 },
    );
    expect(viaWithCi).toEqual(viaPick);
  });

  it('refuses columns of different lengths', () => {
    expect(() => withCi((a, b) => a.length + b.length, [[1, 2], [1]], { seed: 1 })).toThrow(
      /differ in length/,
    );
  });
});
