/**
 * The likelihood-ratio test of the trace features: against scikit-learn on a fixed data set
 * (training/reference/abstention_reference.py), and by simulation: it rejects when a trace feature
 * carries signal beyond confidence, and its p-values spread uniformly when none does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  learnedFeatureVector,
  likelihoodRatioTest,
  traceFeatureTest,
  LEARNED_FEATURES,
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
    expect(result.test!.reducedFeatures).toEqual(['|m(p_full)|', 'alert']);
    expect(result.test!.features).toEqual(TRACE_FEATURES.filter((f) => f !== 'reachable'));
    expect(result.test!.aliased).toEqual(['reachable']);
    expect(result.test!.degreesOfFreedom).toBe(TRACE_FEATURES.length - 1);
  });

  it('counts the rank of an aliased design, not its columns, and names what it left out', () => {
    // Every search either converged at step 1 with |E| = 1 or exhausted at step 10 with
    // |E| = 10: steps, |E| and exhausted are one variable (|E| = steps, exhausted =
    // (steps − 1)/9), so they add one degree of freedom, not three.
    const stays = cohort(300, 23, { signal: true }).map((s) => {
      const exhausted = s.status === 'exhausted';
      return { ...s, steps: exhausted ? 10 : 1, evidenceSize: exhausted ? 10 : 1 };
    });
    const result = traceFeatureTest(stays).test!;
    expect(result.features).toContain('steps');
    expect(result.features).not.toContain('|E|');
    expect(result.features).not.toContain('exhausted');
    expect(result.aliased).toEqual(expect.arrayContaining(['|E|', 'exhausted']));
    expect(result.degreesOfFreedom).toBe(result.features.length);
    expect(result.degreesOfFreedom).toBe(TRACE_FEATURES.length - result.aliased.length);
    // The same test with the aliased columns left out by hand gives the same statistic.
    const handDropped = likelihoodRatioTest(
      stays.map((s) => learnedFeatureVector(s).slice(0, 2)),
      stays.map((s) => {
        const row = learnedFeatureVector(s);
        return [
          ...row.slice(0, 2),
          ...result.features.map((f) => row[(LEARNED_FEATURES as readonly string[]).indexOf(f)]!),
        ];
      }),
      stays.map((s) => (s.yFull !== s.label ? 1 : 0)),
    );
    expect(result.statistic).toBeCloseTo(handDropped.statistic, 6);
    expect(result.degreesOfFreedom).toBe(handDropped.degreesOfFreedom);
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
