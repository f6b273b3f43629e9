import { describe, expect, it } from 'vitest';
import {
  cohortStatistics,
  reachableConfidence,
  type CohortStatistics,
} from '../../../src/main/core/audit/statistics-index';
import {
  abstentionEffect,
  fidelityMae,
  withCi,
  proportionEstimate,
  ratioOfProportionsEstimate,
} from '../../../src/main/core/statistics';
import { convergenceReachable } from '../../../src/main/core/search';
import { stay } from './audit-fixtures';

// Ten stays at threshold .5, tau_conf = tau_suff = .9: convergence is reachable only for
// p_full >= .8 (positive decision) or <= .2 (negative one).
//  i  p_full label class exhausted reachable p_evidence |E| notes
//  0  .95    1     TP    no        yes       .93        1   0
//  1  .90    1     TP    no        yes       .88        2   0
//  2  .88    1     TP    yes       yes       .80        5   2
//  3  .60    1     TP    yes       no        .50       10   0
//  4  .70    0     FP    yes       no        .55       10   1
//  5  .55    0     FP    yes       no        .45       10   0
//  6  .30    1     FN    yes       no        .35       10   0
//  7  .10    0     TN    no        yes       .12        1   0
//  8  .15    0     TN    no        yes       .18        1   1
//  9  .40    0     TN    yes       no        .45       10   0
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const results = [
  stay({ id: 0, p: 0.95, y: 1, pe: 0.93, evidence: [3], exhausted: false }),
  stay({ id: 1, p: 0.9, y: 1, pe: 0.88, evidence: [3, 5], exhausted: false }),
  stay({ id: 2, p: 0.88, y: 1, pe: 0.8, evidence: [1, 2, 3, 24, 25], exhausted: true }),
  stay({ id: 3, p: 0.6, y: 1, pe: 0.5, evidence: range(10), exhausted: true }),
  stay({ id: 4, p: 0.7, y: 0, pe: 0.55, evidence: [...range(9), 24], exhausted: true }),
  stay({ id: 5, p: 0.55, y: 0, pe: 0.45, evidence: range(10), exhausted: true }),
  stay({ id: 6, p: 0.3, y: 1, pe: 0.35, evidence: range(10), exhausted: true }),
  stay({ id: 7, p: 0.1, y: 0, pe: 0.12, evidence: [7], exhausted: false }),
  stay({ id: 8, p: 0.15, y: 0, pe: 0.18, evidence: [24], exhausted: false }),
  stay({ id: 9, p: 0.4, y: 0, pe: 0.45, evidence: range(10), exhausted: true }),
];
const OPTIONS = { threshold: 0.5, seed: 11, resamples: 200, tauConf: 0.9, tauSuff: 0.9 };

describe('cohortStatistics on a hand-built run', () => {
  const s: CohortStatistics = cohortStatistics(results, OPTIONS);

  it('counts the confusion classes and the reachability band', () => {
    expect(s.stays).toBe(10);
    expect(s.confusion).toEqual({ tp: 4, fp: 2, tn: 3, fn: 1 });
    expect(s.reachability.positiveAtLeast).toBeCloseTo(0.8, 12);
    expect(s.reachability.negativeAtMost).toBeCloseTo(0.2, 12);
    expect(s.reachability).toMatchObject({ unreachableStays: 5, mismatches: 0 });
  });

  it('leads with the care figures and their exact intervals (scipy beta quantiles)', () => {
    const care = s.care;
    expect(care).toMatchObject({ events: 5, alerts: 6 });
    type Rate = Exclude<
      keyof typeof care,
      'events' | 'alerts' | 'expectedEvents' | 'observedExpected'
    >;
    const expected: [Rate, number, number, number][] = [
      ['sensitivity', 4 / 5, 0.283582, 0.994949],
      ['specificity', 3 / 5, 0.146633, 0.947255],
      ['ppv', 4 / 6, 0.222778, 0.956728],
      ['npv', 3 / 4, 0.19412, 0.993691],
      ['alertsPer100Stays', 60, 26.2378, 87.8448],
    ];
    for (const [name, estimate, lower, upper] of expected) {
      const figure = care[name];
      expect(figure.method).toBe('clopper-pearson');
      expect(figure.estimate).toBeCloseTo(estimate, 10);
      expect(figure.lower).toBeCloseTo(lower, 4);
      expect(figure.upper).toBeCloseTo(upper, 4);
    }
    // Observed ÷ expected: 5 outcomes against the sum of the decision's probabilities, with
    // Garwood's interval of 5 (scipy chi2.ppf: 1.6235 to 11.6683) divided by that sum.
    const expectedEvents = results.reduce((sum, r) => sum + r.pFull, 0);
    expect(care.expectedEvents).toBeCloseTo(expectedEvents, 12);
    expect(care.observedExpected.method).toBe('garwood');
    expect(care.observedExpected.estimate).toBeCloseTo(5 / expectedEvents, 12);
    expect(care.observedExpected.lower! * expectedEvents).toBeCloseTo(1.6235, 4);
    expect(care.observedExpected.upper! * expectedEvents).toBeCloseTo(11.6683, 4);
  });

  it('gives the exhaustion rate of each class and the FP/TP ratio', () => {
    const e = s.exhaustion;
    expect(e.overall.estimate).toBeCloseTo(0.6, 12);
    expect(e.byClass.TP).toMatchObject({ stays: 4, exhausted: 2, rate: { estimate: 0.5 } });
    expect(e.byClass.FP).toMatchObject({ stays: 2, exhausted: 2, rate: { estimate: 1 } });
    expect(e.byClass.TN.rate.estimate).toBeCloseTo(1 / 3, 12);
    expect(e.byClass.FN.rate.estimate).toBe(1);
    expect(e.fpTpRatio.estimate).toBe(2);
  });

  it('states how much exhaustion reachability alone explains', () => {
    const x = s.exhaustion.explainedByReachability;
    // Exhausted: 2, 3, 4, 5, 6, 9; unreachable among them: all but stay 2.
    expect(x.all.estimate).toBeCloseTo(5 / 6, 12);
    expect(x.positive.estimate).toBe(0.75);
    expect(x.tp.estimate).toBe(0.5);
    expect(x.fp.estimate).toBe(1);
    // Among reachable stays (0, 1, 2, 7, 8): 1 of 3 TP exhausted, no FP at all.
    const r = s.exhaustion.reachableOnly;
    expect(r).toMatchObject({ tp: 3, fp: 0 });
    expect(r.tpRate.estimate).toBeCloseTo(1 / 3, 12);
    expect(r.fpRate).toMatchObject({
      estimate: null,
      missing: 'undefined',
      lower: null,
      upper: null,
    });
    expect(r.fpRate).toMatchObject({ method: 'none', resamples: 0 });
    expect(s.exhaustion.unreachableButConverged).toBe(0);
  });

  it('sets the abstention effect beside the confidence-only rule', () => {
    const { onExhaustion, onUnreachable, onReachableExhaustion } = s.abstention;
    expect(onExhaustion).toMatchObject({ predictedPositive: 6, tpAbstained: 2, fpAbstained: 2 });
    expect(onExhaustion.precisionWithout.estimate).toBeCloseTo(4 / 6, 12);
    expect(onExhaustion.precisionWith.estimate).toBe(1);
    expect(onExhaustion.sensitivityWithout.estimate).toBeCloseTo(0.8, 12);
    expect(onExhaustion.sensitivityWith.estimate).toBeCloseTo(0.4, 12);
    expect(onExhaustion.sensitivityLost.estimate).toBeCloseTo(0.4, 12);
    // Unreachable positive predictions: TP 3, FP 4 and 5: same precision, less sensitivity lost.
    expect(onUnreachable).toMatchObject({ tpAbstained: 1, fpAbstained: 2 });
    expect(onUnreachable.precisionWith.estimate).toBe(1);
    expect(onUnreachable.sensitivityWith.estimate).toBeCloseTo(0.6, 12);
    // What only the search flags: stay 2, a true positive. Precision 3/5, sensitivity 3/5.
    expect(onReachableExhaustion).toMatchObject({ abstained: 1, tpAbstained: 1, fpAbstained: 0 });
    expect(onReachableExhaustion.precisionWith.estimate).toBeCloseTo(0.6, 12);
    expect(onReachableExhaustion.precisionGained.estimate).toBeCloseTo(0.6 - 4 / 6, 12);
    expect(onReachableExhaustion.sensitivityWith.estimate).toBeCloseTo(0.6, 12);
  });

  it('describes evidence size by outcome and by correctness', () => {
    const z = s.evidenceSize;
    expect(z.maxSize).toBe(10);
    expect(z.all.histogram).toEqual([0, 3, 1, 0, 0, 1, 0, 0, 0, 0, 5]);
    expect(z.all.mean.estimate).toBe(6);
    expect(z.all.median.estimate).toBe(7.5);
    expect(z.byOutcome.positive.mean.estimate).toBeCloseTo(5.6, 12);
    expect(z.byOutcome.positive.median.estimate).toBe(5);
    expect(z.byOutcome.negative.mean.estimate).toBeCloseTo(6.4, 12);
    expect(z.byCorrectness.correct).toMatchObject({ n: 7, median: { estimate: 2 } });
    expect(z.byCorrectness.correct.mean.estimate).toBeCloseTo(30 / 7, 12);
    expect(z.byCorrectness.incorrect.mean.estimate).toBe(10);
  });

  it('measures modality use', () => {
    expect(s.modality).toMatchObject({ evidenceUnits: 60, noteUnits: 4, staysWithNotes: 3 });
    expect(s.modality.noteUnitShare.estimate).toBeCloseTo(4 / 60, 12);
    expect(s.modality.staysWithNotesShare.estimate).toBeCloseTo(0.3, 12);
  });

  it('computes calibration and faithfulness at the evidence found', () => {
    // Bins of p_full: {.10,.15} .25, .30 .7, .40 .4, .55 .55, .60 .4, .70 .7, .88 .12,
    // {.90,.95} .15: Σ 3.27 over 10 stays.
    expect(s.calibration.full.ece.estimate).toBeCloseTo(0.327, 12);
    expect(s.calibration.full.curve).toHaveLength(10);
    expect(s.calibration.full.curve[2]).toMatchObject({ count: 0, meanPredicted: null });
    expect(s.calibration.full.curve[2]!.observedRate.missing).toBe('undefined');
    expect(s.calibration.full.curve[9]!.observedRate.estimate).toBe(1);
    const f = s.faithfulness;
    expect(f.fidelityMae.estimate).toBeCloseTo(0.062, 12);
    expect(f.sufficiencyAuroc.estimate).toBeCloseTo(21 / 25, 12);
    expect(f.decisionAgreement.estimate).toBeCloseTo(0.9, 12);
    // p(all but evidence) = p/2 (positive decision) or (1 + p)/2 (negative): drops sum to 3.815.
    expect(f.comprehensiveness.estimate).toBeCloseTo(0.3815, 12);
  });

  it('summarises abstention only beside reachability', () => {
    const text = s.summary.join('\n');
    expect(text).toMatch(/Reachability alone explains 75\.0%/);
    expect(text).toMatch(/not something the search found/);
    expect(text).toMatch(/confidence-only rule .* withdraws 2 false and 1 true positive/);
    expect(text).toMatch(/beyond the confidence-only rule withdraws 0 false and 1 true positive/);
    expect(text).not.toMatch(/Warning/);
  });
});

describe('cohortStatistics: intervals and serialisation', () => {
  it('bootstraps 1,000 resamples by default, deterministically for a seed', () => {
    const a = cohortStatistics(results, { ...OPTIONS, resamples: undefined });
    const b = cohortStatistics(results, { ...OPTIONS, resamples: undefined });
    expect(a.discrimination.auroc.resamples).toBe(1000);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const rate = a.exhaustion.byClass.TP.rate;
    expect(rate.lower!).toBeLessThanOrEqual(0.5);
    expect(rate.upper!).toBeGreaterThanOrEqual(0.5);
    const other = cohortStatistics(results, { ...OPTIONS, seed: 12 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(a));
  });

  it('draws exactly the resamples withCi draws for the seed', () => {
    const s = cohortStatistics(results, OPTIONS);
    const pFull = results.map((r) => r.pFull);
    const pEvidence = results.map((r) => r.pEvidence);
    const ci = withCi(fidelityMae, [pFull, pEvidence], { seed: 11, resamples: 200 });
    expect(s.faithfulness.fidelityMae).toMatchObject({ lower: ci.lower, upper: ci.upper });
    const labels = results.map((r) => r.label);
    const exhausted = results.map((r) => r.status === 'exhausted');
    const gained = withCi(
      (p, y, e) => abstentionEffect(p, y, e, 0.5).precisionGained,
      [pFull, labels, exhausted],
      { seed: 11, resamples: 200 },
    );
    expect(s.abstention.onExhaustion.precisionGained.lower).toBe(gained.lower);
    expect(s.abstention.onExhaustion.precisionGained.skipped).toBe(gained.skipped);
  });

  it('gives every rate of counts of stays its exact interval, not a bootstrap', () => {
    const s = cohortStatistics(results, OPTIONS);
    const { TP, FP } = s.exhaustion.byClass;
    expect(TP.rate).toEqual(proportionEstimate(TP.exhausted, TP.stays));
    expect(s.exhaustion.fpTpRatio).toEqual(
      ratioOfProportionsEstimate(FP.exhausted, FP.stays, TP.exhausted, TP.stays),
    );
    const all = [
      s.exhaustion.overall,
      s.exhaustion.reachableShare,
      ...Object.values(s.exhaustion.explainedByReachability),
      s.abstention.onExhaustion.precisionWithout,
      s.abstention.onExhaustion.sensitivityLost,
      s.evidenceSize.all.exhausted,
      s.modality.staysWithNotesShare,
      s.faithfulness.decisionAgreement,
      ...s.calibration.full.curve.map((bin) => bin.observedRate),
    ];
    for (const e of all) expect(['clopper-pearson', 'none']).toContain(e.method);
  });

  it('writes undefined and infinite figures as null with the reason', () => {
    // True positives never exhaust, a false positive does: the FP/TP ratio is infinite.
    const onlyFp = [
      stay({ id: 1, p: 0.9, y: 1, pe: 0.9, evidence: 1, exhausted: false }),
      stay({ id: 2, p: 0.6, y: 0, pe: 0.5, evidence: 10, exhausted: true }),
      stay({ id: 3, p: 0.1, y: 0, pe: 0.1, evidence: 1, exhausted: false }),
    ];
    const s = cohortStatistics(onlyFp, OPTIONS);
    expect(s.exhaustion.fpTpRatio).toMatchObject({ estimate: null, missing: 'infinite' });
    const json = JSON.stringify(s);
    expect(json).not.toMatch(/NaN|Infinity/);
    expect(JSON.parse(json)).toEqual(s);
    expect(s.summary.join(' ')).toMatch(/FP\/TP ratio ∞ \(infinite\)/);
  });

  it('reports an empty run as undefined figures, not as an error', () => {
    const s = cohortStatistics([], OPTIONS);
    expect(s.stays).toBe(0);
    expect(s.exhaustion.overall).toMatchObject({ estimate: null, missing: 'undefined' });
    expect(s.exhaustion.overall).toMatchObject({ method: 'none', resamples: 0 });
    expect(s.faithfulness.sufficiencyAuroc.estimate).toBeNull();
    expect(JSON.stringify(s)).not.toMatch(/NaN|Infinity/);
  });

  it('refuses a threshold that is not the run decision threshold', () => {
    expect(() => cohortStatistics(results, { ...OPTIONS, threshold: 0.65 })).toThrow(
      /run's decision threshold/,
    );
  });

  it('warns when the τ given disagree with the recorded reachability', () => {
    const s = cohortStatistics(results, { ...OPTIONS, tauConf: 0.97 });
    // Reachable would need p_full >= .87 or <= .13: stay 8 (p .15) was recorded reachable.
    expect(s.reachability.positiveAtLeast).toBeCloseTo(0.87, 12);
    expect(s.reachability.mismatches).toBe(1);
    expect(s.summary.join(' ')).toMatch(/Warning: 1 stays' recorded reachability disagrees/);
  });

  it('matches the search on the reachability band, in both stability spaces', () => {
    for (const space of ['probability', 'logit'] as const) {
      const low = reachableConfidence(0.9, 0.9, space);
      const at = (p: number) =>
        convergenceReachable(
          { pFull: p, yFull: 1 },
          { tauConf: 0.9, tauSuff: 0.9, stability: space },
        );
      expect(at(low + 1e-9)).toBe(true);
      expect(at(low - 1e-9)).toBe(false);
    }
    expect(reachableConfidence(0.9, 0.9, 'logit')).toBeCloseTo(
      0.9 / (0.9 + 0.1 * Math.exp(0.1)),
      12,
    );
  });
});
