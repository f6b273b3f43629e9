/**
 * The likelihood-ratio test of the trace features: against scikit-learn on a fixed data set
 * (training/reference/abstention_reference.py), and by simulation: it rejects when a trace feature
 * carries signal beyond confidence, and its p-values spread uniformly when none does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  likelihoodRatioTest,
  traceFeatureTest,
  TRACE_FEATURES,
} from '../../../src/main/core/abstention';
import { cohort, stay } from './stays';

interface LrtReference {
  reduced: number[][];
  full: number[][];
  labels: number[];
  logLikelihoodReduced: number;
  logLikelihoodFull: number;
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

const reference = (
  JSON.parse(
    readFileSync(new URL('../../fixtures/abstention-reference.json', import.meta.url), 'utf8'),
  ) as { likelihoodRatio: LrtReference }
).likelihoodRatio;

describe('likelihoodRatioTest against scikit-learn (C = 1e6, standardised)', () => {
  it('gives the same log-likelihoods, statistic and chi-square p-value', () => {
    const lrt = likelihoodRatioTest(reference.reduced, reference.full, reference.labels);
    expect(lrt.logLikelihoodReduced).toBeCloseTo(reference.logLikelihoodReduced, 5);
    expect(lrt.logLikelihoodFull).toBeCloseTo(reference.logLikelihoodFull, 5);
    expect(lrt.statistic).toBeCloseTo(reference.statistic, 4);
    expect(lrt.degreesOfFreedom).toBe(reference.degreesOfFreedom);
    expect(lrt.pValue).toBeCloseTo(reference.pValue, 6);
  });
});

describe('traceFeatureTest', () => {
  it('returns null with a reason below 10 errors or 10 correct decisions', () => {
    const stays = Array.from({ length: 40 }, (_, i) =>
      stay(i + 1, { logitFull: 1 + (i % 5), label: i < 9 ? 0 : 1 }),
    );
    const result = traceFeatureTest(stays);
    expect(result.test).toBeNull();
    expect(result.reason).toMatch(/at least 10 wrong.*9 wrong and 31 correct/);
  });

  it('drops trace features that do not vary and counts the rest as degrees of freedom', () => {
    const stays = cohort(300, 17, { signal: false }).map((s) => ({ ...s, reachable: true }));
    const result = traceFeatureTest(stays);
    expect(result.test!.features).toEqual(TRACE_FEATURES.filter((f) => f !== 'reachable'));
    expect(result.test!.degreesOfFreedom).toBe(TRACE_FEATURES.length - 1);
  });

  it('rejects when exhaustion carries signal beyond confidence', () => {
    let rejections = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const result = traceFeatureTest(cohort(300, 1000 + seed, { signal: true }));
      if (result.test!.pValue < 0.001) rejections++;
    }
    expect(rejections).toBe(20);
  });

  it('gives spread-out p-values when the trace only restates confidence', () => {
    const pValues: number[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const result = traceFeatureTest(cohort(300, 5000 + seed, { signal: false }));
      pValues.push(result.test!.pValue);
    }
    const below = (x: number): number => pValues.filter((p) => p < x).length / pValues.length;
    // Uniform under the null: about 5% below 0.05, about half below 0.5.
    expect(below(0.05)).toBeLessThanOrEqual(0.1);
    expect(below(0.5)).toBeGreaterThan(0.38);
    expect(below(0.5)).toBeLessThan(0.62);
    const mean = pValues.reduce((a, b) => a + b, 0) / pValues.length;
    expect(mean).toBeGreaterThan(0.42);
    expect(mean).toBeLessThan(0.58);
  });
});
