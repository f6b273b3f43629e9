import { describe, expect, it } from 'vitest';
import {
  biasAudit,
  type AttributeAudit,
  type BiasAudit,
  type GroupReport,
  type ReportedGroup,
} from '../../../src/main/core/audit/statistics-index';
import { stay } from './audit-fixtures';

// 36 stays, threshold .5, tau_conf = tau_suff = .9.
//   sex: female 12 (ids 1–12), male 16 (13–28), other 5 (29–33), Unknown 3 (34–36: one
//   without any attributes, two with a blank sex). site: A = ids 1–11 (exactly 11), B = 24,
//   Unknown = 1 (stay 34 again).
// Columns: id, sex, p_full, label, p_evidence, |E|, exhausted.
type Row = [number, string | null, number, 0 | 1, number, number, boolean];
const ROWS: Row[] = [
  [1, 'female', 0.95, 1, 0.9, 2, false],
  [2, 'female', 0.85, 1, 0.8, 3, false],
  [3, 'female', 0.7, 1, 0.6, 5, true],
  [4, 'female', 0.6, 0, 0.4, 6, true],
  [5, 'female', 0.3, 1, 0.3, 4, true],
  [6, 'female', 0.1, 0, 0.1, 1, false],
  [7, 'female', 0.1, 0, 0.15, 1, false],
  [8, 'female', 0.05, 0, 0.05, 1, false],
  [9, 'female', 0.15, 0, 0.2, 2, false],
  [10, 'female', 0.2, 0, 0.2, 2, false],
  [11, 'female', 0.4, 0, 0.35, 3, true],
  [12, 'female', 0.05, 0, 0.1, 1, false],
  [13, 'male', 0.9, 1, 0.88, 2, false],
  [14, 'male', 0.9, 1, 0.85, 2, false],
  [15, 'male', 0.82, 1, 0.8, 3, false],
  [16, 'male', 0.65, 0, 0.45, 6, true],
  [17, 'male', 0.55, 0, 0.4, 7, true],
  [18, 'male', 0.75, 0, 0.7, 4, true],
  [19, 'male', 0.4, 1, 0.35, 5, true],
  [20, 'male', 0.35, 1, 0.3, 5, true],
  [21, 'male', 0.1, 0, 0.1, 1, false],
  [22, 'male', 0.1, 0, 0.1, 1, false],
  [23, 'male', 0.1, 0, 0.1, 1, false],
  [24, 'male', 0.1, 0, 0.1, 1, false],
  [25, 'male', 0.2, 0, 0.25, 2, false],
  [26, 'male', 0.2, 0, 0.25, 2, false],
  [27, 'male', 0.45, 0, 0.5, 4, true],
  [28, 'male', 0.05, 0, 0.05, 1, false],
  [29, 'other', 0.92, 1, 0.9, 1, false],
  [30, 'other', 0.15, 0, 0.1, 1, false],
  [31, 'other', 0.6, 0, 0.5, 8, true],
  [32, 'other', 0.08, 0, 0.1, 1, false],
  [33, 'other', 0.88, 1, 0.9, 2, false],
  [34, null, 0.12, 0, 0.1, 1, false],
  [35, '', 0.93, 1, 0.9, 1, false],
  [36, '  ', 0.5, 0, 0.45, 9, true],
];
const results = ROWS.map(([id, , p, y, pe, size, exhausted]) =>
  stay({ id, p, y, pe, evidence: size, exhausted }),
);
const attributes = new Map<number, Record<string, string>>();
for (const [id, sex] of ROWS) {
  if (id === 34) continue; // no attribute record at all
  attributes.set(id, { ...(sex === null ? {} : { sex }), site: id <= 11 ? 'A' : 'B' });
}

// The hand-made groups have 4 or 5 outcome events: far below the default estimability
// minimums (10 each; bias-estimability.test.ts tests those). Here every figure is let through
// so that the hand-computed values can be checked.
const BASE = {
  threshold: 0.5,
  seed: 7,
  resamples: 200,
  minEvents: 1,
  minNegatives: 1,
  minPredictedPositives: 1,
} as const;

function section(audit: BiasAudit, attribute: string): AttributeAudit {
  const found = audit.attributes.find((a) => a.attribute === attribute);
  if (!found) throw new Error(`no attribute ${attribute}`);
  return found;
}
function group(audit: BiasAudit, attribute: string, name: string): GroupReport {
  const found = section(audit, attribute).groups.find((g) => g.group === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
}
function reported(audit: BiasAudit, attribute: string, name: string): ReportedGroup {
  const g = group(audit, attribute, name);
  if (g.suppressed) throw new Error(`${name} is suppressed`);
  return g;
}

// Hand-computed (and re-checked with sklearn.roc_auc_score and a numpy ECE):
// female: 4 positives of 12; AUROC 30/32 (the positive at .30 outranks 6 of 8 negatives);
// ECE 2.85/12; O/E 4/4.45; FP 1 of 8 negatives; FN 1 of 4 positives; PPV 3/4; exhausted 4/12;
// positive predictions 4, of which 2 exhausted; |E| 31/12; Σ|p − p_e| = .60 → .05.
const FEMALE = {
  prevalence: 1 / 3,
  auroc: 0.9375,
  ece: 0.2375,
  observedExpected: 4 / 4.45,
  fpr: 0.125,
  fnr: 0.25,
  ppv: 0.75,
  exhaustionRate: 1 / 3,
  abstentionRate: 0.5,
  meanEvidenceSize: 31 / 12,
  fidelityMae: 0.05,
};
// male: 5 positives of 16; AUROC 47/55; ECE 3.98/16; O/E 5/6.62; FP 3 of 11; FN 2 of 5;
// PPV 3/6; exhausted 6/16; positive predictions 6, 3 exhausted; |E| 47/16; Σ|p − p_e| .74.
const MALE = {
  prevalence: 5 / 16,
  auroc: 47 / 55,
  ece: 3.98 / 16,
  observedExpected: 5 / 6.62,
  fpr: 3 / 11,
  fnr: 0.4,
  ppv: 0.5,
  exhaustionRate: 0.375,
  abstentionRate: 0.5,
  meanEvidenceSize: 47 / 16,
  fidelityMae: 0.74 / 16,
};

function values(g: ReportedGroup): Record<string, number | null> {
  const out: Record<string, number | null> = { prevalence: g.prevalence.estimate };
  for (const [k, v] of Object.entries({ ...g.performance, ...g.faithfulness }))
    out[k] = v.value!.estimate;
  return out;
}

describe('biasAudit: per-group figures', () => {
  const audit = biasAudit(results, attributes, BASE);

  it('audits every attribute present, standard ones first', () => {
    expect(audit.attributes.map((a) => a.attribute)).toEqual(['sex', 'site']);
    expect(section(audit, 'sex').groups.map((g) => g.group)).toEqual([
      'female',
      'male',
      'other',
      'Unknown',
    ]);
  });

  it('matches the hand-computed figures for female and male', () => {
    const female = reported(audit, 'sex', 'female');
    const male = reported(audit, 'sex', 'male');
    expect(female.n).toBe(12);
    expect(female.positives).toBe(4);
    expect(male.n).toBe(16);
    for (const [k, v] of Object.entries(FEMALE)) expect(values(female)[k], k).toBeCloseTo(v, 12);
    for (const [k, v] of Object.entries(MALE)) expect(values(male)[k], k).toBeCloseTo(v, 12);
  });

  it('puts the faithfulness figures in their own section', () => {
    const female = reported(audit, 'sex', 'female');
    expect(Object.keys(female.faithfulness)).toEqual([
      'exhaustionRate',
      'abstentionRate',
      'meanEvidenceSize',
      'fidelityMae',
    ]);
    expect(Object.keys(female.performance)).toEqual([
      'auroc',
      'ece',
      'observedExpected',
      'fpr',
      'fnr',
      'ppv',
    ]);
  });

  it('compares with the largest group as a ratio of the hand-computed values', () => {
    expect(section(audit, 'sex').reference.group).toBe('male');
    const female = reported(audit, 'sex', 'female');
    const male = reported(audit, 'sex', 'male');
    expect(male.performance.fpr.isReference).toBe(true);
    expect(male.performance.fpr.disparity).toBeNull();
    const ratio = (m: keyof typeof FEMALE) => FEMALE[m] / MALE[m];
    const d = { ...female.performance, ...female.faithfulness };
    for (const m of Object.keys(d) as (keyof typeof d)[]) {
      expect(d[m].disparity!.reference).toBe('male');
      expect(d[m].disparity!.ratio!.estimate, m).toBeCloseTo(ratio(m), 12);
    }
    // .125 / (3/11) = .458, .25/.4 = .625, .75/.5 = 1.5: outside 0.8–1.25; the rest inside.
    const outside = Object.entries(d)
      .filter(([, r]) => r.disparity!.outsideBand)
      .map(([k]) => k);
    expect(outside.sort()).toEqual(['fnr', 'fpr', 'ppv']);
  });

  it('gives every figure an interval around its estimate', () => {
    const female = reported(audit, 'sex', 'female');
    for (const [metric, r] of Object.entries({ ...female.performance, ...female.faithfulness })) {
      const proportion = ['fpr', 'fnr', 'ppv', 'exhaustionRate', 'abstentionRate'].includes(metric);
      expect(r.interval, metric).toBe(proportion ? 'clopper-pearson' : 'bootstrap');
      expect(r.disparity!.method, metric).toBe(proportion ? 'jeffreys' : 'bootstrap');
      expect(r.value!.resamples).toBe(proportion ? 0 : 200);
      expect(r.value!.lower!).toBeLessThan(r.value!.estimate!);
      expect(r.value!.upper!).toBeGreaterThan(r.value!.estimate!);
    }
    const fpr = female.performance.fpr.disparity!;
    expect(fpr.ratio!.lower!).toBeLessThanOrEqual(0.46);
    expect(fpr.pValue!).toBeGreaterThan(0);
    expect(fpr.pValue!).toBeLessThanOrEqual(1);
  });

  it('is deterministic for a seed and JSON-safe', () => {
    const again = biasAudit(results, attributes, BASE);
    expect(JSON.stringify(again)).toBe(JSON.stringify(audit));
    expect(JSON.parse(JSON.stringify(audit))).toEqual(audit);
  });
});

describe('biasAudit: suppression', () => {
  const audit = biasAudit(results, attributes, BASE);

  it('never computes or returns figures for a group of 5, nor its exact size', () => {
    const other = group(audit, 'sex', 'other');
    expect(other).toEqual({
      group: 'other',
      suppressed: true,
      size: '<11',
      reason: expect.stringContaining('fewer than 11 stays'),
    });
    expect(group(audit, 'sex', 'Unknown').suppressed).toBe(true);
    expect(audit.suppressed.map((s) => `${s.attribute}:${s.group}`)).toEqual([
      'sex:other',
      'sex:Unknown',
      'site:Unknown',
    ]);
  });

  it('reports a group of exactly 11', () => {
    const a = reported(audit, 'site', 'A');
    expect(a.n).toBe(11);
    expect(a.prevalence.estimate).toBeCloseTo(4 / 11, 12);
    expect(a.performance.auroc.value!.estimate).toBeCloseTo(26 / 28, 12);
    expect(a.performance.fpr.value!.estimate).toBeCloseTo(1 / 7, 12);
  });

  it('never uses a suppressed group as reference, even when asked to', () => {
    const asked = biasAudit(results, attributes, {
      ...BASE,
      reference: { group: { sex: 'other' } },
    });
    const choice = section(asked, 'sex').reference;
    expect(choice.rule).toBe('largest');
    expect(choice.group).toBe('male');
    expect(choice.note).toMatch(/absent or suppressed/);
  });

  it('raises the minimum on request', () => {
    const strict = biasAudit(results, attributes, { ...BASE, minGroupSize: 12 });
    expect(group(strict, 'site', 'A')).toMatchObject({ suppressed: true, size: '<12' });
    expect(group(strict, 'sex', 'female').suppressed).toBe(false);
    // site has one reported group left: nothing to compare, so nothing tested there.
    expect(strict.comparisons.tested).toBe(10);
  });
});

describe('biasAudit: attributes the model also reads', () => {
  it('marks an attribute, and a pair holding it, that is also a static input, and says so', () => {
    const audit = biasAudit(results, attributes, {
      ...BASE,
      modelInputs: ['sex', 'age'],
      intersections: [['sex', 'site']],
    });
    expect(audit.attributes.map((a) => [a.attribute, a.alsoModelInput])).toEqual([
      ['sex', true],
      ['site', false],
      ['sex & site', true],
    ]);
    expect(audit.notes[0]).toMatch(/^sex is also a static input of the cohort, read by the model/);
    const without = biasAudit(results, attributes, BASE);
    expect(without.attributes.every((a) => !a.alsoModelInput)).toBe(true);
    expect(without.notes.some((n) => /static input/.test(n))).toBe(false);
  });

  it("marks MIMIC-IV's care_unit, which holds the static input first_careunit's values", () => {
    const withUnit = new Map(
      [...attributes].map(([stayId, values]) => [stayId, { ...values, care_unit: values.site! }]),
    );
    const audit = biasAudit(results, withUnit, {
      ...BASE,
      attributes: ['care_unit', 'site'],
      modelInputs: ['first_careunit'],
    });
    expect(audit.attributes.map((a) => [a.attribute, a.alsoModelInput])).toEqual([
      ['care_unit', true],
      ['site', false],
    ]);
  });
});

describe('biasAudit: references, intersections, Benjamini–Hochberg', () => {
  it('counts every comparison shown and corrects across all of them', () => {
    const audit = biasAudit(results, attributes, BASE);
    // sex: female vs male, site: A vs B; 10 compared metrics each, all defined. Outside the
    // band: female/male FPR, FNR, PPV; A/B FPR (1/7 ÷ 5/16 = .457) and PPV (3/4 ÷ 6/11 = 1.375).
    expect(audit.comparisons).toMatchObject({
      tested: 20,
      untestable: 0,
      notEstimable: 0,
      outsideBand: 5,
    });
    const siteA = reported(audit, 'site', 'A').performance;
    expect(siteA.fpr.disparity!.reference).toBe('B');
    expect(siteA.fpr.disparity!.ratio!.estimate).toBeCloseTo(1 / 7 / (5 / 16), 12);
    expect(siteA.ppv.disparity!.ratio!.estimate).toBeCloseTo(0.75 / (6 / 11), 12);
    const all = audit.attributes.flatMap((a) =>
      a.groups.flatMap((g) =>
        g.suppressed ? [] : Object.values({ ...g.performance, ...g.faithfulness }),
      ),
    );
    const disparities = all.flatMap((r) => (r.disparity ? [r.disparity] : []));
    expect(disparities).toHaveLength(20);
    for (const d of disparities) {
      expect(d.adjustedP!).toBeGreaterThanOrEqual(d.pValue!);
      expect(d.flagged).toBe(d.outsideBand === true && d.adjustedP! <= 0.05);
    }
  });

  it("'best' takes the most favourable group per metric", () => {
    const audit = biasAudit(results, attributes, { ...BASE, reference: 'best' });
    const ref = section(audit, 'sex').reference;
    expect(ref.group).toBeNull();
    expect(ref.byMetric).toEqual({
      auroc: 'female',
      ece: 'female',
      observedExpected: 'female', // |log(4/4.45)| = .107 < |log(5/6.62)| = .281
      fpr: 'female',
      fnr: 'female',
      ppv: 'female',
      exhaustionRate: 'female',
      abstentionRate: 'male', // .5 = .5: the larger group
      meanEvidenceSize: 'female',
      fidelityMae: 'male', // .04625 < .05
    });
    const male = reported(audit, 'sex', 'male');
    expect(male.performance.auroc.disparity!.ratio!.estimate).toBeCloseTo(47 / 55 / 0.9375, 12);
  });

  it('uses a requested group per attribute, the largest elsewhere', () => {
    const audit = biasAudit(results, attributes, {
      ...BASE,
      reference: { group: { sex: 'female' } },
    });
    expect(section(audit, 'sex').reference).toMatchObject({ rule: 'requested', group: 'female' });
    expect(section(audit, 'site').reference).toMatchObject({ rule: 'largest', group: 'B' });
  });

  it('crosses two attributes into "A=x & B=y" groups, suppressing small cells', () => {
    const audit = biasAudit(results, attributes, { ...BASE, intersections: [['sex', 'site']] });
    const cross = section(audit, 'sex & site');
    expect(cross.kind).toBe('intersection');
    expect(cross.groups.map((g) => [g.group, g.suppressed])).toEqual([
      ['sex=female & site=A', false],
      ['sex=female & site=B', true],
      ['sex=male & site=B', false],
      ['sex=other & site=B', true],
      ['sex=Unknown & site=B', true],
      ['sex=Unknown & site=Unknown', true],
    ]);
    const femaleA = reported(audit, 'sex & site', 'sex=female & site=A');
    expect(femaleA.n).toBe(11);
    expect(cross.reference.group).toBe('sex=male & site=B');
    expect(audit.comparisons.tested).toBe(30);
  });

  it('never picks an Unknown group as reference automatically', () => {
    const unknownMost = new Map<number, Record<string, string>>();
    for (const [id] of ROWS) unknownMost.set(id, id <= 12 ? { payer: 'public' } : {});
    const audit = biasAudit(results, unknownMost, { ...BASE, attributes: ['payer'] });
    expect(section(audit, 'payer').groups.map((g) => g.group)).toEqual(['public', 'Unknown']);
    expect(section(audit, 'payer').reference.group).toBe('public');
  });

  it('flags a large disparity that survives the correction', () => {
    // 30 stays each. Group "slow": every search exhausts; group "fast": 3 of 30 do.
    const big = Array.from({ length: 60 }, (_, i) =>
      stay({
        id: i + 1,
        p: i % 2 === 0 ? 0.9 : 0.1,
        y: i % 2 === 0 ? 1 : 0,
        pe: i % 2 === 0 ? 0.85 : 0.15,
        evidence: 2,
        exhausted: i < 30 || i % 10 === 0,
      }),
    );
    const attrs = new Map(big.map((r) => [r.stayId, { pace: r.stayId <= 30 ? 'slow' : 'fast' }]));
    // 15 events, 15 non-events and 15 alerts per group: every minimum (10) is met.
    const audit = biasAudit(big, attrs, { threshold: 0.5, seed: 3, resamples: 1000 });
    const slow = reported(audit, 'pace', 'slow');
    const exhaustion = slow.faithfulness.exhaustionRate.disparity!;
    // 1 / (3/30) = 10; drawn from Beta(30.5, 0.5) over Beta(3.5, 27.5), no ratio reaches 1,
    // so p sits at its floor 2/1001.
    expect(exhaustion.ratio!.estimate).toBeCloseTo(10, 12);
    expect(exhaustion.pValue).toBeCloseTo(2 / 1001, 12);
    expect(exhaustion.flagged).toBe(true);
    // "slow" exhausts every search: 30 of 30 has the exact interval [0.025^(1/30), 1] =
    // [0.884, 1], not the point [1, 1] its within-group bootstrap would give.
    const rate = slow.faithfulness.exhaustionRate.value!;
    expect(rate.upper).toBe(1);
    expect(rate.lower!).toBeCloseTo(Math.pow(0.025, 1 / 30), 9);
    expect(audit.comparisons.smallestAttainableP).toBeCloseTo(2 / 1001, 12);
  });
});

describe("biasAudit: the 'largest' reference is the largest group one can compare against", () => {
  // Hand-worked, at the default minimums (10 outcome events, 10 stays without the outcome):
  //   age_band 45-64: 40 stays,  3 events, 37 without  → largest, but too few events
  //   age_band 65-79: 30 stays, 12 events, 18 without  → the largest with enough: the reference
  //   age_band 18-44: 25 stays, 10 events, 15 without  → compared against 65-79
  // The first `events` stays of each group have the outcome; the model misses every fourth
  // of them and alerts on some stays without it, so no figure is degenerate.
  const GROUPS: [band: string, n: number, events: number][] = [
    ['45-64', 40, 3],
    ['65-79', 30, 12],
    ['18-44', 25, 10],
  ];
  const ages = new Map<number, Record<string, string>>();
  const stays = GROUPS.flatMap(([band, n, events], g) =>
    Array.from({ length: n }, (_, i) => {
      const id = 100 * (g + 1) + i;
      ages.set(id, { age_band: band });
      const y = i < events ? 1 : 0;
      const p =
        y === 1 ? (i % 4 === 3 ? 0.3 : 0.6 + 0.3 * ((i % 5) / 5)) : 0.05 + 0.6 * ((i % 7) / 7);
      return stay({ id, p, y, pe: p, evidence: 2, exhausted: i % 3 === 0 });
    }),
  );

  it('passes over a larger group with too few events, and says so in words', () => {
    const audit = biasAudit(stays, ages, { threshold: 0.5, seed: 5, resamples: 200 });
    const ref = section(audit, 'age_band').reference;
    expect(ref).toMatchObject({ rule: 'largest', group: '65-79', comparable: true });
    expect(Object.values(ref.byMetric).every((g) => g === '65-79')).toBe(true);
    expect(ref.note).toBe(
      '45–64 years (40 stays, 3 events) is larger but has too few events or non-events to compare against (needs 10 outcome events and 10 stays without the outcome)',
    );
    // 18-44 (10 events, 15 without) is compared on its event-based figures...
    const young = reported(audit, 'age_band', '18-44').performance;
    expect(young.fnr.disparity).toMatchObject({ reference: '65-79', notEstimable: null });
    expect(young.fnr.disparity!.ratio!.estimate).toBeCloseTo(2 / 10 / (3 / 12), 12);
    expect(young.auroc.disparity!.notEstimable).toBeNull();
    // ...which against the largest group, 45-64 with its 3 events, would not be made.
    const againstLargest = biasAudit(stays, ages, {
      threshold: 0.5,
      seed: 5,
      resamples: 200,
      reference: { group: { age_band: '45-64' } },
    });
    expect(section(againstLargest, 'age_band').reference).toMatchObject({
      rule: 'requested',
      comparable: false,
    });
    const versusLargest = reported(againstLargest, 'age_band', '18-44').performance;
    expect(versusLargest.fnr.disparity!.notEstimable!.brief).toBe('ref. 3 events (min 10)');
  });

  it('keeps the largest group, with a note, when no group has enough events', () => {
    const audit = biasAudit(stays, ages, {
      threshold: 0.5,
      seed: 5,
      resamples: 200,
      minEvents: 13,
    });
    const ref = section(audit, 'age_band').reference;
    expect(ref).toMatchObject({ rule: 'largest', group: '45-64', comparable: false });
    expect(ref.note).toBe(
      'no group has 13 outcome events and 10 stays without the outcome: comparisons that need events are not made',
    );
  });

  it('falls back to the largest comparable group when a requested one is absent', () => {
    const audit = biasAudit(stays, ages, {
      threshold: 0.5,
      seed: 5,
      resamples: 200,
      reference: { group: { age_band: '80+' } },
    });
    const ref = section(audit, 'age_band').reference;
    expect(ref).toMatchObject({ rule: 'largest', group: '65-79' });
    expect(ref.note).toMatch(
      /^requested reference "80\+" is absent or suppressed; .*; 45–64 years/,
    );
  });
});
