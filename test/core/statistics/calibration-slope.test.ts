/**
 * The calibration slope and intercept against maximum-likelihood fits made by scipy (and
 * checked against scikit-learn) in training/reference/calibration_slope_reference.py, and
 * against what they mean by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calibrationSlopeIntercept } from '../../../src/main/core/statistics/calibration-slope';

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/calibration-slope-reference.json', import.meta.url), 'utf8'),
) as { cases: { risks: number[]; outcomes: number[]; slope: number; intercept: number }[] };

describe('calibrationSlopeIntercept', () => {
  it('agrees with the reference fits', () => {
    expect(reference.cases.length).toBe(5);
    for (const c of reference.cases) {
      const fit = calibrationSlopeIntercept(c.risks, c.outcomes)!;
      expect(fit.slope).toBeCloseTo(c.slope, 6);
      expect(fit.intercept).toBeCloseTo(c.intercept, 6);
    }
  });

  it('gives the intercept that makes expected equal observed when risks are equal', () => {
    // Every risk 0.2 and 3 outcomes in 10: the intercept is logit(0.3) − logit(0.2), by hand
    // log(3/7) − log(1/4) = 0.5390; the slope is undefined (no spread), so it is null.
    const risks = Array.from({ length: 10 }, () => 0.2);
    const outcomes = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
    const fit = calibrationSlopeIntercept(risks, outcomes)!;
    expect(fit.intercept).toBeCloseTo(Math.log(3 / 7) - Math.log(1 / 4), 10);
    expect(fit.slope).toBeNull();
  });

  it('refuses a sample with one outcome class and mismatched lengths', () => {
    expect(calibrationSlopeIntercept([0.1, 0.4], [0, 0])).toBeNull();
    expect(() => calibrationSlopeIntercept([0.1], [0, 1])).toThrow(RangeError);
  });
});
