/**
 * The incomplete beta and gamma functions against scipy: test/fixtures/abstention-reference.json
 * is written by training/reference/abstention_reference.py (scipy.special / scipy.stats).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  betaQuantile,
  binomialCdf,
  chiSquareSurvival,
  clopperPearsonUpper,
  logGamma,
  regularizedGammaQ,
  regularizedIncompleteBeta,
} from '../../../src/main/core/statistics/special-functions';

interface Reference {
  incompleteBeta: { a: number; b: number; x: number; value: number }[];
  betaQuantile: { q: number; a: number; b: number; value: number }[];
  binomialCdf: { k: number; n: number; p: number; value: number }[];
  clopperPearsonUpper: { errors: number; n: number; confidence: number; value: number }[];
  gammaQ: { a: number; x: number; value: number }[];
  chiSquareSurvival: { df: number; x: number; value: number }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/abstention-reference.json', import.meta.url), 'utf8'),
) as Reference;

/** |actual − expected| within a relative tolerance, or an absolute one for tiny values. */
function close(actual: number, expected: number, rel: number, abs = 1e-300): boolean {
  return Math.abs(actual - expected) <= Math.max(abs, rel * Math.abs(expected));
}

describe('logGamma', () => {
  it('matches exact factorials and Γ(1/2)', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(2)).toBeCloseTo(0, 14);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 13);
    let logFactorial = 0;
    for (let k = 2; k < 171; k++) logFactorial += Math.log(k);
    expect(close(logGamma(171), logFactorial, 1e-14)).toBe(true);
  });
});

describe('regularized incomplete beta (scipy.special.betainc)', () => {
  it.each(reference.incompleteBeta)('I_$x($a, $b)', ({ a, b, x, value }) => {
    expect(close(regularizedIncompleteBeta(a, b, x), value, 1e-10, 1e-15)).toBe(true);
  });
  it('is 0 and 1 at the ends and refuses bad arguments', () => {
    expect(regularizedIncompleteBeta(2, 3, 0)).toBe(0);
    expect(regularizedIncompleteBeta(2, 3, 1)).toBe(1);
    expect(() => regularizedIncompleteBeta(0, 3, 0.5)).toThrow(RangeError);
    expect(() => regularizedIncompleteBeta(2, 3, 1.5)).toThrow(RangeError);
  });
});

describe('beta quantile (scipy.stats.beta.ppf)', () => {
  it.each(reference.betaQuantile)('q=$q of Beta($a, $b)', ({ q, a, b, value }) => {
    expect(close(betaQuantile(q, a, b), value, 1e-9, 1e-15)).toBe(true);
  });
});

describe('binomial cdf (scipy.stats.binom.cdf)', () => {
  it.each(reference.binomialCdf)('P(X ≤ $k | n=$n, p=$p)', ({ k, n, p, value }) => {
    expect(close(binomialCdf(k, n, p), value, 1e-10, 1e-15)).toBe(true);
  });
  it('agrees with direct summation', () => {
    const n = 17;
    const p = 0.23;
    let cdf = 0;
    let term = (1 - p) ** n;
    for (let k = 0; k <= n; k++) {
      cdf += term;
      expect(binomialCdf(k, n, p)).toBeCloseTo(cdf, 13);
      term *= ((n - k) / (k + 1)) * (p / (1 - p));
    }
  });
});

describe('Clopper–Pearson upper bound (beta.ppf(conf, x + 1, n − x))', () => {
  it.each(reference.clopperPearsonUpper)(
    '$errors of $n at $confidence',
    ({ errors, n, confidence, value }) => {
      expect(close(clopperPearsonUpper(errors, n, confidence), value, 1e-9)).toBe(true);
    },
  );
  it('has the closed form 1 − (1 − c)^(1/n) with no error, and is 1 when all failed', () => {
    expect(clopperPearsonUpper(0, 40, 0.9)).toBeCloseTo(1 - 0.1 ** (1 / 40), 13);
    expect(clopperPearsonUpper(5, 5, 0.9)).toBe(1);
    expect(clopperPearsonUpper(0, 0, 0.9)).toBe(1);
  });
  it('is the bound at which the binomial tail equals 1 − confidence', () => {
    const u = clopperPearsonUpper(7, 120, 0.95);
    expect(binomialCdf(7, 120, u)).toBeCloseTo(0.05, 10);
  });
});

describe('incomplete gamma and chi-square tail (scipy gammaincc, chi2.sf)', () => {
  it.each(reference.gammaQ)('Q($a, $x)', ({ a, x, value }) => {
    expect(close(regularizedGammaQ(a, x), value, 1e-10, 1e-15)).toBe(true);
  });
  it.each(reference.chiSquareSurvival)('P(χ²_$df > $x)', ({ df, x, value }) => {
    expect(close(chiSquareSurvival(x, df), value, 1e-10, 1e-15)).toBe(true);
  });
  it('has the closed forms of 2 degrees of freedom and the 3.84 critical value', () => {
    expect(chiSquareSurvival(5, 2)).toBeCloseTo(Math.exp(-2.5), 14);
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(0, 3)).toBe(1);
    expect(chiSquareSurvival(-1e-12, 3)).toBe(1);
  });
});
