import { describe, expect, it } from 'vitest';
import { methodRows } from '../../../src/main/core/evaluation';
import type { Estimate } from '../../../src/shared/estimate';
import { tinyRecords, tinyResult } from '../../support/tiny-evaluation';

/**
 * The estimate, and an interval that has width and contains it, or none at all (on four stays
 * a bootstrap often collapses to a point, and is then withheld).
 */
function expectEstimate(e: Estimate | null | undefined, value: number, digits = 12): void {
  expect(e?.estimate).toBeCloseTo(value, digits);
  if (e!.method === 'none') {
    expect([e!.lower, e!.upper]).toEqual([null, null]);
    return;
  }
  expect(e!.lower!).toBeLessThan(e!.upper!);
  expect(e!.lower!).toBeLessThanOrEqual(e!.estimate!);
  expect(e!.upper!).toBeGreaterThanOrEqual(e!.estimate!);
}

describe('metric tables on a four-stay cohort worked by hand', () => {
  const result = tinyResult();
  const row = (method: string, k: number) =>
    result.rows.find((r) => r.method === method && r.k === k)!;

  it('computes sufficiency AUROC, fidelity MAE, comprehensiveness, ECE and agreement per (method, k)', () => {
    const toe = row('toe', 1);
    // Positives score 0.8, 0.5; negatives 0.2, 0.6: 3 of 4 pairs ordered.
    expectEstimate(toe.auroc, 0.75);
    // Every |p_full − p| is 0.1.
    expectEstimate(toe.fidelityMae, 0.1);
    // ŷ_full 1, 0, 1, 1: 0.9−0.4, (1−0.3)−(1−0.5), 0.6−0.3, 0.7−0.2 → mean 0.375.
    expectEstimate(toe.comprehensiveness, 0.375);
    // One stay per bin: |0.8−1|, |0.2−0|, |0.5−1|, |0.6−0| → mean 0.375.
    expectEstimate(toe.ece, 0.375);
    // [p ≥ 0.5] = 1, 0, 1, 1 = ŷ_full everywhere.
    expectEstimate(toe.decisionAgreement, 1);
    expect(toe.meanSize).toBe(1);
    // Top-k at 1: |0.4|, |0.3|, |0.2|, |0.4| → 0.325; positives 0.5, 0.4 vs negatives 0.6, 0.3 → 2/4.
    expectEstimate(row('topk', 1).fidelityMae, 0.325);
    expectEstimate(row('topk', 1).auroc, 0.5);
  });

  it('orders rows: compared methods, then by k', () => {
    expect(result.rows.map((r) => `${r.method}@${r.k}`)).toEqual([
      'toe@1',
      'toe@5',
      'topk@1',
      'topk@5',
    ]);
    expect(methodRows(tinyRecords(), 0.5, { seed: 1, resamples: 10 })).toHaveLength(4);
  });

  it('gives the full model and the headline comparisons, paired', () => {
    // Full model: positives 0.9, 0.6 vs negatives 0.3, 0.7 → 3/4.
    expectEstimate(result.full.auroc, 0.75);
    // ToE at k = 5 reproduces p_full exactly: retention 1 in every resample, a collapsed
    // interval, withheld.
    expect(result.headline.retentionAt5).toMatchObject({
      estimate: 1,
      lower: null,
      upper: null,
      method: 'none',
    });
    const at1 = result.headline.maeComparison.find((m) => m.k === 1)!;
    expectEstimate(at1.toe, 0.1);
    expectEstimate(at1.topk, 0.325);
    expectEstimate(at1.ratio, 0.1 / 0.325);
    const at5 = result.headline.maeComparison.find((m) => m.k === 5)!;
    expectEstimate(at5.toe, 0);
    expectEstimate(at5.topk, 0.05);
  });

  it('reports the optimality gap and the share of optimal searches', () => {
    expect(result.optimality.map((o) => o.k)).toEqual([1, 2, 3]);
    const k3 = result.optimality[2]!;
    expectEstimate(k3.gap, 0);
    // Stay 2 falls 0.02 short of the optimum at k = 3: 3 of 4 optimal (an exact interval),
    // mean shortfall 0.005.
    expectEstimate(k3.optimumFound, 0.75);
    expect(k3.optimumFound).toMatchObject({ method: 'clopper-pearson', resamples: 0 });
    expectEstimate(k3.scoreShortfall, 0.005);
    expectEstimate(k3.sameSet, 0.75);
    expectEstimate(result.optimality[0]!.optimumFound, 1);
  });

  it('compares calibration at k = 5 with the full model', () => {
    expect(result.calibration!.k).toBe(5);
    expectEstimate(result.calibration!.difference, 0);
    expect(result.calibration!.full.curve).toHaveLength(10);
  });

  it('splits dynamic-mode evidence size by correctness, at S_max 5 and 10', () => {
    expect(result.evidenceSize.map((s) => s.maxSize)).toEqual([5, 10]);
    const s5 = result.evidenceSize[0]!;
    const { all, byOutcome, byCorrectness } = s5;
    // Sizes 2, 5, 5, 5; the full model is wrong only on stay 4 (FP).
    expect(all.histogram).toEqual([0, 0, 1, 0, 0, 3]);
    expect([all, byOutcome.positive, byOutcome.negative].map((g) => g.n)).toEqual([4, 2, 2]);
    expect([byCorrectness.correct.n, byCorrectness.incorrect.n]).toEqual([3, 1]);
    expectEstimate(all.mean, 17 / 4);
    expectEstimate(byCorrectness.correct.mean, 4);
    expectEstimate(byCorrectness.incorrect.mean, 5);
    expectEstimate(byCorrectness.correct.exhausted, 2 / 3);
  });

  it('counts TP/FP exhaustion and what abstaining on it buys', () => {
    const { maxSteps, exhaustion: e, abstention: a } = result.exhaustion!;
    expect(maxSteps).toBe(10);
    const { TP, FP, TN, FN } = e.byClass;
    expect([TP.stays, FP.stays, TN.stays, FN.stays]).toEqual([2, 1, 1, 0]);
    // TPs are stays 1 (converged) and 3 (exhausted); the FP, stay 4, exhausted.
    expect([TP.exhausted, FP.exhausted]).toEqual([1, 1]);
    expectEstimate(TP.rate, 0.5);
    expectEstimate(FP.rate, 1);
    expect(e.fpTpRatio.estimate).toBeCloseTo(2, 12);
    // Withdrawing stays 3 and 4: precision 2/3 → 1, sensitivity 1 → 1/2.
    expectEstimate(a.onExhaustion.precisionGained, 1 / 3);
    expectEstimate(a.onExhaustion.sensitivityLost, 0.5);
    // Stay 4 is the only unreachable one; among reachable stays the FP rate is undefined.
    expectEstimate(e.reachableShare, 0.75);
    expect(e.reachableOnly.fpRate.estimate).toBeNull();
  });
});
