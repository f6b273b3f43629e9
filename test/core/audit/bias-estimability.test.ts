import { describe, expect, it } from 'vitest';
import {
  benjaminiHochberg,
  biasAudit,
  type BiasAudit,
  type Disparity,
  type GroupMetric,
  type MetricReport,
  type ReportedGroup,
} from '../../../src/main/core/audit/statistics-index';
import {
  countShortfall,
  DEFAULT_MINIMUMS,
  ESTIMABILITY_RULES,
} from '../../../src/main/core/statistics/bias-estimability';
import { clopperPearson, jeffreysDraws } from '../../../src/main/core/statistics';
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { stay } from './audit-fixtures';
import { demoLikeRun } from './bias-demo-fixture';

describe('clopperPearson (exact binomial interval, 95%)', () => {
  // Hand-worked: at k = 0 the upper bound solves (1 − p)^m = 0.025, so p = 1 − 0.025^(1/m);
  // at k = m the lower bound solves p^m = 0.025; at k = 1 the lower bound solves
  // 1 − (1 − p)^m = 0.025, so p = 1 − 0.975^(1/m).
  it('never collapses at 0 of m: the upper bound is positive', () => {
    const [lower, upper] = clopperPearson(0, 10);
    expect(lower).toBe(0);
    expect(upper).toBeCloseTo(1 - Math.pow(0.025, 1 / 10), 9); // 0.3085
    expect(upper).toBeGreaterThan(0.3);
    expect(clopperPearson(0, 1)[1]).toBeCloseTo(0.975, 9);
  });
  it('mirrors at m of m and matches the closed forms at 1 of m', () => {
    const [lower, upper] = clopperPearson(10, 10);
    expect(upper).toBe(1);
    expect(lower).toBeCloseTo(Math.pow(0.025, 1 / 10), 9); // 0.6915
    expect(clopperPearson(1, 10)[0]).toBeCloseTo(1 - Math.pow(0.975, 1 / 10), 9); // 0.00253
  });
  it('matches the tabulated interval of 5 of 10 (R binom.test: 0.1871–0.8129)', () => {
    const [lower, upper] = clopperPearson(5, 10);
    expect(lower).toBeCloseTo(0.187086, 5);
    expect(upper).toBeCloseTo(0.812914, 5);
    expect(lower + upper).toBeCloseTo(1, 12);
  });
  it('refuses impossible counts', () => {
    expect(() => clopperPearson(3, 2)).toThrow(RangeError);
    expect(() => clopperPearson(0, 0)).toThrow(RangeError);
  });
});

describe('jeffreysDraws (Beta(k + ½, m − k + ½))', () => {
  it('is seeded, stays inside (0, 1) and is never a point, even at 0 of m', () => {
    const draws = jeffreysDraws(0, 10, 4000, 11);
    expect(jeffreysDraws(0, 10, 4000, 11)).toEqual(draws);
    expect(Math.min(...draws)).toBeGreaterThan(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    // Mean of Beta(0.5, 10.5) = 0.5 / 11 = 0.0455.
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    expect(mean).toBeCloseTo(0.5 / 11, 2);
    expect(Math.max(...draws)).toBeGreaterThan(0.15);
  });
  it('has the mean and variance of the posterior', () => {
    // Beta(3.5, 7.5): mean 3.5/11 = 0.318, variance ab / ((a+b)^2 (a+b+1)) = 0.01812.
    const draws = jeffreysDraws(3, 10, 20_000, 5);
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws.length - 1);
    expect(mean).toBeCloseTo(3.5 / 11, 2);
    expect(variance).toBeCloseTo((3.5 * 7.5) / (11 * 11 * 12), 3);
  });
});

describe('countShortfall', () => {
  const counts = {
    n: 43,
    events: 0,
    negatives: 43,
    predictedPositives: 3,
    tp: 0,
    fp: 3,
    fn: 0,
    exhausted: 5,
    withdrawn: 2,
  };
  it('names the count, the group and the minimum', () => {
    const fnr = countShortfall('fnr', counts, DEFAULT_MINIMUMS)!;
    expect(fnr.detail('this group')).toBe('0 outcome events in this group (needs 10)');
    expect(fnr.brief).toBe('0 events (min 10)');
    expect(countShortfall('ppv', counts, DEFAULT_MINIMUMS)!.detail('this group')).toBe(
      '3 positive predictions in this group (needs 10)',
    );
    expect(countShortfall('fpr', counts, DEFAULT_MINIMUMS)).toBeNull();
    expect(countShortfall('exhaustionRate', counts, DEFAULT_MINIMUMS)).toBeNull();
  });
  it('asks the AUROC for both classes', () => {
    const both = countShortfall('auroc', { ...counts, negatives: 7 }, DEFAULT_MINIMUMS)!;
    expect(both.detail('this group')).toBe(
      '0 outcome events and 7 stays without the outcome in this group (needs 10 of each)',
    );
  });
});

// Hand-made groups on one attribute, "ward". Every group has 40 stays (well above the
// suppression minimum of 11) and the same pattern of non-events (20% false positives), so only
// the figures that need outcome events can differ much between them:
//   ref     30 events, 20 detected (FNR 1/3)   - the largest group, so the reference
//   none     0 events
//   one      1 event,  missed (FNR 1)
//   five     5 events, all missed (FNR 1)
//   enough  12 events, all missed (FNR 1)      - enough events: its FNR is compared
let nextId = 1;
function ward(name: string, events: number, detected: number, negatives: number, fp: number) {
  const rows: StayAuditResult[] = [];
  const spread = (i: number, count: number, low: number, high: number) =>
    low + ((high - low) * (i + 0.5)) / Math.max(count, 1);
  const add = (p: number, y: 0 | 1, i: number) => {
    // Searches exhaust where convergence is out of reach (0.2 < p < 0.8) and on every third
    // stay; evidence sizes and p_E vary so that no bootstrap figure is constant.
    const exhausted = (p > 0.2 && p < 0.8) || i % 3 === 0;
    const pe = Math.min(0.99, Math.max(0.01, p + ((i % 5) - 2) * 0.01));
    rows.push(stay({ id: nextId++, p, y, pe, evidence: 1 + (i % 4), exhausted }));
  };
  for (let i = 0; i < detected; i++) add(spread(i, detected, 0.6, 0.9), 1, i);
  for (let i = 0; i < events - detected; i++) add(spread(i, events - detected, 0.2, 0.45), 1, i);
  for (let i = 0; i < fp; i++) add(spread(i, fp, 0.55, 0.8), 0, i);
  for (let i = 0; i < negatives - fp; i++) add(spread(i, negatives - fp, 0.05, 0.45), 0, i);
  return rows.map((r) => ({ r, name }));
}
const WARDS = [
  ...ward('ref', 30, 20, 50, 10),
  ...ward('none', 0, 0, 40, 8),
  ...ward('one', 1, 0, 39, 8),
  ...ward('five', 5, 0, 35, 7),
  ...ward('enough', 12, 0, 28, 6),
];
const results = WARDS.map((w) => w.r);
const attributes = new Map(WARDS.map((w) => [w.r.stayId, { ward: w.name }]));
const OPTIONS = { threshold: 0.5, seed: 7, resamples: 1000 } as const;

const EVENT_FIGURES: GroupMetric[] = ['auroc', 'ece', 'observedExpected', 'fnr'];

function reportedGroup(audit: BiasAudit, name: string): ReportedGroup {
  const g = audit.attributes[0]!.groups.find((x) => x.group === name);
  if (!g || g.suppressed) throw new Error(`no reported group ${name}`);
  return g;
}
function metric(g: ReportedGroup, m: GroupMetric): MetricReport {
  return (
    (g.performance as Record<string, MetricReport>)[m] ??
    (g.faithfulness as Record<string, MetricReport>)[m]!
  );
}
interface Comparison {
  group: ReportedGroup;
  reference: ReportedGroup;
  m: GroupMetric;
  d: Disparity;
}
function everyDisparity(audit: BiasAudit): Comparison[] {
  return audit.attributes.flatMap((a) => {
    const reported = a.groups.filter((g): g is ReportedGroup => !g.suppressed);
    return reported.flatMap((g) =>
      Object.entries({ ...g.performance, ...g.faithfulness }).flatMap(([m, r]) =>
        r.disparity
          ? [
              {
                group: g,
                reference: reported.find((x) => x.group === r.disparity!.reference)!,
                m: m as GroupMetric,
                d: r.disparity,
              },
            ]
          : [],
      ),
    );
  });
}

describe('biasAudit: figures on too few events are not estimable', () => {
  const audit = biasAudit(results, attributes, OPTIONS);

  it('records the minimums with the parameters', () => {
    expect(audit.parameters).toMatchObject({
      minGroupSize: 11,
      minEvents: 10,
      minNegatives: 10,
      minPredictedPositives: 10,
    });
  });

  it.each([
    ['none', 0, '0 outcome events'],
    ['one', 1, '1 outcome event'],
    ['five', 5, '5 outcome events'],
  ])(
    'group "%s" (%i events, 40 stays) shows no event figure and is never flagged',
    (name, events, counted) => {
      const g = reportedGroup(audit, name);
      expect(g.n).toBe(40);
      expect(g.positives).toBe(events);
      for (const m of EVENT_FIGURES) {
        const r = metric(g, m);
        expect(r.value, m).toBeNull();
        expect(r.notEstimable!.reason).toBe(`not estimable: ${counted} in this group (needs 10)`);
        expect(r.disparity!.ratio).toBeNull();
        expect(r.disparity!.pValue).toBeNull();
        expect(r.disparity!.flagged).toBe(false);
        expect(r.disparity!.notEstimable!.reason).toMatch(/^not estimable: /);
      }
      // 8 or fewer positive predictions: the PPV and abstention rate are not estimable either.
      expect(g.predictedPositives).toBeLessThan(10);
      expect(metric(g, 'ppv').notEstimable!.brief).toBe(`${g.predictedPositives} alerts (min 10)`);
      for (const { d } of everyDisparity(audit).filter((x) => x.group === g))
        expect(d.flagged).toBe(false);
    },
  );

  it('compares and flags a group with enough events: 12 of 12 missed against 10 of 30', () => {
    const enough = reportedGroup(audit, 'enough');
    const fnr = metric(enough, 'fnr');
    expect(fnr.value).toMatchObject({ estimate: 1, upper: 1 });
    expect(fnr.value!.lower!).toBeCloseTo(Math.pow(0.025, 1 / 12), 9);
    expect(fnr.notEstimable).toBeNull();
    const d = fnr.disparity!;
    expect(d.notEstimable).toBeNull();
    expect(d.method).toBe('jeffreys');
    expect(d.ratio!.estimate).toBeCloseTo(1 / (10 / 30), 12);
    expect(d.ratio!.lower!).toBeGreaterThan(1.25);
    expect(d.ratio!.lower!).toBeLessThan(d.ratio!.upper!);
    expect(d.flagged).toBe(true);
  });

  it('corrects over the tests actually performed, not over comparisons not made', () => {
    const all = everyDisparity(audit).map((x) => x.d);
    const tested = all.filter((d) => d.pValue !== null);
    const notMade = all.filter((d) => d.notEstimable !== null);
    expect(notMade.length).toBeGreaterThan(0);
    expect(audit.comparisons.tested).toBe(tested.length);
    expect(audit.comparisons.notEstimable).toBe(notMade.length);
    expect(tested.length + notMade.length + audit.comparisons.untestable).toBe(all.length);
    const bh = benjaminiHochberg(tested.map((d) => d.pValue!));
    tested.forEach((d, i) => expect(d.adjustedP).toBeCloseTo(bh.adjusted[i]!, 12));
    for (const d of notMade) {
      expect(d.adjustedP).toBeNull();
      expect(d.flagged).toBe(false);
    }
  });

  it('gives every shown proportion an interval of positive width', () => {
    for (const { group } of everyDisparity(audit)) {
      for (const r of Object.values({ ...group.performance, ...group.faithfulness })) {
        if (r.value === null) continue;
        expect(r.value.upper!).toBeGreaterThan(r.value.lower!);
      }
      expect(group.prevalence.upper!).toBeGreaterThan(0);
    }
    // "none" has 0 events: its prevalence is 0 with the exact upper bound 1 − 0.025^(1/40).
    expect(reportedGroup(audit, 'none').prevalence).toMatchObject({ estimate: 0, lower: 0 });
    expect(reportedGroup(audit, 'none').prevalence.upper).toBeCloseTo(
      1 - Math.pow(0.025, 1 / 40),
      9,
    );
  });

  it('makes no comparison against a reference whose figure is not estimable', () => {
    const asked = biasAudit(results, attributes, {
      ...OPTIONS,
      reference: { group: { ward: 'none' } },
    });
    const ref = reportedGroup(asked, 'ref');
    for (const m of EVENT_FIGURES) {
      const d = metric(ref, m).disparity!;
      expect(metric(ref, m).value, m).not.toBeNull();
      expect(d.ratio).toBeNull();
      expect(d.flagged).toBe(false);
      expect(d.notEstimable!.reason).toBe(
        'not estimable: 0 outcome events in the reference group none (needs 10)',
      );
      expect(d.notEstimable!.brief).toBe('ref. 0 events (min 10)');
    }
    expect(asked.comparisons.flagged).toBe(everyDisparity(asked).filter((x) => x.d.flagged).length);
  });

  it("never takes a group whose figure is not estimable as the 'best' reference", () => {
    const best = biasAudit(results, attributes, { ...OPTIONS, reference: 'best' });
    const byMetric = best.attributes[0]!.reference.byMetric;
    for (const m of EVENT_FIGURES) expect(['ref', 'enough']).toContain(byMetric[m]);
  });

  it('the minimum is what stops the comparison: lowered to 1, "five" is compared', () => {
    const loose = biasAudit(results, attributes, { ...OPTIONS, minEvents: 1 });
    const five = metric(reportedGroup(loose, 'five'), 'fnr');
    expect(five.value).not.toBeNull();
    expect(five.disparity!.pValue).not.toBeNull();
    // Still no point interval: 5 of 5 is [0.025^(1/5), 1] = [0.478, 1].
    expect(five.value!.lower!).toBeCloseTo(Math.pow(0.025, 1 / 5), 9);
    // The AUROC of "one" stays out: its one event is absent from about (39/40)^40 = 36% of
    // resamples, far more than the 25 of 1,000 a 95% interval can leave out.
    const auroc = metric(reportedGroup(loose, 'one'), 'auroc');
    expect(auroc.value).toBeNull();
    expect(auroc.notEstimable!.reason).toMatch(
      /^not estimable: it is undefined \(a class absent\) in \d+ of 1000 bootstrap resamples of this group/,
    );
    expect(() => biasAudit(results, attributes, { ...OPTIONS, minEvents: 0 })).toThrow(
      /minEvents must be a positive integer/,
    );
  });

  it('reports a bootstrap interval of zero width as not estimable', () => {
    // 12 events all at 0.9 and 28 non-events all at 0.1: the AUROC is 1 in every resample.
    const perfect = [
      ...Array.from({ length: 12 }, (_, i) =>
        stay({ id: 1000 + i, p: 0.9, y: 1, pe: 0.88, evidence: 1 + (i % 3), exhausted: false }),
      ),
      ...Array.from({ length: 28 }, (_, i) =>
        stay({ id: 2000 + i, p: 0.1, y: 0, pe: 0.12, evidence: 1 + (i % 3), exhausted: false }),
      ),
    ];
    const all = [...results, ...perfect];
    const attrs = new Map(attributes);
    for (const r of perfect) attrs.set(r.stayId, { ward: 'perfect' });
    const audit2 = biasAudit(all, attrs, OPTIONS);
    const auroc = metric(reportedGroup(audit2, 'perfect'), 'auroc');
    expect(auroc.value).toBeNull();
    expect(auroc.notEstimable!.reason).toMatch(/zero width/);
    expect(auroc.disparity!.flagged).toBe(false);
  });

  it('carries every reason into its JSON', () => {
    const json = JSON.parse(JSON.stringify(audit)) as BiasAudit;
    expect(json).toEqual(audit);
    expect(JSON.stringify(json)).toContain(
      'not estimable: 0 outcome events in this group (needs 10)',
    );
  });
});

describe('biasAudit on a demo-like run (the demo cohort’s test split)', () => {
  const { results: demo, attributes: demoAttributes } = demoLikeRun();
  const audit = biasAudit(demo, demoAttributes, { threshold: 0.5, seed: 7 });
  const minimums = {
    events: audit.parameters.minEvents,
    negatives: audit.parameters.minNegatives,
    predictedPositives: audit.parameters.minPredictedPositives,
  };
  const counts = (g: ReportedGroup) => ({
    events: g.positives,
    negatives: g.n - g.positives,
    predictedPositives: g.predictedPositives,
  });
  const meets = (g: ReportedGroup, m: GroupMetric) =>
    ESTIMABILITY_RULES[m].every((rule) => counts(g)[rule] >= minimums[rule]);

  it('has the groups the reviewer saw: age 18–44 without a death', () => {
    expect(demo).toHaveLength(304);
    expect(demo.filter((r) => r.label === 1)).toHaveLength(28);
    const age = audit.attributes.find((a) => a.attribute === 'age_band')!;
    const young = age.groups.find((g) => g.group === '18-44') as ReportedGroup;
    expect(young.positives).toBe(0);
    expect(young.performance.observedExpected.value).toBeNull();
    expect(young.performance.observedExpected.notEstimable!.reason).toBe(
      'not estimable: 0 outcome events in this group (needs 10)',
    );
  });

  it('compares (and so may flag) only figures whose group and reference reach the minimums', () => {
    let compared = 0;
    for (const { group, reference, m, d } of everyDisparity(audit)) {
      const label = `${group.group} ${m} vs ${reference.group}`;
      if (d.pValue !== null || d.flagged) {
        compared++;
        expect(meets(group, m), label).toBe(true);
        expect(meets(reference, m), label).toBe(true);
        // A ratio's interval is shown with width, or withheld (a PPV of 0 against a positive one:
        // its Jeffreys interval leaves out the estimate 0), never as a point or unbounded.
        const r = d.ratio!;
        if (r.method === 'none') expect([r.lower, r.upper], label).toEqual([null, null]);
        else expect(r.upper!, label).toBeGreaterThan(r.lower!);
      }
      if (!meets(group, m) || !meets(reference, m)) {
        expect(d.notEstimable, label).not.toBeNull();
        expect(d.flagged, label).toBe(false);
      }
    }
    expect(compared).toBe(audit.comparisons.tested);
    expect(compared).toBeGreaterThan(50);
    // Before these rules the same run flagged 19 disparities, 18 of them on figures resting on
    // 0–7 events or alerts, or with an interval of zero width; now none survives.
    expect(audit.comparisons.flagged).toBe(0);
    expect(audit.comparisons.notEstimable).toBeGreaterThan(50);
  });

  it('still flags a real disparity planted in estimable groups', () => {
    // Women's false-positive rate raised well above men's (102 and 174 non-events). Sex only:
    // with 1,000 resamples no p is below 2/1001, so across every attribute's ~90 tests BH
    // could flag nothing unless four reached that floor (the audit's power note).
    const planted = demoLikeRun(2000, { femaleFalsePositiveShift: 1.5 });
    const shifted = biasAudit(planted.results, planted.attributes, {
      threshold: 0.5,
      seed: 7,
      attributes: ['sex'],
    });
    const flagged = everyDisparity(shifted).filter((x) => x.d.flagged);
    expect(flagged.map((x) => `${x.group.group} ${x.m}`)).toContain('F fpr');
    for (const { group, reference, m } of flagged) {
      expect(meets(group, m)).toBe(true);
      expect(meets(reference, m)).toBe(true);
    }
  });
});
