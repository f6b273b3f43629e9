/**
 * Cross-check against scikit-learn: test/fixtures/metrics-reference.json is written by
 * training/reference/metrics_reference.py (roc_auc_score, average_precision_score,
 * calibration_curve, and an ECE computed independently in numpy).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  auroc,
  averagePrecision,
  expectedCalibrationError,
  reliabilityCurve,
} from '../../../src/main/core/statistics';

interface ReferenceBin {
  count: number;
  meanPredicted: number | null;
  observedRate: number | null;
}

interface ReferenceCase {
  name: string;
  scores: number[];
  labels: number[];
  rocAuc: number;
  averagePrecision: number;
  calibration: Record<
    string,
    {
      ece: number;
      bins: ReferenceBin[];
      sklearnCurve: { probTrue: number[]; probPred: number[] } | null;
    }
  >;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/metrics-reference.json', import.meta.url), 'utf8'),
) as { cases: ReferenceCase[] };

const TOLERANCE = 1e-12;

function expectNear(actual: number, expected: number | null): void {
  if (expected === null) expect(actual).toBeNaN();
  else expect(Math.abs(actual - expected)).toBeLessThanOrEqual(TOLERANCE);
}

describe('metrics agree with scikit-learn / numpy to 1e-12', () => {
  it('covers the intended input sets', () => {
    expect(fixture.cases.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'tiny-ties',
        'ties-rounded',
        'imbalanced',
        'perfect',
        'inverted',
        'all-tied',
        'random',
        'bin-edges',
      ]),
    );
  });

  for (const c of fixture.cases) {
    describe(c.name, () => {
      const scores = Float64Array.from(c.scores);
      const labels = Float64Array.from(c.labels);

      it('roc_auc_score', () => expectNear(auroc(scores, labels), c.rocAuc));
      it('average_precision_score', () =>
        expectNear(averagePrecision(scores, labels), c.averagePrecision));

      for (const [binsText, ref] of Object.entries(c.calibration)) {
        const bins = Number(binsText);
        it(`ECE and reliability bins (${bins} bins)`, () => {
          expectNear(expectedCalibrationError(scores, labels, bins), ref.ece);
          const curve = reliabilityCurve(scores, labels, bins);
          expect(curve.map((b) => b.count)).toEqual(ref.bins.map((b) => b.count));
          curve.forEach((b, i) => {
            expectNear(b.meanPredicted, ref.bins[i]!.meanPredicted);
            expectNear(b.observedRate, ref.bins[i]!.observedRate);
          });
          // sklearn's calibration_curve lists non-empty bins only; the fixture carries it only
          // where sklearn's edge convention assigns every value to the same bin as ours.
          if (ref.sklearnCurve) {
            const nonEmpty = curve.filter((b) => b.count > 0);
            expect(nonEmpty).toHaveLength(ref.sklearnCurve.probTrue.length);
            nonEmpty.forEach((b, i) => {
              expectNear(b.observedRate, ref.sklearnCurve!.probTrue[i]!);
              expectNear(b.meanPredicted, ref.sklearnCurve!.probPred[i]!);
            });
          }
        });
      }
    });
  }

  it('compares against sklearn calibration_curve for most sets', () => {
    const compared = fixture.cases.filter((c) => c.calibration['10']!.sklearnCurve !== null);
    expect(compared.length).toBeGreaterThanOrEqual(5);
  });
});
