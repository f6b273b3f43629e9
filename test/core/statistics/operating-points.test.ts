/**
 * Operating points from stored risks and outcomes, worked by hand: the thresholds chosen by
 * target sensitivity and alert rate, the exact intervals of each rate, 1/PPV and the review
 * queue's yield.
 */
import { describe, expect, it } from 'vitest';
import { clopperPearson } from '../../../src/main/core/statistics/exact-intervals';
import { operatingPoints } from '../../../src/main/core/statistics/operating-points';

// Eight stays, risks in sixteenths so 1 − p is exact; four events (indexes 0, 1, 3, 5).
const RISKS = [0.875, 0.75, 0.625, 0.5625, 0.4375, 0.3125, 0.1875, 0.0625];
const OUTCOMES: (0 | 1)[] = [1, 1, 0, 1, 0, 1, 0, 0];

describe('operatingPoints', () => {
  it("reads the run's threshold with exact intervals", () => {
    // Threshold 0.5 alerts on the first four: TP 3 (0, 1, 3), FP 1 (2), FN 1 (5), TN 3.
    const [run] = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0.5,
      queueSize: 3,
      sensitivities: [],
      alertRates: [],
    });
    expect(run!.chosenBy).toEqual({ kind: 'run-threshold' });
    expect(run!.threshold).toBe(0.5);
    const [lo, hi] = clopperPearson(3, 4);
    for (const e of [run!.sensitivity, run!.specificity, run!.ppv]) {
      expect(e.estimate).toBe(0.75);
      expect([e.lower, e.upper]).toEqual([lo, hi]);
      expect(e.method).toBe('clopper-pearson');
    }
    // 4 of 8 stays alerted on: 50 per 100, the interval of 4/8 times 100.
    const [alo, ahi] = clopperPearson(4, 8);
    expect(run!.alertsPer100Stays.estimate).toBe(50);
    expect(run!.alertsPer100Stays.lower).toBeCloseTo(100 * alo, 12);
    expect(run!.alertsPer100Stays.upper).toBeCloseTo(100 * ahi, 12);
    // NNE = 1/0.75 = 1.333, its interval 1/upper to 1/lower of PPV.
    expect(run!.numberNeededToEvaluate.estimate).toBeCloseTo(4 / 3, 14);
    expect(run!.numberNeededToEvaluate.lower).toBeCloseTo(1 / hi, 14);
    expect(run!.numberNeededToEvaluate.upper).toBeCloseTo(1 / lo, 14);
    // Chance the decision is wrong: alerted 1 − p = .125, .25, .375, .4375; not alerted
    // p = .4375, .3125, .1875, .0625. Top 3: index 3 and 4 (.4375, tie by index), index 2
    // (.375). Wrong decisions among them: only index 2 (alerted, no event): 1 of 3.
    expect(run!.queued).toBe(3);
    expect(run!.queueYield.estimate).toBeCloseTo(1 / 3, 14);
    expect([run!.queueYield.lower, run!.queueYield.upper]).toEqual(clopperPearson(1, 3));
  });

  it('chooses the largest threshold reaching each target sensitivity', () => {
    // From the top: sensitivity 1/4 at .875, 2/4 at .75 and .625, 3/4 at .5625 and .4375,
    // 4/4 at .3125 and below.
    const points = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0.5,
      queueSize: 2,
      alertRates: [],
    });
    expect(points.slice(1).map((p) => [p.chosenBy, p.threshold, p.sensitivity.estimate])).toEqual([
      [{ kind: 'sensitivity', target: 0.5 }, 0.75, 0.5],
      [{ kind: 'sensitivity', target: 0.6 }, 0.5625, 0.75],
      [{ kind: 'sensitivity', target: 0.7 }, 0.5625, 0.75],
      [{ kind: 'sensitivity', target: 0.8 }, 0.3125, 1],
      [{ kind: 'sensitivity', target: 0.9 }, 0.3125, 1],
    ]);
  });

  it('chooses the alert share closest to the target from below', () => {
    // Shares 1/8, 2/8, 3/8 … from the top: 5% and 10% are below any (left out), 20% gets
    // 1/8 at .875, 25% exactly 2/8 at .75, 30% still 2/8.
    const points = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0.5,
      queueSize: 2,
      sensitivities: [],
      alertRates: [0.05, 0.1, 0.2, 0.25, 0.3],
    });
    expect(
      points.slice(1).map((p) => [p.chosenBy, p.threshold, p.alertsPer100Stays.estimate]),
    ).toEqual([
      [{ kind: 'alert-rate', target: 0.2 }, 0.875, 12.5],
      [{ kind: 'alert-rate', target: 0.25 }, 0.75, 25],
      [{ kind: 'alert-rate', target: 0.3 }, 0.75, 25],
    ]);
  });

  it('takes tied risks together', () => {
    // Three stays at 0.5 (one event), one at 0.2 (an event): the steps are 3 alerts with
    // sensitivity 1/2, then 4 with 2/2. A 40% alert rate has no step (3/4 > 0.4).
    const points = operatingPoints([0.5, 0.5, 0.5, 0.2], [1, 0, 0, 1], {
      runThreshold: 0.5,
      queueSize: 4,
      sensitivities: [0.5, 1],
      alertRates: [0.4, 0.75],
    });
    expect(points.map((p) => [p.chosenBy.kind, p.threshold])).toEqual([
      ['run-threshold', 0.5],
      ['sensitivity', 0.5],
      ['sensitivity', 0.2],
      ['alert-rate', 0.5],
    ]);
    // Queue of all 4: wrong chances .5, .5, .5, .2; wrong decisions: indexes 1, 2 (alerted,
    // no event) and 3 (not alerted, event): 3 of 4.
    expect(points[0]!.queued).toBe(4);
    expect(points[0]!.queueYield.estimate).toBe(0.75);
  });

  it('has no PPV nor NNE without alerts, and an infinite NNE when no alert is an event', () => {
    const [none] = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0.95,
      queueSize: 0,
      sensitivities: [],
      alertRates: [],
    });
    expect(none!.ppv).toMatchObject({ estimate: null, missing: 'undefined', method: 'none' });
    expect(none!.numberNeededToEvaluate).toMatchObject({
      estimate: null,
      missing: 'undefined',
      lower: null,
      upper: null,
      method: 'none',
    });
    expect(none!.sensitivity.estimate).toBe(0);
    expect(none!.specificity.estimate).toBe(1);
    // 0 of 8 alerted: 0 per 100, the interval [0, 100·(1 − 0.025^(1/8))].
    expect(none!.alertsPer100Stays.estimate).toBe(0);
    expect(none!.alertsPer100Stays.upper).toBeCloseTo(100 * (1 - 0.025 ** (1 / 8)), 10);
    // An empty queue has no yield.
    expect(none!.queued).toBe(0);
    expect(none!.queueYield.missing).toBe('undefined');

    const [missed] = operatingPoints([0.9, 0.2], [0, 1], {
      runThreshold: 0.5,
      queueSize: 1,
      sensitivities: [],
      alertRates: [],
    });
    expect(missed!.ppv.estimate).toBe(0);
    expect(missed!.numberNeededToEvaluate).toMatchObject({
      estimate: null,
      missing: 'infinite',
      lower: null,
      upper: null,
      method: 'none',
    });
  });

  it('alerts on every stay at threshold 0, and gives NNE 1 when every alert is an event', () => {
    const [all] = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0,
      queueSize: 8,
      sensitivities: [],
      alertRates: [],
    });
    expect(all!.sensitivity.estimate).toBe(1);
    expect(all!.specificity.estimate).toBe(0);
    expect(all!.alertsPer100Stays.estimate).toBe(100);
    expect(all!.alertsPer100Stays.upper).toBe(100);
    // Threshold 0.7 alerts on the two events at the top: PPV 2/2, NNE 1 (1/1 to 1/lower).
    const [top] = operatingPoints(RISKS, OUTCOMES, {
      runThreshold: 0.7,
      queueSize: 1,
      sensitivities: [],
      alertRates: [],
    });
    expect(top!.numberNeededToEvaluate.estimate).toBe(1);
    expect(top!.numberNeededToEvaluate.lower).toBe(1);
    expect(top!.numberNeededToEvaluate.upper).toBeCloseTo(1 / clopperPearson(2, 2)[0], 12);
  });

  it('leaves out sensitivity targets without events and caps the queue at the stays', () => {
    const points = operatingPoints([0.3, 0.1], [0, 0], { runThreshold: 0.2, queueSize: 10 });
    expect(points.map((p) => p.chosenBy.kind)).toEqual(['run-threshold']);
    expect(points[0]!.queued).toBe(2);
    expect(points[0]!.sensitivity.missing).toBe('undefined');
  });

  it('refuses mismatched lengths and what is not a risk, an outcome or a count', () => {
    const options = { runThreshold: 0.5, queueSize: 1 };
    expect(() => operatingPoints([0.1, 0.2], [1], options)).toThrow(RangeError);
    expect(() => operatingPoints([1.2], [1], options)).toThrow(RangeError);
    expect(() => operatingPoints([0.2], [2 as 0 | 1], options)).toThrow(RangeError);
    expect(() => operatingPoints([0.2], [1], { ...options, queueSize: -1 })).toThrow(RangeError);
    expect(() => operatingPoints([0.2], [1], { ...options, sensitivities: [0] })).toThrow(
      RangeError,
    );
  });
});
