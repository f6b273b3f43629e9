import { describe, expect, it } from 'vitest';
import {
  calibrationBin,
  expectedCalibrationError,
  reliabilityCurve,
} from '../../../src/main/core/statistics';

describe('calibrationBin', () => {
  it('puts a value on an edge in the upper bin and 1 in the last bin', () => {
    // 0.3 · 10 = 3.0000000000000004 and 0.7 · 10 = 7.000000000000001 in floating point:
    // the edge correction, not the rounding, decides.
    expect(calibrationBin(0, 10)).toBe(0);
    expect(calibrationBin(0.3, 10)).toBe(3);
    expect(calibrationBin(0.7, 10)).toBe(7);
    expect(calibrationBin(1, 10)).toBe(9);
  });

  it('agrees with the exact edges i/bins for many bin counts', () => {
    for (let bins = 1; bins <= 40; bins++) {
      for (let i = 0; i <= bins; i++) {
        const edge = i / bins;
        expect(calibrationBin(edge, bins)).toBe(Math.min(i, bins - 1));
        const below = edge - Number.EPSILON * Math.max(edge, 1e-300);
        if (i > 0 && below < edge) expect(calibrationBin(below, bins)).toBe(i - 1);
      }
    }
  });
});

describe('expectedCalibrationError', () => {
  it('weighs each bin by its share of stays', () => {
    // p = .05 (y 0) → bin 0: |.05 − 0| = .05, weight 1/5
    // p = .15 (y 1) → bin 1: |.15 − 1| = .85, weight 1/5
    // p = .85 (y 0) → bin 8: |.85 − 0| = .85, weight 1/5
    // p = .95, 1.0 (y 1, 1) → bin 9 (closed at 1): |.975 − 1| = .025, weight 2/5
    // ECE = (.05 + .85 + .85) / 5 + .4 · .025 = .35 + .01 = .36
    expect(expectedCalibrationError([0.05, 0.15, 0.95, 0.85, 1.0], [0, 1, 1, 0, 1])).toBeCloseTo(
      0.36,
      15,
    );
  });

  it('is 0 for a perfectly calibrated set and honours the bin count', () => {
    // Bin [0.5, 0.6): p = .5, .5 with labels 1, 0 → |.5 − .5| = 0.
    expect(expectedCalibrationError([0.5, 0.5], [1, 0])).toBe(0);
    // One bin: |mean p − mean y| = |(.2 + .6)/2 − ½| = .1.
    expect(expectedCalibrationError([0.2, 0.6], [1, 0], 1)).toBeCloseTo(0.1, 15);
  });

  it('is NaN for no stays and refuses probabilities outside [0, 1]', () => {
    expect(expectedCalibrationError([], [])).toBeNaN();
    expect(() => expectedCalibrationError([1.2], [1])).toThrow(RangeError);
    expect(() => expectedCalibrationError([0.2], [1], 0)).toThrow(/bins/);
  });
});

describe('reliabilityCurve', () => {
  it('lists every bin with its edges, count and means; empty bins are NaN', () => {
    const curve = reliabilityCurve([0.05, 0.15, 0.95, 0.85, 1.0], [0, 1, 1, 0, 1], 5);
    // Five bins of width .2: [0,.2) holds .05 and .15; [.8, 1] holds .85, .95 and 1.
    expect(curve).toHaveLength(5);
    expect(curve[0]).toEqual({
      lower: 0,
      upper: 0.2,
      count: 2,
      meanPredicted: 0.1,
      observedRate: 0.5,
    });
    expect(curve[1]!.count).toBe(0);
    expect(curve[1]!.meanPredicted).toBeNaN();
    expect(curve[1]!.observedRate).toBeNaN();
    expect(curve[4]!.count).toBe(3);
    expect(curve[4]!.meanPredicted).toBeCloseTo((0.85 + 0.95 + 1) / 3, 15);
    expect(curve[4]!.observedRate).toBeCloseTo(2 / 3, 15);
    expect(curve[4]!.upper).toBe(1);
  });
});
