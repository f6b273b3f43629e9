/**
 * The funnel plot of O/E (Spiegelhalter, Stat Med 2005) against scipy
 * (test/fixtures/funnel-reference.json, written by training/reference/funnel_reference.py)
 * and by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  funnelPlot,
  overdispersion,
  poissonRatioLimit,
} from '../../../src/main/core/statistics/funnel-plot';
import { standardNormalQuantile } from '../../../src/main/core/statistics/special-functions';

interface Reference {
  poissonLimits: { expected: number; p: number; limit: number }[];
  overdispersion: {
    name: string;
    phi: number;
    pValue: number;
    tau2: number;
    adjusted: boolean;
    points: {
      observed: number;
      expected: number;
      lower95: number;
      upper95: number;
      lower998: number;
      upper998: number;
      position: string;
      direction: string | null;
    }[];
  }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/funnel-reference.json', import.meta.url), 'utf8'),
) as Reference;

/** |actual − expected| within a relative tolerance, or an absolute one near 0. */
function close(actual: number, expected: number, rel = 1e-10, abs = 1e-12): boolean {
  return Math.abs(actual - expected) <= Math.max(abs, rel * Math.abs(expected));
}

describe('exact Poisson limits of O/E', () => {
  it.each(reference.poissonLimits)('E = $expected, p = $p', ({ expected, p, limit }) => {
    expect(close(poissonRatioLimit(p, expected), limit)).toBe(true);
  });

  it('interpolates between the quantile and the count below it, as the Appendix does', () => {
    // Poisson(4): F(7) = 0.948866, F(8) = 0.978637, so y_0.975 = 8 and
    // α = (0.978637 − 0.975) / (0.978637 − 0.948866) = 0.12216; limit = (8 − 0.12216)/4 = 1.96946.
    expect(poissonRatioLimit(0.975, 4)).toBeCloseTo(1.96946, 4);
    // F(0) = 0.018316, F(1) = 0.091578, so y_0.025 = 1 and
    // α = (0.091578 − 0.025) / (0.091578 − 0.018316) = 0.90876; limit = (1 − 0.90876)/4 = 0.02281.
    expect(poissonRatioLimit(0.025, 4)).toBeCloseTo(0.02281, 4);
  });

  it('is continuous where the quantile steps', () => {
    // F(7; E) = 0.975 at E = 3.45383 (scipy's brentq): below it y_0.975 = 7 with α → 0, above
    // it y = 8 with α → 1, so the limit is 7/E on both sides.
    const step = 3.4538321767485005;
    for (const e of [step - 1e-7, step + 1e-7])
      expect(poissonRatioLimit(0.975, e) * e).toBeCloseTo(7, 5);
  });

  it('is 0, not below, when the quantile is 0', () => {
    // Poisson(0.3): F(0) = e^−0.3 = 0.74 ≥ 0.025, so y = 0 and (0 − α)/E < 0.
    expect(poissonRatioLimit(0.025, 0.3)).toBe(0);
  });

  it('refuses p outside (0, 1) and E ≤ 0', () => {
    expect(() => poissonRatioLimit(0, 4)).toThrow(RangeError);
    expect(() => poissonRatioLimit(0.5, 0)).toThrow(RangeError);
  });
});

describe('overdispersion', () => {
  it.each(reference.overdispersion)('$name as scipy', ({ phi, pValue, tau2, adjusted, points }) => {
    const units = points.map((p, i) => ({ label: `u${i}`, ...p }));
    const plot = funnelPlot(units);
    const d = plot.overdispersion!;
    expect(close(d.phi, phi)).toBe(true);
    expect(close(d.pValue, pValue, 1e-10, 1e-300)).toBe(true);
    expect(close(d.tau2, tau2)).toBe(true);
    expect(d.adjusted).toBe(adjusted);
    expect(d.units).toBe(units.length);
    plot.points.forEach((point, i) => {
      expect(point.position).toBe(points[i]!.position);
      expect(point.direction).toBe(points[i]!.direction);
    });
  });

  it('winsorises at the 10th and 90th percentiles (by hand, not overdispersed)', () => {
    // E = 4 (√E = 2), O = 4, 6, 2, 8, 0: z = 0, 1, −1, 2, −2. Percentiles (numpy's linear
    // rule over −2, −1, 0, 1, 2): 10th at position 0.4 = −1.6, 90th at 3.6 = 1.6, so
    // z² = 0, 1, 1, 2.56, 2.56, Σ = 7.12, φ = 1.424; Iφ = 7.12 under χ²(4):
    // p = e^(−3.56)(1 + 3.56) = 0.12968.
    const d = overdispersion([4, 6, 2, 8, 0].map((observed) => ({ observed, expected: 4 })))!;
    expect(d.phi).toBeCloseTo(1.424, 12);
    expect(d.pValue).toBeCloseTo(Math.exp(-3.56) * 4.56, 12);
    expect(d.tau2).toBe(0);
    expect(d.adjusted).toBe(false);
  });

  it('widens the limits by τ² when overdispersed (by hand)', () => {
    // E = 4, O = 0, 0, 8, 8, 4: z = −2, −2, 2, 2, 0, the percentiles −2 and 2 (no change);
    // φ = 16/5 = 3.2, Iφ = 16, p = e^(−8)(1 + 8) = 0.00302 < 0.05.
    // τ² = (16 − 4) / (Σw − Σw²/Σw) = 12 / (20 − 80/20) = 0.75; limits 1 ± z·√(1/4 + 0.75) = 1 ± z.
    const units = [0, 0, 8, 8, 4].map((observed, i) => ({ label: `u${i}`, observed, expected: 4 }));
    const plot = funnelPlot(units);
    const d = plot.overdispersion!;
    expect(d.phi).toBeCloseTo(3.2, 12);
    expect(d.pValue).toBeCloseTo(9 * Math.exp(-8), 14);
    expect(d.tau2).toBeCloseTo(0.75, 12);
    expect(d.adjusted).toBe(true);
    const z = standardNormalQuantile(0.975);
    // On a flat τ²-dominated funnel: the curve at any E is 1 ± z·√(1/E + 0.75).
    const e = plot.limits.expected[10]!;
    expect(plot.limits.upper95[10]).toBeCloseTo(1 + z * Math.sqrt(1 / e + 0.75), 12);
    expect(plot.limits.lower95[10]).toBe(0);
    // Ratio 2 lies inside 1 + 1.96 = 2.96; ratio 0 is not below a lower limit of 0.
    expect(plot.points.map((p) => p.position)).toEqual(Array(5).fill('inside'));
  });

  it('is null with fewer than 5 units', () => {
    expect(overdispersion([1, 2, 3, 4].map((observed) => ({ observed, expected: 2 })))).toBe(null);
  });
});

describe('funnelPlot', () => {
  it('places units by the exact limits at their own E', () => {
    // E = 4: 95% limits 0.0228 to 1.969; 99.8% upper (p = 0.999) above 2.5.
    const plot = funnelPlot([
      { label: 'a', observed: 4, expected: 4 },
      { label: 'b', observed: 9, expected: 4 },
      { label: 'c', observed: 20, expected: 4 },
    ]);
    expect(plot.overdispersion).toBe(null);
    expect(plot.points.map((p) => [p.label, p.ratio, p.position, p.direction])).toEqual([
      ['a', 1, 'inside', null],
      ['b', 2.25, 'beyond-95', 'above'],
      ['c', 5, 'beyond-99.8', 'above'],
    ]);
  });

  it('leaves out units with nothing expected and spans the curve around the rest', () => {
    const plot = funnelPlot(
      [
        { label: 'none', observed: 1, expected: 0 },
        { label: 'small', observed: 2, expected: 2 },
        { label: 'large', observed: 50, expected: 40 },
      ],
      { curvePoints: 5 },
    );
    expect(plot.points.map((p) => p.label)).toEqual(['small', 'large']);
    const { expected, lower95, upper95, lower998, upper998 } = plot.limits;
    expect(expected).toHaveLength(5);
    expect(expected[0]).toBeCloseTo(2 / 1.25, 12);
    expect(expected[4]).toBeCloseTo(40 * 1.25, 12);
    // Log-spaced: a constant ratio between neighbours.
    expect(expected[2]! / expected[1]!).toBeCloseTo(expected[1]! / expected[0]!, 12);
    // The funnel narrows as E grows, the 99.8% limits outside the 95% ones.
    for (let i = 0; i < 5; i++) {
      expect(lower998[i]!).toBeLessThanOrEqual(lower95[i]!);
      expect(upper998[i]!).toBeGreaterThan(upper95[i]!);
      expect(upper95[i]!).toBeCloseTo(poissonRatioLimit(0.975, expected[i]!), 14);
    }
    expect(upper95[4]!).toBeLessThan(upper95[0]!);
  });

  it('gives an empty plot without units with expected events', () => {
    const plot = funnelPlot([{ label: 'none', observed: 0, expected: 0 }]);
    expect(plot.points).toEqual([]);
    expect(plot.limits.expected).toEqual([]);
    expect(plot.overdispersion).toBe(null);
  });

  it('refuses negative or non-finite counts and too short a curve', () => {
    expect(() => funnelPlot([{ label: 'x', observed: -1, expected: 2 }])).toThrow(RangeError);
    expect(() => funnelPlot([{ label: 'x', observed: 1, expected: NaN }])).toThrow(RangeError);
    expect(() => funnelPlot([], { curvePoints: 1 })).toThrow(RangeError);
  });
});
