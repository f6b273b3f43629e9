/**
 * The control charts over time: worked by hand, against the Python reference
 * (test/fixtures/control-charts-reference.json, written by
 * training/reference/control_charts_reference.py: scipy.stats.binom.ppf for the p-chart's
 * limits, plain loops for the VLAD and the CUSUM), and the CUSUM's limit by its promise: in
 * control it raises a false alarm over the sequence about as often as asked, and no more.
 */
import { readFileSync } from 'node:fs';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import {
  cusumControlLimit,
  cusumWeights,
  pChart,
  riskAdjustedCusum,
  riskAdjustedCusumValues,
  vlad,
} from '../../../src/main/core/statistics/control-charts';
import { binomialCdf } from '../../../src/main/core/statistics/special-functions';

interface Sequence {
  risks: number[];
  outcomes: (0 | 1)[];
  oddsRatio: number;
  limit: number;
  vlad: number[];
  weights: number[];
  cusum: number[];
  signals: number[];
}

interface Reference {
  pChartLimits: { n: number; count: number; lowerCount: number; upperCount: number }[];
  pCharts: {
    periods: { label: string; count: number; n: number }[];
    centre: number;
    points: {
      label: string;
      n: number;
      count: number;
      rate: number;
      lower: number;
      upper: number;
      signal: 'above' | 'below' | null;
    }[];
  }[];
  sequences: Sequence[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/control-charts-reference.json', import.meta.url), 'utf8'),
) as Reference;

function expectClose(actual: readonly number[], expected: readonly number[], tolerance = 1e-12) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) =>
    expect(Math.abs(value - expected[i]!)).toBeLessThanOrEqual(tolerance),
  );
}

describe('pChart', () => {
  it('matches a chart worked by hand', () => {
    // Centre: (0 + 4 + 6 + 10) / (10 + 10 + 10 + 10) = 0.5; the empty period E is left out.
    // Binomial(10, 0.5): P(X ≤ 0) = 1/1024 ≈ 0.00098 < 0.00135 ≤ P(X ≤ 1) = 11/1024, so the
    // lower count is 1; P(X ≤ 8) = 1013/1024 ≈ 0.98926 < 0.99865 ≤ P(X ≤ 9) = 1023/1024, so
    // the upper count is 9. Limits 1/10 and 9/10: A (0 < 1) is below, D (10 > 9) above.
    const chart = pChart('alerts per stay', [
      { label: 'A', count: 0, n: 10 },
      { label: 'B', count: 4, n: 10 },
      { label: 'C', count: 6, n: 10 },
      { label: 'D', count: 10, n: 10 },
      { label: 'E', count: 0, n: 0 },
    ]);
    expect(chart.measure).toBe('alerts per stay');
    expect(chart.centre).toBe(0.5);
    expect(chart.points.map((p) => p.label)).toEqual(['A', 'B', 'C', 'D']);
    for (const point of chart.points) {
      expect(point.lower).toBe(0.1);
      expect(point.upper).toBe(0.9);
    }
    expect(chart.points.map((p) => p.signal)).toEqual(['below', null, null, 'above']);
    expect(chart.points.map((p) => p.rate)).toEqual([0, 0.4, 0.6, 1]);
  });

  it('puts both limits on the count when every stay or none is counted', () => {
    expect(pChart('x', [{ label: 'all', count: 37, n: 37 }]).points[0]).toMatchObject({
      lower: 1,
      upper: 1,
      signal: null,
    });
    expect(pChart('x', [{ label: 'none', count: 0, n: 37 }]).points[0]).toMatchObject({
      lower: 0,
      upper: 0,
      signal: null,
    });
    expect(pChart('x', [])).toEqual({ measure: 'x', centre: 0, points: [] });
  });

  it('takes its limits from scipy.stats.binom.ppf at 0.135% and 99.865%', () => {
    for (const { n, count, lowerCount, upperCount } of reference.pChartLimits) {
      const [point] = pChart('x', [{ label: 'p', count, n }]).points;
      expect(point!.lower * n).toBeCloseTo(lowerCount, 9);
      expect(point!.upper * n).toBeCloseTo(upperCount, 9);
      // The definition: the smallest count whose CDF reaches the tail.
      expect(binomialCdf(upperCount, n, count / n)).toBeGreaterThanOrEqual(0.99865);
    }
  });

  it('matches the reference charts', () => {
    for (const { periods, centre, points } of reference.pCharts) {
      const chart = pChart('x', periods);
      expect(Math.abs(chart.centre - centre)).toBeLessThanOrEqual(1e-12);
      expect(chart.points.map((p) => [p.label, p.n, p.count, p.signal])).toEqual(
        points.map((p) => [p.label, p.n, p.count, p.signal]),
      );
      expectClose(
        chart.points.flatMap((p) => [p.rate, p.lower, p.upper]),
        points.flatMap((p) => [p.rate, p.lower, p.upper]),
      );
    }
  });

  it('refuses counts that are not counts', () => {
    expect(() => pChart('x', [{ label: 'Q1', count: 5, n: 4 }])).toThrow(/Q1.*0 ≤ count ≤ n/);
    expect(() => pChart('x', [{ label: 'Q1', count: 1.5, n: 4 }])).toThrow(RangeError);
  });
});

describe('vlad', () => {
  it('adds expected minus observed, stay by stay', () => {
    // p − y: 0.1, 0.2 − 1 = −0.8, 0.5, 0.3, 0.4 − 1 = −0.6; running sums below.
    expectClose(vlad([0.1, 0.2, 0.5, 0.3, 0.4], [0, 1, 0, 0, 1]), [0.1, -0.7, -0.2, 0.1, -0.5]);
    expect(vlad([], [])).toEqual([]);
  });

  it('matches the reference sequences', () => {
    for (const s of reference.sequences) expectClose(vlad(s.risks, s.outcomes), s.vlad);
  });

  it('refuses mismatched or impossible inputs', () => {
    expect(() => vlad([0.1, 0.2], [0])).toThrow(/2 risks but 1 outcomes/);
    expect(() => vlad([1.2], [0])).toThrow(/risk 0 must be in \[0, 1\]/);
    expect(() => vlad([Number.NaN], [0])).toThrow(RangeError);
    expect(() => vlad([0.5], [2 as 0 | 1])).toThrow(/outcome 0 must be 0 or 1/);
  });
});

describe('the risk-adjusted CUSUM', () => {
  it('weighs each stay by its log-likelihood ratio', () => {
    const weights = cusumWeights([0.2, 0.2, 0.5, 0.5], [1, 0, 1, 0], 2);
    // y·log 2 − log(1 − p + 2p) = y·log 2 − log(1 + p).
    expectClose(weights, [
      Math.log(2) - Math.log(1.2),
      -Math.log(1.2),
      Math.log(4 / 3),
      -Math.log(1.5),
    ]);
    // Risks of exactly 0 and 1 take the weight's limits: log R_A if an "impossible" event
    // happens, −log R_A if a "certain" one does not.
    expectClose(cusumWeights([0, 1], [1, 0], 2), [Math.log(2), -Math.log(2)], 1e-8);
  });

  it('restarts at 0 after a signal', () => {
    // p = 0.5, R_A = 2: an event adds w = log(4/3) ≈ 0.2877, a stay without one −log 1.5 ≈
    // −0.4055. Events at stays 0–2 reach 3w ≈ 0.863 ≥ 0.8 at stay 2 (a signal); the chart
    // restarts, stay 3 would take it below 0 so it stays at 0, then two more events.
    const w = Math.log(4 / 3);
    const { values, signals } = riskAdjustedCusumValues(
      [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
      [1, 1, 1, 0, 1, 1],
      2,
      0.8,
    );
    expectClose(values, [w, 2 * w, 3 * w, 0, w, 2 * w]);
    expect(signals).toEqual([2]);
  });

  it('matches the reference sequences', () => {
    for (const s of reference.sequences) {
      expectClose(cusumWeights(s.risks, s.outcomes, s.oddsRatio), s.weights);
      const { values, signals } = riskAdjustedCusumValues(
        s.risks,
        s.outcomes,
        s.oddsRatio,
        s.limit,
      );
      expectClose(values, s.cusum);
      expect(signals).toEqual(s.signals);
    }
  });

  it('refuses an odds ratio of 1 or a limit that is not positive', () => {
    expect(() => cusumWeights([0.5], [1], 1)).toThrow(/odds ratio/);
    expect(() => riskAdjustedCusumValues([0.5], [1], 2, 0)).toThrow(/limit/);
    expect(() => cusumControlLimit([0.5], { simulations: 10 })).toThrow(/cannot resolve/);
  });
});

/** `count` skewed risks like a deterioration model's (mean ≈ 0.14, a long right tail). */
function drawRisks(next: () => number, count: number): number[] {
  return Array.from({ length: count }, () => 0.01 + 0.5 * next() ** 3);
}

/** Outcomes with the risks' odds multiplied by `oddsShift` (1: in control). */
function drawOutcomes(next: () => number, risks: number[], oddsShift: number): (0 | 1)[] {
  return risks.map((p) => (next() < (oddsShift * p) / (1 - p + oddsShift * p) ? 1 : 0));
}

describe('cusumControlLimit', () => {
  const rng = xoroshiro128plus(20261128);
  const next = () => uniformFloat64(rng);
  // 20 sequences of risks, each with its own limit, and 10 in-control outcome sequences of
  // each: 200 sequences of 1,000 stays. Limits from 2,000 simulations each.
  const charts = Array.from({ length: 20 }, (_, k) => {
    const risks = drawRisks(next, 1000);
    return { risks, chosen: cusumControlLimit(risks, { seed: k }) };
  });

  it('raises a false alarm over an in-control sequence no more often than asked', () => {
    let sequences = 0;
    let alarmed = 0;
    for (const { risks, chosen } of charts) {
      expect(chosen.falseAlarmProbability).toBeLessThanOrEqual(0.05);
      expect(chosen.simulations).toBe(2000);
      for (let draw = 0; draw < 10; draw++) {
        const outcomes = drawOutcomes(next, risks, 1);
        sequences++;
        if (riskAdjustedCusumValues(risks, outcomes, 2, chosen.limit).signals.length > 0) alarmed++;
      }
    }
    // Allowance: the 99.9% quantile of Binomial(200, 0.05) ÷ 200, the most alarms a chart
    // that is right 95% of the time shows among 200 sequences, bar once in a thousand.
    let allowed = 0;
    while (binomialCdf(allowed, sequences, 0.05) < 0.999) allowed++;
    console.log(
      `false alarms: ${alarmed} of ${sequences} in-control sequences (allowed ${allowed}); ` +
        `limits ${Math.min(...charts.map((c) => c.chosen.limit)).toFixed(3)}–` +
        `${Math.max(...charts.map((c) => c.chosen.limit)).toFixed(3)}`,
    );
    expect(alarmed).toBeLessThanOrEqual(allowed);
  });

  it('signals in most sequences when the odds of the outcome have tripled', () => {
    let alarmed = 0;
    for (const { risks, chosen } of charts) {
      const outcomes = drawOutcomes(next, risks, 3);
      if (riskAdjustedCusumValues(risks, outcomes, 2, chosen.limit).signals.length > 0) alarmed++;
    }
    console.log(`alarms at odds × 3: ${alarmed} of ${charts.length} sequences`);
    expect(alarmed).toBeGreaterThanOrEqual(18);
  });

  it('expects a false alarm about every n/α stays in control', () => {
    // A sequence of n = 1,000 stays alarms with probability α = 0.05; were alarms a Poisson
    // process, 1 − e^(−n/ARL) = α gives ARL = −n / ln(1 − α) ≈ 19,500 stays.
    for (const { chosen } of charts) {
      expect(chosen.inControlRunLength).toBeGreaterThan(10_000);
      expect(chosen.inControlRunLength).toBeLessThan(40_000);
    }
  });

  it('gives the same limit for the same seed', () => {
    const { risks, chosen } = charts[0]!;
    expect(cusumControlLimit(risks, { seed: 0 })).toEqual(chosen);
    expect(cusumControlLimit(risks, { seed: 1 }).limit).not.toBe(chosen.limit);
  });

  it('has a limit for an empty sequence, which never signals', () => {
    const chosen = cusumControlLimit([]);
    expect(chosen).toEqual({
      limit: Math.log(2),
      falseAlarmProbability: 0,
      inControlRunLength: null,
      simulations: 2000,
    });
  });
});

describe('riskAdjustedCusum', () => {
  it('charts a sequence at its simulated limit', () => {
    const s = reference.sequences[1]!;
    const cusum = riskAdjustedCusum(s.risks, s.outcomes, { seed: 7 });
    const chosen = cusumControlLimit(s.risks, { seed: 7 });
    expect(cusum).toEqual({
      oddsRatio: 2,
      ...chosen,
      ...riskAdjustedCusumValues(s.risks, s.outcomes, 2, chosen.limit),
    });
    // This sequence's outcomes were drawn at three times the model's odds.
    expect(cusum.signals.length).toBeGreaterThan(0);
    expect(() => riskAdjustedCusum([0.5], [], { seed: 7 })).toThrow(/1 risks but 0 outcomes/);
  });
});
