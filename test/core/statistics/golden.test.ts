/**
 * The statistics layer against golden files written by the code it replaced (the run's
 * audit/cohort-*.ts, and evaluation/audit-sections.ts with its own interval type): every
 * figure an audit run or `toe evaluate` reported before is reported now with the same value
 * and interval, the evaluation's Markdown and CSV tables are byte-identical (the Markdown
 * files updated since only where its wording changed on purpose, never a number), and its chart
 * definitions unchanged. One deliberate exception: since issue 24 a rate of counts carries its
 * exact interval instead of a bootstrap one and a collapsed interval is withheld, so the golden
 * files were rewritten then with those intervals (point estimates unchanged, but for the last
 * bit of one now computed as a count over a count); and since issue 24's one formatter
 * (shared/figure-text.ts) the Markdown writes each figure kind as every front end does (a true
 * minus sign, a signed difference, shares as %, changes of a share in points), numbers unchanged
 * but for the decimals of a kind; and its reliability, evidence-size and exhaustion charts are
 * the ones a run draws (one chart per section), so the figure files were rewritten with them.
 * The golden inputs are in
 * golden-fixtures.ts, the files in test/fixtures/statistics-golden/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseAbstention } from '../../../src/main/core/abstention';
import { cohortStatistics } from '../../../src/main/core/audit/statistics-index';
import {
  evaluationResultsPage,
  methodsCsv,
  summarise,
  summaryCsv,
} from '../../../src/main/core/evaluation';
import type { SizeGroup } from '../../../src/shared/audit-statistics';
import { evaluationFigures, type EvaluationResult } from '../../../src/shared/charts';
import type { Estimate } from '../../../src/shared/estimate';
import { cohort } from '../abstention/stays';
import { tinyResult } from '../../support/tiny-evaluation';
import { goldenPlan, goldenRecords, goldenResult, goldenRun } from './golden-fixtures';

const golden = (file: string) =>
  readFileSync(new URL(`../../fixtures/statistics-golden/${file}`, import.meta.url), 'utf8');
const goldenJson = (file: string): unknown => JSON.parse(golden(file));
/** The value as JSON would carry it (no undefined members, numbers as written). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The interval type `toe evaluate` had before: estimate and bounds only. */
const bounds = (e: Estimate) => ({ estimate: e.estimate, lower: e.lower, upper: e.upper });

/** Every Estimate inside `value` reduced to its bounds, everything else as it is. */
function boundsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(boundsOnly);
  if (value === null || typeof value !== 'object') return value;
  if ('estimate' in value && 'skipped' in value) return bounds(value as Estimate);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, boundsOnly(v)]));
}

/** The evaluation's dynamic-mode and calibration sections in the shape they had before. */
function formerSections(r: Omit<EvaluationResult, 'schema' | 'provenance' | 'settings'>) {
  const c = r.calibration!;
  const curve = (section: typeof c.full) =>
    section.curve.map((bin) => ({ ...bin, observedRate: bin.observedRate.estimate }));
  const { maxSteps, threshold, exhaustion: e, abstention: a } = r.exhaustion!;
  const rule = (x: typeof a.onExhaustion) => ({
    abstained: x.abstained,
    tpAbstained: x.tpAbstained,
    fpAbstained: x.fpAbstained,
    precisionWithout: bounds(x.precisionWithout),
    precisionWith: bounds(x.precisionWith),
    precisionGained: bounds(x.precisionGained),
    sensitivityWithout: bounds(x.sensitivityWithout),
    sensitivityWith: bounds(x.sensitivityWith),
    sensitivityLost: bounds(x.sensitivityLost),
  });
  const groups = (s: (typeof r.evidenceSize)[number]) => ({
    all: s.all,
    positive: s.byOutcome.positive,
    negative: s.byOutcome.negative,
    correct: s.byCorrectness.correct,
    incorrect: s.byCorrectness.incorrect,
  });
  const each = <T>(g: Record<string, SizeGroup>, pick: (group: SizeGroup) => T) =>
    Object.fromEntries(Object.entries(g).map(([name, group]) => [name, pick(group)]));
  const three = <T>(g: Record<string, T>) => ({
    all: g.all,
    correct: g.correct,
    incorrect: g.incorrect,
  });
  return {
    calibration: {
      k: c.k,
      fullEce: bounds(c.full.ece),
      toeEce: bounds(c.toe.ece),
      difference: bounds(c.difference),
      fullCurve: curve(c.full),
      toeCurve: curve(c.toe),
    },
    evidenceSize: r.evidenceSize.map((s) => ({
      maxSteps: s.maxSize,
      histograms: { maxSize: s.maxSize, ...each(groups(s), (g) => g.histogram) },
      counts: each(groups(s), (g) => g.n),
      meanSize: three(each(groups(s), (g) => bounds(g.mean))),
      exhaustedShare: three(each(groups(s), (g) => bounds(g.exhausted))),
    })),
    exhaustion: {
      maxSteps,
      threshold,
      counts: {
        tp: e.byClass.TP.stays,
        fp: e.byClass.FP.stays,
        tn: e.byClass.TN.stays,
        fn: e.byClass.FN.stays,
      },
      tpExhausted: e.byClass.TP.exhausted,
      fpExhausted: e.byClass.FP.exhausted,
      tpRate: bounds(e.byClass.TP.rate),
      fpRate: bounds(e.byClass.FP.rate),
      ratio: bounds(e.fpTpRatio),
      reachableShare: bounds(e.reachableShare),
      reachableTpRate: bounds(e.reachableOnly.tpRate),
      reachableFpRate: bounds(e.reachableOnly.fpRate),
      abstainOnExhaustion: rule(a.onExhaustion),
      abstainOnUnreachable: rule(a.onUnreachable),
    },
  };
}

describe('an audit run’s cohort statistics', () => {
  const s = cohortStatistics(goldenRun(), {
    threshold: 0.5,
    seed: 7,
    resamples: 400,
    tauConf: 0.9,
    tauSuff: 0.9,
    maxEvidenceSize: 10,
  });

  it('report every former figure unchanged', () => {
    expect(asJson(s)).toMatchObject(goldenJson('run-statistics.json') as object);
  });

  it('add figures consistent with the ones they restate', () => {
    expect(s.evidenceSize.all.exhausted).toEqual(s.exhaustion.overall);
    const reachable = s.stays - s.reachability.unreachableStays;
    expect(s.exhaustion.reachableShare.estimate).toBe(reachable / s.stays);
  });
});

describe('toe evaluate’s result', () => {
  const sections = summarise(goldenRecords(), goldenPlan(), null);
  const former = goldenJson('evaluation-sections.json') as Record<string, unknown>;

  it('keeps every figure of the method tables, headline and optimality', () => {
    for (const key of ['full', 'headline', 'rows', 'cbm', 'optimality'] as const)
      expect(boundsOnly(asJson(sections[key])), key).toEqual(former[key]);
  });

  it('keeps every figure of calibration, evidence size and exhaustion', () => {
    const now = asJson(formerSections(sections)) as Record<string, unknown>;
    for (const key of ['calibration', 'evidenceSize', 'exhaustion'])
      expect(now[key], key).toEqual(former[key]);
  });

  it('computes the sections an audit run would on the same outcomes', () => {
    const size = sections.evidenceSize.at(-1)!;
    expect(size.all.exhausted).toEqual(sections.exhaustion!.exhaustion.overall);
  });

  it('writes byte-identical Markdown and CSV tables and the same charts', () => {
    for (const [name, result] of [
      ['golden', goldenResult()],
      ['tiny', tinyResult()],
    ] as const) {
      expect(evaluationResultsPage(result), name).toBe(golden(`${name}-evaluation.md`));
      expect(summaryCsv(result), name).toBe(golden(`${name}-summary.csv`));
      expect(methodsCsv(result), name).toBe(golden(`${name}-methods.csv`));
      const figures = evaluationFigures(result).map(({ file, caption, config }) => ({
        file,
        caption,
        config,
      }));
      expect(asJson(figures), name).toEqual(goldenJson(`${name}-figures.json`));
    }
  });
});

describe('the abstention analysis', () => {
  it('draws the same paired bootstrap through the shared wrapper', () => {
    const analysis = analyseAbstention({
      runId: 1,
      test: cohort(150, 31, { signal: true }),
      validation: cohort(150, 32, { signal: true, firstId: 10_000 }),
      validationRunId: 2,
      policy: 'learned',
      budget: { kind: 'share', share: 0.1 },
      resamples: 300,
    });
    expect(asJson(analysis)).toEqual(goldenJson('abstention-analysis.json'));
  });
});
