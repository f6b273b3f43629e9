/**
 * Two runs compared figure by figure on hand-made results: a planted difference is flagged,
 * identical runs flag nothing, a difference's interval holds the true difference, and a
 * subgroup figure below its estimability minimum is not compared.
 */
import { describe, expect, it } from 'vitest';
import type { RunSummary, StayAuditResult } from '../../../src/main/core/audit/audit-types';
import type { AttributesByStay } from '../../../src/main/core/audit/subgroups';
import {
  checkComparable,
  compareResults,
  describeDifferences,
  type ComparisonSide,
} from '../../../src/main/core/compare';
import { comparisonMarkdown, comparisonText } from '../../../src/shared/comparison-text';
import { cohortStatistics } from '../../../src/main/core/audit/statistics-index';
import { InputError } from '../../../src/main/core/errors/input-error';
import { ConflictError } from '../../../src/main/core/store';
import type { ComparedRunInfo } from '../../../src/shared/run-comparison';
import { rng } from '../abstention/stays';
import { stay } from '../audit/audit-fixtures';

/**
 * n stays, prevalence 0.3; `separation` moves p_full apart by class; a stay exhausts when
 * rand < exhaust. Deterministic per seed.
 */
function results(
  n: number,
  seed: number,
  { separation = 0.3, exhaust = 0.2 }: { separation?: number; exhaust?: number } = {},
): StayAuditResult[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const y = r() < 0.3 ? 1 : 0;
    const p = Math.min(
      0.99,
      Math.max(0.01, 0.5 + (y ? separation : -separation) * r() + (r() - 0.5) * 0.4),
    );
    return stay({
      id: i + 1,
      p,
      y,
      pe: p,
      evidence: 1 + Math.floor(r() * 4),
      exhausted: r() < exhaust,
    });
  });
}

function info(runId: number, stays: number): ComparedRunInfo {
  return {
    runId,
    task: 'E1',
    cohortName: 'demo',
    cohortSource: 'demo',
    split: 'test',
    synthetic: true,
    bundleDir: '/models/E1',
    bundleFingerprint: 'f',
    decision: 'calibrated',
    threshold: 0.5,
    stays,
    noteChunks: null,
    calibrationTransported: false,
    warnings: [],
  };
}

function side(runId: number, rs: StayAuditResult[], attributes?: AttributesByStay): ComparisonSide {
  return { info: info(runId, rs.length), results: rs, ...(attributes ? { attributes } : {}) };
}

const opts = { seed: 11, resamples: 400 };

describe('compareResults', () => {
  it('flags a planted difference in exhaustion and discrimination', () => {
    const a = results(300, 1, { separation: 0.4, exhaust: 0.1 });
    const b = results(300, 2, { separation: 0.05, exhaust: 0.6 });
    const c = compareResults(side(1, a), side(2, b), opts);
    const fig = Object.fromEntries(c.figures.map((f) => [f.figure, f]));
    expect(fig.exhaustionRate!.flagged).toBe(true);
    expect(fig.exhaustionRate!.difference.estimate!).toBeGreaterThan(0.4);
    expect(fig.auroc!.flagged).toBe(true);
    expect(fig.auroc!.difference.estimate!).toBeLessThan(0);
    expect(c.tested).toBeGreaterThan(0);
    expect(c.flagged).toBe(c.figures.filter((f) => f.flagged).length);
    // The adjusted p-value of a flagged figure is within the FDR level, and never below the raw p.
    for (const f of c.figures.filter((x) => x.pValue !== null)) {
      expect(f.adjustedP!).toBeGreaterThanOrEqual(f.pValue!);
      expect(f.flagged).toBe(f.adjustedP! <= 0.05);
    }
    // Discrimination has a better direction: the drop reads "worse in B", by DeLong's test.
    expect(fig.auroc!.reading).toBe('worse');
    expect(fig.auroc!.test).toBe('delong');
    expect(fig.auroc!.difference.method).toBe('delong');
    // More exhausted searches are neither better nor worse: "higher in B".
    expect(fig.exhaustionRate!.reading).toBe('higher');
    expect(fig.exhaustionRate!.test).toBe('newcombe-fisher');
    expect(comparisonText(c)).toMatch(
      /Searches without a small evidence set\s+–\s+0\.\d{3}\s+0\.\d{3}\s+\+0\.\d{3} \(\+0\.\d{3} to \+0\.\d{3}\)\s+<?0\.00\d\s+higher in B/,
    );
    expect(comparisonText(c)).toMatch(/^AUROC .*higher\s.*WORSE IN B$/m);
    expect(comparisonMarkdown(c)).toContain('| Searches without a small evidence set | – |');
  });

  it('flags nothing when both runs are the same results', () => {
    const a = results(300, 3);
    const c = compareResults(side(1, a), side(2, a), opts);
    expect(c.flagged).toBe(0);
    for (const f of c.figures) {
      const none = f.contrast === 'ratio' ? 1 : 0;
      expect(f.difference.estimate === null || f.difference.estimate === none).toBe(true);
      if (f.pValue !== null) expect(f.adjustedP!).toBeGreaterThan(0.05);
      expect(['not-shown', 'not-tested']).toContain(f.reading);
    }
    // The same stays scored the same way: DeLong's paired test has nothing to test.
    const auroc = c.figures.find((f) => f.figure === 'auroc')!;
    expect(auroc.test).toBe('delong-paired');
    expect(auroc.notTested).toBe('both runs rank the stays the same way');
    expect(c.tested).toBeGreaterThan(8);
  });

  it('gives an interval holding the true difference of two exact rates', () => {
    // A: 60 of 300 exhausted (0.2); B: 150 of 300 (0.5).
    const fixed = (exhaustedEvery: number) =>
      results(300, 5).map((r, i) => ({
        ...r,
        status: (i % exhaustedEvery === 0 ? 'exhausted' : 'converged') as StayAuditResult['status'],
      }));
    const c = compareResults(side(1, fixed(5)), side(2, fixed(2)), opts);
    const ex = c.figures.find((f) => f.figure === 'exhaustionRate')!;
    expect(ex.a.estimate).toBeCloseTo(0.2, 12);
    expect(ex.b.estimate).toBeCloseTo(0.5, 12);
    expect(ex.difference.estimate).toBeCloseTo(0.3, 12);
    expect(ex.difference.lower!).toBeLessThan(0.3);
    expect(ex.difference.upper!).toBeGreaterThan(0.3);
    expect(ex.difference.lower!).toBeGreaterThan(0);
    // Same seed, same comparison.
    expect(compareResults(side(1, fixed(5)), side(2, fixed(2)), opts)).toEqual(c);
  });

  it("shows each run's figures as its own cohort statistics give them, at the comparison's seed", () => {
    const a = results(200, 6);
    const b = results(150, 7, { exhaust: 0.4 });
    const c = compareResults(side(1, a), side(2, b), opts);
    const own = (rs: StayAuditResult[]) =>
      cohortStatistics(rs, { threshold: 0.5, tauConf: 0.9, tauSuff: 0.9, ...opts });
    for (const [key, rs] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const s = own(rs);
      const fig = (f: string) => c.figures.find((x) => x.figure === f)![key];
      // B too: its difference is drawn with another seed, its own figures are not.
      expect(fig('auroc')).toEqual(s.discrimination.auroc);
      expect(fig('ece')).toEqual(s.calibration.full.ece);
      expect(fig('exhaustionRateTp')).toEqual(s.exhaustion.byClass.TP.rate);
      expect(fig('ppv')).toEqual(s.abstention.onExhaustion.precisionWithout);
      expect(fig('meanEvidenceSize')).toEqual(s.evidenceSize.all.mean);
      expect(c.calibration[key]).toEqual(s.calibration.full);
    }
    // Rates of counts carry their exact interval, as everywhere else.
    expect(c.figures.find((x) => x.figure === 'fpr')!.a.method).toBe('clopper-pearson');
  });

  it('compares subgroups both runs share, refusing figures below their estimability minimum', () => {
    const a = results(300, 7);
    const b = results(300, 8);
    // "F" in A: the first 40 stays, of which only the negatives: no outcome event.
    const attrs = (rs: StayAuditResult[], small: boolean): AttributesByStay =>
      new Map(
        rs.map((r, i) => [
          r.stayId,
          { sex: small && i < 40 ? (r.label === 0 ? 'F' : 'M') : i % 2 ? 'F' : 'M', ward: 'x' },
        ]),
      );
    const c = compareResults(side(1, a, attrs(a, false)), side(2, b, attrs(b, false)), opts);
    expect(new Set(c.subgroups.map((g) => `${g.attribute}=${g.group}`))).toEqual(
      new Set(['sex=F', 'sex=M', 'ward=x']),
    );
    expect(c.subgroups.every((g) => g.pValue !== null)).toBe(true);

    // A group with 15 stays and no event in run A: its AUROC and FNR are not estimable.
    const onlyNegatives = a.filter((r) => r.label === 0).slice(0, 15);
    const sexA: AttributesByStay = new Map(
      a.map((r) => [r.stayId, { sex: onlyNegatives.includes(r) ? 'F' : 'M' }]),
    );
    const d = compareResults(side(1, a, sexA), side(2, b, attrs(b, false)), opts);
    const female = d.subgroups.filter((g) => g.group === 'F');
    expect(female.map((g) => g.figure)).toEqual(['auroc', 'fpr', 'fnr']);
    const auroc = female.find((g) => g.figure === 'auroc')!;
    expect(auroc.pValue).toBeNull();
    expect(auroc.flagged).toBe(false);
    expect(auroc.notTested).toMatch(/^not estimable: run A: 0 events/);
    expect(female.find((g) => g.figure === 'fnr')!.notTested).toMatch(/not estimable/);
    expect(female.find((g) => g.figure === 'fpr')!.notTested).toBeNull();
  });
});

function summary(id: number, patch: Partial<RunSummary> = {}, task = 'E1'): RunSummary {
  return {
    id,
    spec: {
      cohortId: 1,
      task,
      split: 'test',
      bundleDir: '/models/E1',
      params: {
        beamWidth: 4,
        maxSteps: 8,
        topTimeWindows: 6,
        topNoteChunks: 4,
        lambda: 0.1,
        mu: 0.1,
        tauConf: 0.9,
        tauSuff: 0.9,
        threshold: 0.5,
        stability: 'probability',
      },
      workers: 1,
    },
    provenance: {
      appVersion: '1',
      bundleTask: task,
      bundleHashes: {},
      bundleFingerprint: 'f',
      executionProvider: 'cpu',
      cohortContentHash: 'h',
      cohortName: 'demo',
      synthetic: true,
    },
    status: 'completed',
    createdAt: '',
    startedAt: '',
    finishedAt: '',
    totalStays: 10,
    doneStays: 10,
    error: null,
    ...patch,
  };
}

describe('checkComparable and describeDifferences', () => {
  it('labels what only reflects absent data, reads the real failures and says what to do', () => {
    // Run B: a site where the model raised no alert (every risk below the threshold) and
    // whose cohort holds no notes; its outcomes are as frequent as A's.
    const a = results(300, 21, { separation: 0.4 });
    const b = results(200, 22, { separation: 0.4 }).map((r) => ({
      ...r,
      pFull: r.pFull * 0.45,
      yFull: 0 as const,
      noteUnits: 0,
    }));
    const c = compareResults(
      side(1, a),
      {
        ...side(2, b),
        info: {
          ...info(2, b.length),
          synthetic: false,
          noteChunks: 0,
          calibrationTransported: true,
        },
      },
      opts,
    );
    const fig = Object.fromEntries(c.figures.map((f) => [f.figure, f]));
    // An FPR of 0 from a run with no alerts, PPV and the note share: not findings, not tested.
    for (const figure of ['fpr', 'ppv', 'alertWithdrawalRate', 'noteShare']) {
      expect(fig[figure]!.reading, figure).toBe('absent-data');
      expect(fig[figure]!.flagged, figure).toBe(false);
      expect(fig[figure]!.pValue, figure).toBeNull();
    }
    expect(fig.fpr!.absentData).toBe(
      'run B raised no alerts, so its false-alarm rate is 0 by construction',
    );
    expect(fig.noteShare!.absentData).toBe('run B\'s cohort "demo" has no notes');
    // Catching none of the outcomes is the real failure, and it reads so.
    expect(fig.tpr!.reading).toBe('worse');
    expect(fig.predictedPositiveRate!.reading).toBe('lower');
    expect(c.advice[0]).toMatch(/^Run B raised no alerts at the threshold it carried \(0\.50\)/);
    expect(c.advice.some((line) => line.includes('recalibrate'))).toBe(true);
    const text = comparisonText(c);
    expect(text).toContain('What to do:');
    expect(text).toMatch(/^False-alarm rate .*not compared: run B raised no alerts/m);
    expect(text).not.toMatch(/^False-alarm rate .*(WORSE|better in B)/m);
  });

  it("reads an AUROC drop as worse by DeLong's test, with its interval", () => {
    const a = results(300, 31, { separation: 0.45 });
    const b = results(300, 32, { separation: 0.02 });
    const auroc = compareResults(side(1, a), side(2, b), opts).figures.find(
      (f) => f.figure === 'auroc',
    )!;
    expect(auroc.test).toBe('delong');
    expect(auroc.reading).toBe('worse');
    expect(auroc.difference.method).toBe('delong');
    expect(auroc.difference.upper!).toBeLessThan(0);
    expect(auroc.difference.lower!).toBeLessThan(auroc.difference.estimate!);
    // Fewer than two stays with the outcome in a run: no variance, so not tested, and said so.
    const few = b.map((r, i) => ({ ...r, label: (i === 0 ? 1 : 0) as 0 | 1 }));
    const untested = compareResults(side(1, a), side(2, few), opts).figures.find(
      (f) => f.figure === 'auroc',
    )!;
    expect(untested.reading).toBe('not-tested');
    expect(untested.notTested).toBe('fewer than two stays with the outcome in run B');
  });

  it('refuses the same run, a run not completed, and different tasks', () => {
    expect(() => checkComparable(summary(1), summary(1))).toThrow(InputError);
    expect(() =>
      checkComparable(summary(1), summary(2, { status: 'running', doneStays: 3 })),
    ).toThrow(/Audit run 2 is running \(3 of 10 stays\): only completed runs are compared/);
    expect(() => checkComparable(summary(1), summary(2, { status: 'cancelled' }))).toThrow(
      ConflictError,
    );
    expect(() => checkComparable(summary(1), summary(2, {}, 'E2'))).toThrow(
      /run 1 audits task E1 and run 2 task E2/,
    );
    expect(() => checkComparable(summary(1), summary(2))).not.toThrow();
  });

  it('says in words how the runs differ', () => {
    const b = summary(2);
    b.spec = { ...b.spec, split: 'val', params: { ...b.spec.params, threshold: 0.3 } };
    b.provenance = {
      ...b.provenance,
      cohortName: 'other',
      cohortContentHash: 'k',
      bundleFingerprint: 'g',
    };
    const words = describeDifferences(summary(1), b);
    expect(words).toEqual([
      'different cohorts: "demo" (A) and "other" (B)',
      'different splits: test (A) and val (B)',
      'different model bundles in the same folder /models/E1 (its files or calibration changed between the runs)',
      'different decision thresholds: 0.500 (A) and 0.300 (B)',
    ]);
    expect(describeDifferences(summary(1), summary(2))[0]).toMatch(/a re-run/);
  });
});
