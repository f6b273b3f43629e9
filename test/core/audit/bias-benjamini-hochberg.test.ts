import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, bootstrapPValue } from '../../../src/main/core/audit/statistics-index';

// scipy here (1.10) predates scipy.stats.false_discovery_control and statsmodels is not
// installed, so the references are worked by hand and from Benjamini & Hochberg (1995).
describe('benjaminiHochberg', () => {
  it('matches a hand-worked example (all four rejected)', () => {
    // Sorted: .005 (1), .01 (2), .03 (3), .04 (4); m·p/rank: .02, .02, .04, .04; the largest
    // rank under k·q/m is 4 (.04 <= .05), so all four are rejected.
    const bh = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(bh.tested).toBe(4);
    expect(bh.adjusted.map((q) => +q.toFixed(12))).toEqual([0.02, 0.04, 0.04, 0.02]);
    expect(bh.rejected).toEqual([true, true, true, true]);
  });

  it('makes adjusted values monotone from the top (step-up)', () => {
    // m·p/rank: .08, .06, .2667, .5; rank 1 takes min(.08, .06) = .06: nothing rejected.
    const bh = benjaminiHochberg([0.02, 0.03, 0.2, 0.5]);
    expect(bh.adjusted[0]).toBeCloseTo(0.06, 12);
    expect(bh.adjusted[1]).toBeCloseTo(0.06, 12);
    expect(bh.adjusted[2]).toBeCloseTo(0.8 / 3, 12);
    expect(bh.adjusted[3]).toBeCloseTo(0.5, 12);
    expect(bh.rejected).toEqual([false, false, false, false]);
  });

  it("reproduces Benjamini & Hochberg's (1995) 15-hypothesis example: 4 rejections at q = .05", () => {
    const p = [
      0.0201, 0.0001, 0.324, 0.0004, 0.0459, 0.0019, 0.4262, 0.0095, 0.5719, 0.0278, 0.6528, 0.0298,
      0.759, 0.0344, 1,
    ];
    const bh = benjaminiHochberg(p);
    const rejected = p.filter((_, i) => bh.rejected[i]).sort((a, b) => a - b);
    expect(rejected).toEqual([0.0001, 0.0004, 0.0019, 0.0095]);
    const adjusted = (x: number) => bh.adjusted[p.indexOf(x)]!;
    expect(adjusted(0.0001)).toBeCloseTo(0.0015, 12);
    expect(adjusted(0.0095)).toBeCloseTo((0.0095 * 15) / 4, 12);
    // Rank 5 (.0201): min over ranks >= 5 of 15p/rank = min(.0603, .0695, .06386, ...) = .0603.
    expect(adjusted(0.0201)).toBeCloseTo(0.0603, 12);
    // Rank 6 (.0278): its own .0695 is beaten by rank 7's .0298·15/7.
    expect(adjusted(0.0278)).toBeCloseTo((0.0298 * 15) / 7, 12);
    expect(adjusted(1)).toBe(1);
  });

  it('handles no comparisons and refuses invalid p-values', () => {
    expect(benjaminiHochberg([])).toEqual({ tested: 0, level: 0.05, adjusted: [], rejected: [] });
    expect(() => benjaminiHochberg([0.1, Number.NaN])).toThrow(/outside \[0, 1\]/);
    expect(() => benjaminiHochberg([1.2])).toThrow(RangeError);
    expect(() => benjaminiHochberg([0.1], 0)).toThrow(/FDR level/);
  });
});

describe('bootstrapPValue (two-sided, log-ratio = 0)', () => {
  it('counts each side with the +1 correction', () => {
    // 4 defined: 1 at or below 1, 3 at or above; 2·min(2, 4)/5 = .8.
    expect(bootstrapPValue([0.5, 2, 3, 4, Number.NaN])).toBeCloseTo(0.8, 12);
  });
  it('has a floor of 2 / (R + 1) and counts a ratio of exactly 1 on both sides', () => {
    expect(bootstrapPValue(new Array(999).fill(2))).toBeCloseTo(2 / 1000, 12);
    expect(bootstrapPValue([Infinity, Infinity, 3])).toBeCloseTo(0.5, 12);
    expect(bootstrapPValue([1, 1, 1])).toBe(1);
  });
  it('is NaN when nothing is defined', () => {
    expect(bootstrapPValue([Number.NaN, Number.NaN])).toBeNaN();
  });
});
