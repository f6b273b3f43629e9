import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  conceptBottleneckProbability,
  conceptBottleneckProbabilityForStay,
  trainConceptBottleneck,
  type ConceptExample,
} from '../../../src/main/core/baselines/concept-bottleneck';
import { CLINICAL_VARIABLES } from '../../../src/main/core/import/clinical-variables';

/** Written by training/reference/cbm_reference.py with scikit-learn's LogisticRegression. */
interface CbmReference {
  sklearnVersion: string;
  train: { concepts: number[][]; labels: (0 | 1)[] };
  test: { concepts: number[][] };
  fits: {
    c: number;
    classWeight: 'none' | 'balanced';
    coefficients: number[];
    intercept: number;
    testProbabilities: number[];
  }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/cbm-reference.json', import.meta.url), 'utf8'),
) as CbmReference;
const examples: ConceptExample[] = reference.train.concepts.map((concepts, i) => ({
  concepts,
  label: reference.train.labels[i]!,
}));

describe('hard concept bottleneck (L2 logistic regression on the 24 concepts)', () => {
  it.each(reference.fits.map((fit) => [fit.c, fit.classWeight, fit] as const))(
    'matches sklearn LogisticRegression at C = %s, class_weight = %s',
    (_c, _weights, fit) => {
      const model = trainConceptBottleneck(examples, { c: fit.c, classWeight: fit.classWeight });
      expect(model.converged).toBe(true);
      fit.coefficients.forEach((w, j) =>
        expect(Math.abs(model.coefficients[j]! - w)).toBeLessThan(1e-6),
      );
      expect(Math.abs(model.intercept - fit.intercept)).toBeLessThan(1e-6);
      reference.test.concepts.forEach((concepts, i) => {
        expect(
          Math.abs(conceptBottleneckProbability(model, concepts) - fit.testProbabilities[i]!),
        ).toBeLessThan(1e-7);
      });
    },
  );

  it('covers both class weightings and two strengths in the fixture', () => {
    expect(reference.fits.map((f) => `${f.c}/${f.classWeight}`).sort()).toEqual([
      '0.1/balanced',
      '0.1/none',
      '1/balanced',
      '1/none',
    ]);
  });

  it('predicts from a raw stay tensor through its concepts', () => {
    const model = trainConceptBottleneck(examples);
    const variables = CLINICAL_VARIABLES.map((v) => ({ name: v.name }));
    const series = new Float32Array(24 * variables.length * 3).fill(Number.NaN);
    // Only tachycardia (concept 0) present.
    series.set([120, 110, 130], (5 * variables.length + 0) * 3);
    const concepts = new Array(24).fill(0);
    concepts[0] = 1;
    expect(
      conceptBottleneckProbabilityForStay(model, { series }, { hours: 24, variables }),
    ).toBeCloseTo(conceptBottleneckProbability(model, concepts), 15);
  });

  it('refuses a training set with a single outcome', () => {
    expect(() =>
      trainConceptBottleneck(examples.map((e) => ({ ...e, label: 0 as const }))),
    ).toThrow(/both outcomes/);
  });
});
