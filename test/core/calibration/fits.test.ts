/**
 * The three calibration maps on data small enough to solve by hand, and applyCalibration's
 * formulas. Each expected value is worked out in the comment above it.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCalibration,
  applyCalibrationAll,
  fitIsotonic,
  fitPlatt,
  fitTemperature,
} from '../../../src/main/core/calibration';
import { InputError } from '../../../src/main/core/errors/input-error';
import { sigmoid } from '../../../src/main/core/models/stay-model';

const near = (actual: number, expected: number, tolerance = 1e-12) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);

// Four stays at z = logit(p) = +2 (3 events) and four at z = -2 (1 event).
const symmetric = {
  p: [2, 2, 2, 2, -2, -2, -2, -2].map(sigmoid),
  y: [1, 1, 1, 0, 0, 0, 0, 1],
};

describe('fitTemperature', () => {
  it('solves the symmetric two-point case exactly', () => {
    // d NLL / dβ = Σ (σ(βz) − y) z = 4·2·(σ(2β) − 3/4) − 4·2·(σ(−2β) − 1/4)
    //            = 16 (σ(2β) − 3/4), zero at 2β = logit(3/4) = ln 3, so T = 1/β = 2 / ln 3.
    const map = fitTemperature(symmetric.p, symmetric.y);
    near(map.temperature, 2 / Math.log(3), 1e-12);
    // Each point's calibrated p is then its empirical event rate.
    near(applyCalibration(map, symmetric.p[0]!), 0.75);
    near(applyCalibration(map, symmetric.p[4]!), 0.25);
  });

  it('refuses data that only a constant 0.5 would fit, and perfectly separated data', () => {
    // Events score lower: NLL'(0) = Σ (1/2 − y) z = (1/2)(2) + (−1/2)(−2) = 2 > 0.
    expect(() => fitTemperature([sigmoid(2), sigmoid(-2)], [0, 1])).toThrow(InputError);
    expect(() => fitTemperature([sigmoid(2), sigmoid(-2)], [0, 1])).toThrow(
      /no temperature T > 0 fits.*--method platt/,
    );
    // Every event above 0.5, every non-event below: T → 0.
    expect(() => fitTemperature([0.9, 0.8, 0.2, 0.1], [1, 1, 0, 0])).toThrow(
      /separate events from non-events perfectly/,
    );
    // One class only.
    expect(() => fitTemperature([0.9, 0.2], [0, 0])).toThrow(/both outcomes/);
  });

  it('rejects malformed input as a programming error', () => {
    expect(() => fitTemperature([0.5], [1, 0])).toThrow(RangeError);
    expect(() => fitTemperature([0.5, 1.5], [1, 0])).toThrow(RangeError);
    expect(() => fitTemperature([0.5, 0.4], [1, 2])).toThrow(RangeError);
  });
});

describe('fitPlatt', () => {
  it('reproduces two empirical rates exactly (two points, two parameters)', () => {
    // z = 0 (p = 0.5) with rate 1/4 and z = 2 with rate 3/4: the MLE fits both,
    //   b = logit(1/4) = −ln 3,   2a + b = logit(3/4) = ln 3  =>  a = ln 3.
    const p = [0.5, 0.5, 0.5, 0.5, sigmoid(2), sigmoid(2), sigmoid(2), sigmoid(2)];
    const y = [1, 0, 0, 0, 1, 1, 1, 0];
    const map = fitPlatt(p, y);
    near(map.slope, Math.log(3), 1e-9);
    near(map.intercept, -Math.log(3), 1e-9);
    near(applyCalibration(map, 0.5), 0.25, 1e-9);
  });

  it('on the symmetric case: no intercept, slope ln 3 / 2 (temperature 2 / ln 3)', () => {
    const map = fitPlatt(symmetric.p, symmetric.y);
    near(map.slope, Math.log(3) / 2, 1e-9);
    near(map.intercept, 0, 1e-9);
  });

  it('refuses a decreasing fit', () => {
    // Events at the low score: the slope would be negative.
    expect(() => fitPlatt([0.8, 0.8, 0.8, 0.3, 0.3, 0.3], [0, 0, 1, 1, 1, 0])).toThrow(
      /slope on logit\(p\) is -/,
    );
  });

  it('refuses a split whose events and non-events do not overlap (no finite maximum)', () => {
    // One event above nine non-events, as on the MIMIC-III demo's 10-stay val split: the
    // likelihood rises without bound in the slope.
    const p = [0.9, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1];
    const y = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(() => fitPlatt(p, y)).toThrow(/do not overlap in p.*no finite solution/);
    // Touching at one value is still no overlap: the slope still grows without bound.
    expect(() => fitPlatt([0.6, 0.5, 0.5, 0.2], [1, 1, 0, 0])).toThrow(/do not overlap/);
    // One event below a non-event is enough for a finite fit.
    expect(fitPlatt([0.9, 0.3, 0.5, 0.2], [1, 1, 0, 0]).slope).toBeGreaterThan(0);
  });
});

describe('fitIsotonic', () => {
  it('pools one violation and keeps the knots scikit-learn keeps', () => {
    // y = 0, 1, 0, 1 at p = .1 .. .4: the 1, 0 pair pools to 0.5, 0.5 -> ŷ = 0, .5, .5, 1.
    // Every point differs from a neighbour, so all four are knots.
    const map = fitIsotonic([0.3, 0.1, 0.4, 0.2], [0, 0, 1, 1]);
    expect(map).toEqual({ method: 'isotonic', x: [0.1, 0.2, 0.3, 0.4], y: [0, 0.5, 0.5, 1] });
    // Linear between knots, clipped outside them.
    near(applyCalibration(map, 0.25), 0.5);
    near(applyCalibration(map, 0.35), 0.75);
    expect(applyCalibration(map, 0.05)).toBe(0);
    expect(applyCalibration(map, 0.9)).toBe(1);
    expect(applyCalibration(map, 0.2)).toBe(0.5);
  });

  it('averages tied p first and weighs the mean by the count', () => {
    // p = .1 three times (labels 1, 1, 0: mean 2/3, weight 3) then p = .2 (label 0): a
    // violation, pooled to (3·2/3 + 1·0) / 4 = 0.5. Unweighted pooling would give 1/3.
    const map = fitIsotonic([0.1, 0.1, 0.1, 0.2], [1, 1, 0, 0]);
    expect(map.x).toEqual([0.1, 0.2]);
    expect(map.y).toEqual([0.5, 0.5]);
    // Without a violation the tie's mean stays: p = .2 ×3 (1, 0, 0) then .5 (1).
    const tied = fitIsotonic([0.2, 0.5, 0.2, 0.2], [1, 1, 0, 0]);
    expect(tied.x).toEqual([0.2, 0.5]);
    near(tied.y[0]!, 1 / 3);
    expect(tied.y[1]).toBe(1);
  });

  it('drops interior points of a flat stretch', () => {
    // ŷ = 0, 0, 0, 1, 1, 1: the middle zero and the middle one lie on flat stretches.
    const map = fitIsotonic([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [0, 0, 0, 1, 1, 1]);
    expect(map.x).toEqual([0.1, 0.3, 0.4, 0.6]);
    expect(map.y).toEqual([0, 0, 1, 1]);
  });

  it('gives one knot for one distinct p, and applies it everywhere', () => {
    const map = fitIsotonic([0.4, 0.4, 0.4, 0.4], [1, 0, 0, 0]);
    expect(map).toEqual({ method: 'isotonic', x: [0.4], y: [0.25] });
    expect(applyCalibration(map, 0.9)).toBe(0.25);
    expect(applyCalibration(map, 0)).toBe(0.25);
  });
});

describe('applyCalibration', () => {
  it('temperature and Platt follow their formulas, with p clamped before the logit', () => {
    near(applyCalibration({ method: 'temperature', temperature: 2 }, sigmoid(3)), sigmoid(1.5));
    near(applyCalibration({ method: 'platt', slope: 0.5, intercept: -1 }, sigmoid(4)), sigmoid(1));
    // p = 1 and p = 0 are clamped to 1 − 1e-12 and 1e-12 (logits about ±27.63), not ±Infinity.
    const top = Math.log((1 - 1e-12) / (1 - (1 - 1e-12)));
    const bottom = Math.log(1e-12 / (1 - 1e-12));
    near(top, 27.631, 1e-3);
    near(applyCalibration({ method: 'temperature', temperature: 2 }, 1), sigmoid(top / 2));
    near(applyCalibration({ method: 'temperature', temperature: 2 }, 0), sigmoid(bottom / 2));
    near(applyCalibration({ method: 'platt', slope: 0.1, intercept: 0 }, 1), sigmoid(top / 10));
  });

  it('keeps NaN and works over arrays', () => {
    expect(applyCalibration({ method: 'temperature', temperature: 2 }, NaN)).toBeNaN();
    expect(applyCalibration({ method: 'isotonic', x: [0.1], y: [0.3] }, NaN)).toBeNaN();
    const out = applyCalibrationAll({ method: 'platt', slope: 1, intercept: 0 }, [0.2, 0.7]);
    expect(out).toBeInstanceOf(Float64Array);
    near(out[0]!, 0.2);
    near(out[1]!, 0.7);
  });
});
