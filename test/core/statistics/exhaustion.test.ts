import { describe, expect, it } from 'vitest';
import {
  abstentionEffect,
  confusionClass,
  confusionCounts,
  exhaustionRates,
  exhaustionReport,
} from '../../../src/main/core/statistics';

// Ten stays at threshold .5 (reachable: p_full >= .8 for a positive decision, <= .2 for a
// negative one, with the default tau_conf = tau_suff = .9):
//  i   p_full label class exhausted reachable
//  0   .95    1     TP    no        yes
//  1   .90    1     TP    no        yes
//  2   .85    1     TP    yes       yes
//  3   .60    1     TP    yes       no
//  4   .70    0     FP    yes       no
//  5   .55    0     FP    yes       no
//  6   .30    1     FN    yes       no
//  7   .10    0     TN    no        yes
//  8   .20    0     TN    no        yes
//  9   .40    0     TN    yes       no
const pFull = [0.95, 0.9, 0.85, 0.6, 0.7, 0.55, 0.3, 0.1, 0.2, 0.4];
const labels = [1, 1, 1, 1, 0, 0, 1, 0, 0, 0];
const exhausted = [false, false, true, true, true, true, true, false, false, true];
const reachable = [true, true, true, false, false, false, false, true, true, false];

describe('confusion classes', () => {
  it('predicts positive iff p_full >= threshold', () => {
    expect(confusionClass(0.5, 1)).toBe('TP');
    expect(confusionClass(0.5, 0)).toBe('FP');
    expect(confusionClass(0.4999, 1)).toBe('FN');
    expect(confusionClass(0.7, 0, 0.8)).toBe('TN');
    expect(confusionCounts(pFull, labels)).toEqual({ tp: 4, fp: 2, tn: 3, fn: 1 });
  });
});

describe('exhaustionRates', () => {
  it('gives the rate among TP and among FP and their ratio', () => {
    // TP: 2 of 4 exhausted (stays 2, 3) → .5;  FP: 2 of 2 (stays 4, 5) → 1;  ratio 1 / .5 = 2.
    expect(exhaustionRates(pFull, labels, exhausted)).toEqual({
      tp: 4,
      fp: 2,
      tpExhausted: 2,
      fpExhausted: 2,
      tpRate: 0.5,
      fpRate: 1,
      ratio: 2,
    });
  });

  it('says Infinity when only FPs exhaust and NaN when the ratio is undefined', () => {
    // TP rate 0/1, FP rate 1/1 → 1/0 = Infinity.
    expect(exhaustionRates([0.9, 0.9], [1, 0], [false, true]).ratio).toBe(Infinity);
    // Both 0 → 0/0 = NaN.
    expect(exhaustionRates([0.9, 0.9], [1, 0], [false, false]).ratio).toBeNaN();
    // No TP at all → TP rate NaN → ratio NaN.
    const noTp = exhaustionRates([0.9], [0], [true]);
    expect(noTp.tpRate).toBeNaN();
    expect(noTp.ratio).toBeNaN();
  });
});

describe('abstentionEffect', () => {
  it('withdraws abstained positives: precision over the kept, sensitivity over all label 1', () => {
    // Abstain on exhaustion. Positive decisions: TP 0,1,2,3 and FP 4,5; label-1 stays: 0,1,2,3,6.
    // Without: precision 4/6, sensitivity 4/5.
    // Abstained: TP 2, 3 and FP 4, 5 → kept TP 2, FP 0 → precision 2/2 = 1, sensitivity 2/5.
    const e = abstentionEffect(pFull, labels, exhausted);
    expect(e).toMatchObject({
      positives: 5,
      predictedPositive: 6,
      abstained: 4,
      tpAbstained: 2,
      fpAbstained: 2,
    });
    expect(e.precisionWithout).toBeCloseTo(2 / 3, 15);
    expect(e.precisionWith).toBe(1);
    expect(e.precisionGained).toBeCloseTo(1 / 3, 15);
    expect(e.sensitivityWithout).toBeCloseTo(0.8, 15);
    expect(e.sensitivityWith).toBeCloseTo(0.4, 15);
    expect(e.sensitivityLost).toBeCloseTo(0.4, 15);
  });

  it('ignores abstention on negative decisions; NaN precision when nothing is kept', () => {
    const onlyNegatives = abstentionEffect(pFull, labels, [
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(onlyNegatives.abstained).toBe(0);
    expect(onlyNegatives.precisionGained).toBe(0);
    expect(onlyNegatives.sensitivityLost).toBe(0);
    const all = abstentionEffect(
      pFull,
      labels,
      pFull.map(() => true),
    );
    expect(all.precisionWith).toBeNaN();
    expect(all.sensitivityWith).toBe(0);
  });
});

describe('exhaustionReport', () => {
  it('adds the confidence-only rule and the share of exhaustion reachability explains', () => {
    const r = exhaustionReport({ pFull, labels, exhausted, reachable });
    expect(r.threshold).toBe(0.5);
    expect(r.counts).toEqual({ tp: 4, fp: 2, tn: 3, fn: 1 });
    expect(r.rates.ratio).toBe(2);
    expect(r.abstainOnExhaustion.precisionWith).toBe(1);
    const reach = r.reachability!;
    // Unreachable positive decisions: TP 3, FP 4, 5 → kept TP 0, 1, 2 → precision 3/3 = 1,
    // sensitivity 3/5: the same precision as abstaining on exhaustion, for less sensitivity lost.
    expect(reach.abstainOnUnreachable.tpAbstained).toBe(1);
    expect(reach.abstainOnUnreachable.fpAbstained).toBe(2);
    expect(reach.abstainOnUnreachable.precisionWith).toBe(1);
    expect(reach.abstainOnUnreachable.sensitivityLost).toBeCloseTo(0.2, 15);
    // Exhausted positive decisions: 2 (reachable), 3, 4, 5 (unreachable) → ¾;
    // among TP: 2, 3 → ½; among FP: 4, 5 → 1.
    expect(reach.explainedShare).toEqual({ positive: 0.75, tp: 0.5, fp: 1 });
    // Reachable stays only (0, 1, 2, 7, 8): TP 0, 1, 2 with one exhausted; no FP.
    expect(reach.reachableRates.tpRate).toBeCloseTo(1 / 3, 15);
    expect(reach.reachableRates.fp).toBe(0);
    expect(reach.reachableRates.fpRate).toBeNaN();
    expect(reach.unreachableButConverged).toBe(0);
  });

  it('flags stays marked unreachable that converged, and omits reachability when not given', () => {
    const r = exhaustionReport({
      pFull,
      labels,
      exhausted: exhausted.map((_, i) => i === 2),
      reachable,
    });
    // Unreachable stays 3, 4, 5, 6, 9 now all converged.
    expect(r.reachability!.unreachableButConverged).toBe(5);
    expect(exhaustionReport({ pFull, labels, exhausted }).reachability).toBeNull();
  });

  it('applies the run threshold', () => {
    // At .8: positive decisions 0, 1, 2 (all TP); stays 3, 4, 5 become FN/TN.
    const r = exhaustionReport({ pFull, labels, exhausted, threshold: 0.8 });
    expect(r.counts).toEqual({ tp: 3, fp: 0, tn: 5, fn: 2 });
    expect(r.rates.tpRate).toBeCloseTo(1 / 3, 15);
  });
});
