/**
 * Cross-check against scikit-learn: test/fixtures/calibration-reference.json is written by
 * training/reference/calibration_reference.py (IsotonicRegression, LogisticRegression(C=1e10)
 * on logit(p), temperature by scipy's brentq on the NLL's derivative, threshold rules written
 * out in numpy, ECE in numpy).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyCalibration,
  applyCalibrationAll,
  chooseThreshold,
  fitIsotonic,
  fitPlatt,
  fitTemperature,
  parseThresholdRule,
} from '../../../src/main/core/calibration';
import { InputError } from '../../../src/main/core/errors/input-error';
import { expectedCalibrationError } from '../../../src/main/core/statistics';

interface ReferenceCase {
  name: string;
  p: number[];
  labels: number[];
  probes: number[];
  isotonic: { x: number[]; y: number[]; predictions: number[] };
  platt: { slope: number; intercept: number; predictions: number[] };
  temperature: { temperature: number; nll: number; predictions: number[] } | null;
  thresholdsOnPlatt: Record<string, number | { bestPpv: number } | null>;
  ece: { raw: number; platt: number; isotonic: number; temperature: number | null };
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/calibration-reference.json', import.meta.url), 'utf8'),
) as { cases: ReferenceCase[] };

function expectClose(actual: ArrayLike<number>, expected: readonly number[], tolerance: number) {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  }
  expect(worst).toBeLessThanOrEqual(tolerance);
}

describe('calibration agrees with scikit-learn', () => {
  it('covers the intended data sets', () => {
    expect(fixture.cases.map((c) => c.name)).toEqual([
      'tiny',
      'overconfident-300',
      'ties-300',
      'skewed-300',
      'saturated-120',
      'near-ties',
    ]);
  });

  for (const c of fixture.cases) {
    describe(c.name, () => {
      it('isotonic: the same knots and predictions, to the last bit', () => {
        const map = fitIsotonic(c.p, c.labels);
        expect(map.x).toEqual(c.isotonic.x);
        expect(map.y).toEqual(c.isotonic.y);
        expectClose(applyCalibrationAll(map, c.probes), c.isotonic.predictions, 0);
      });

      it('Platt: slope and intercept of LogisticRegression(C=1e10) on logit(p), to 1e-10', () => {
        const map = fitPlatt(c.p, c.labels);
        expect(Math.abs(map.slope - c.platt.slope)).toBeLessThanOrEqual(1e-10);
        expect(Math.abs(map.intercept - c.platt.intercept)).toBeLessThanOrEqual(1e-10);
        expectClose(applyCalibrationAll(map, c.probes), c.platt.predictions, 1e-12);
      });

      it('temperature: the NLL minimiser, to 1e-12 relative (or refused where none exists)', () => {
        if (c.temperature === null) {
          expect(() => fitTemperature(c.p, c.labels)).toThrow(InputError);
          return;
        }
        const map = fitTemperature(c.p, c.labels);
        const relative =
          Math.abs(map.temperature - c.temperature.temperature) / c.temperature.temperature;
        expect(relative).toBeLessThanOrEqual(1e-12);
        expectClose(applyCalibrationAll(map, c.probes), c.temperature.predictions, 1e-12);
      });

      it('threshold rules on the Platt-calibrated values pick the same t', () => {
        // Platt values agree to ~1e-13 with the reference's, far below the gaps between
        // distinct values, so the chosen candidates are the same stays' values.
        const calibrated = applyCalibrationAll(fitPlatt(c.p, c.labels), c.p);
        for (const [text, expected] of Object.entries(c.thresholdsOnPlatt)) {
          const attempt = () => chooseThreshold(parseThresholdRule(text), calibrated, c.labels);
          if (expected === null) expect(attempt, text).toThrow(/outnumber/);
          else if (typeof expected === 'object') {
            expect(attempt, text).toThrow(
              new RegExp(`best attainable is ${(100 * expected.bestPpv).toFixed(1)}%`),
            );
          } else expect(Math.abs(attempt().value - expected), text).toBeLessThanOrEqual(1e-9);
        }
      });

      it('ECE before and after each map, to 1e-9', () => {
        const labels = c.labels;
        expect(Math.abs(expectedCalibrationError(c.p, labels) - c.ece.raw)).toBeLessThanOrEqual(
          1e-12,
        );
        const ece = (values: Float64Array) => expectedCalibrationError(values, labels);
        const platt = applyCalibrationAll(fitPlatt(c.p, labels), c.p);
        expect(Math.abs(ece(platt) - c.ece.platt)).toBeLessThanOrEqual(1e-9);
        const isotonic = applyCalibrationAll(fitIsotonic(c.p, labels), c.p);
        expect(Math.abs(ece(isotonic) - c.ece.isotonic)).toBeLessThanOrEqual(1e-12);
        if (c.ece.temperature !== null) {
          const scaled = applyCalibrationAll(fitTemperature(c.p, labels), c.p);
          expect(Math.abs(ece(scaled) - c.ece.temperature)).toBeLessThanOrEqual(1e-9);
        }
      });
    });
  }

  it('every fitted isotonic map is non-decreasing on a fine grid', () => {
    for (const c of fixture.cases) {
      const map = fitIsotonic(c.p, c.labels);
      const grid = Array.from({ length: 1001 }, (_, i) => i / 1000);
      const values = grid.map((p) => applyCalibration(map, p));
      values.forEach((v, i) => i > 0 && expect(v).toBeGreaterThanOrEqual(values[i - 1]!));
    }
  });
});
