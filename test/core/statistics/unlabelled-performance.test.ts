/**
 * Performance expected from calibrated risks before outcomes are in, the range of event
 * counts they allow, and input drift, against scipy (test/fixtures/funnel-reference.json,
 * written by training/reference/funnel_reference.py) and by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  forecastMissesChance,
  expectedEventsInterval,
  expectedPerformance,
  kolmogorovSurvival,
  ksDistance,
  variableDrift,
} from '../../../src/main/core/statistics/unlabelled-performance';

interface Reference {
  kolmogorov: { lambda: number; survival: number }[];
  ks: { reference: number[]; latest: number[]; distance: number; pValue: number; smd: number }[];
  poissonBinomial: { risks: number[]; level: number; lower: number; upper: number }[];
  normalApproximation: { n: number; level: number; lower: number; upper: number }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/funnel-reference.json', import.meta.url), 'utf8'),
) as Reference;

function close(actual: number, expected: number, rel = 1e-10, abs = 1e-300): boolean {
  return Math.abs(actual - expected) <= Math.max(abs, rel * Math.abs(expected));
}

/** The generated risks of funnel_reference.py's generated_risks(n). */
function generatedRisks(n: number): number[] {
  return Array.from({ length: n }, (_, i) => ((((i * 7919) % 1000) + 0.5) / 1000) * 0.3);
}

describe('expectedPerformance', () => {
  it('sums the risks into an expected confusion matrix (by hand)', () => {
    // Threshold 0.5 alerts on 0.8 and 0.6: E[TP] = 1.4, E[FP] = 0.2 + 0.4 = 0.6;
    // not alerted 0.3, 0.1: E[FN] = 0.4, E[TN] = 1.6. Sensitivity 1.4/1.8, PPV 1.4/2.
    const e = expectedPerformance([0.8, 0.6, 0.3, 0.1], 0.5);
    expect(e.stays).toBe(4);
    expect(e.expected.tp).toBeCloseTo(1.4, 14);
    expect(e.expected.fp).toBeCloseTo(0.6, 14);
    expect(e.expected.fn).toBeCloseTo(0.4, 14);
    expect(e.expected.tn).toBeCloseTo(1.6, 14);
    expect(e.expectedEvents).toBeCloseTo(1.8, 14);
    expect(e.expectedSensitivity).toBeCloseTo(1.4 / 1.8, 14);
    expect(e.expectedPpv).toBeCloseTo(0.7, 14);
  });

  it('has no PPV without alerts and no sensitivity without expected events', () => {
    expect(expectedPerformance([0.3, 0.1], 0.5).expectedPpv).toBe(null);
    const none = expectedPerformance([0, 0], 0);
    expect(none.expectedSensitivity).toBe(null);
    expect(none.expectedPpv).toBe(0);
    expect(expectedPerformance([], 0.5)).toMatchObject({ stays: 0, expectedEvents: 0 });
  });
});

describe('expectedEventsInterval', () => {
  it.each(reference.poissonBinomial.map((c) => ({ ...c, n: c.risks.length })))(
    'n = $n at $level as numpy convolution',
    ({ risks, level, lower, upper }) => {
      expect(expectedEventsInterval(risks, level)).toEqual([lower, upper]);
    },
  );

  it.each(reference.normalApproximation)(
    'n = $n at $level by the normal approximation',
    ({ n, level, lower, upper }) => {
      expect(expectedEventsInterval(generatedRisks(n), level)).toEqual([lower, upper]);
    },
  );

  it('takes quantiles of the exact count (by hand)', () => {
    // Two stays at 1/2: P(0, 1, 2) = 1/4, 1/2, 1/4, CDF 1/4, 3/4, 1.
    // 95%: the 0.025-quantile 0, the 0.975-quantile 2. 40%: the 0.3- and 0.7-quantiles are both 1.
    expect(expectedEventsInterval([0.5, 0.5])).toEqual([0, 2]);
    expect(expectedEventsInterval([0.5, 0.5], 0.4)).toEqual([1, 1]);
    // Certain risks: exactly the count of 1s.
    expect(expectedEventsInterval([1, 0, 1, 1])).toEqual([3, 3]);
    expect(expectedEventsInterval([])).toEqual([0, 0]);
  });

  it('agrees with the normal approximation near the switch', () => {
    const risks = generatedRisks(5000);
    const [lower, upper] = expectedEventsInterval(risks);
    const mean = risks.reduce((s, p) => s + p, 0);
    const sd = Math.sqrt(risks.reduce((s, p) => s + p * (1 - p), 0));
    expect(Math.abs(lower - (mean - 1.96 * sd))).toBeLessThan(2);
    expect(Math.abs(upper - (mean + 1.96 * sd))).toBeLessThan(2);
  });

  it('refuses what is not a risk or a level', () => {
    expect(() => expectedEventsInterval([1.5])).toThrow(RangeError);
    expect(() => expectedEventsInterval([0.5], 1)).toThrow(RangeError);
  });
});

describe('forecastMissesChance', () => {
  it('is the binomial upper tail of misses at 5% each (by hand)', () => {
    expect(forecastMissesChance(0, 7)).toBe(1);
    // 1 − 0.95^7
    expect(forecastMissesChance(1, 7)).toBeCloseTo(0.3016627, 6);
    // 1 − 0.95^7 − 7 × 0.05 × 0.95^6
    expect(forecastMissesChance(2, 7)).toBeCloseTo(0.0443805, 6);
    expect(forecastMissesChance(3, 3)).toBeCloseTo(0.05 ** 3, 12);
  });

  it('refuses more misses than periods', () => {
    expect(() => forecastMissesChance(4, 3)).toThrow(RangeError);
  });
});

describe('Kolmogorov–Smirnov', () => {
  it.each(reference.kolmogorov)(
    'P(K > $lambda) as scipy.stats.kstwobign',
    ({ lambda, survival }) => {
      expect(close(kolmogorovSurvival(lambda), survival, 1e-10, 1e-15)).toBe(true);
    },
  );

  it.each(reference.ks.map((c, i) => ({ ...c, i })))(
    'sample $i: D as scipy.stats.ks_2samp, SMD as numpy',
    ({ reference: r, latest, distance, pValue, smd }) => {
      const sorted = (x: number[]) => [...x].sort((a, b) => a - b);
      expect(close(ksDistance(sorted(r), sorted(latest)), distance, 1e-12)).toBe(true);
      const drift = variableDrift('x', r, latest);
      expect(close(drift.standardisedDifference!, smd, 1e-10)).toBe(true);
      expect(drift.distance).toBe(ksDistance(sorted(r), sorted(latest)));
      expect(drift.drifted).toBe(Math.abs(smd) >= 0.1 || pValue < 0.01);
    },
  );
});

describe('variableDrift', () => {
  it('gives the SMD and D by hand', () => {
    // Means 2.5 and 3.5, variances 5/3 each: SMD = 1/√(5/3) = 0.7746. The CDFs differ by
    // 1/4 from 1 to 5: D = 0.25.
    const d = variableDrift('age', [1, 2, 3, 4], [2, 3, 4, 5]);
    expect(d.variable).toBe('age');
    expect(d.standardisedDifference).toBeCloseTo(1 / Math.sqrt(5 / 3), 14);
    expect(d.distance).toBe(0.25);
    expect(d.drifted).toBe(true);
  });

  it('ignores non-finite values and needs two values a side', () => {
    const d = variableDrift('x', [1, NaN, 2, Infinity, 3, 4], [2, 3, -Infinity, 4, 5]);
    expect(d.standardisedDifference).toBeCloseTo(1 / Math.sqrt(5 / 3), 14);
    expect(variableDrift('x', [1, NaN], [1, 2, 3])).toEqual({
      variable: 'x',
      standardisedDifference: null,
      distance: null,
      pValue: null,
      drifted: false,
    });
  });

  it('is not drifted by a small shift, and drifted by KS alone', () => {
    // The same values: SMD 0, D 0.
    expect(variableDrift('x', [1, 2, 3, 4], [1, 2, 3, 4]).drifted).toBe(false);
    // Same mean, different shapes (±1 against −2, 0, 2 in quarters, half, quarters): SMD 0,
    // but the CDFs differ by 1/4 at −2, −1, 0 and 1, so D = 0.25 over 400 + 400 values:
    // λ = √200 · 0.25 = 3.54, p ≈ 2e^(−25) = 2.8e-11, drift.
    const spread = [...Array(200).fill(-1), ...Array(200).fill(1)] as number[];
    const centre = [
      ...Array(100).fill(-2),
      ...Array(200).fill(0),
      ...Array(100).fill(2),
    ] as number[];
    const d = variableDrift('x', spread, centre);
    expect(d.standardisedDifference).toBeCloseTo(0, 14);
    expect(d.distance).toBe(0.25);
    expect(d.drifted).toBe(true);
    // The thresholds are options.
    expect(variableDrift('x', spread, centre, { ksAlpha: 1e-30 }).drifted).toBe(false);
  });

  it('handles constant sides', () => {
    expect(variableDrift('x', [3, 3], [3, 3])).toMatchObject({
      standardisedDifference: 0,
      distance: 0,
      drifted: false,
    });
    expect(variableDrift('x', [3, 3], [4, 4])).toMatchObject({
      standardisedDifference: null,
      distance: 1,
      drifted: true,
    });
  });
});
