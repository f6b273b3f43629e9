/**
 * runs.compare against runs.statistics: one run's figure reads the same on its dashboard and
 * in a comparison (issue 24: an AUROC interval read 0.708–0.881 on the dashboard and
 * 0.720–0.879 in a comparison, because run B was re-bootstrapped with a seed of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortStatistics } from '../../../src/shared/audit-statistics';
import type { ComparedFigure, RunComparison } from '../../../src/shared/run-comparison';
import type { Estimate } from '../../../src/shared/estimate';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { auditedStore, value } from './api-fixture';

/** Where each compared figure sits in a run's cohort statistics, when it is one of them. */
const ON_DASHBOARD: Partial<Record<ComparedFigure, (s: CohortStatistics) => Estimate>> = {
  auroc: (s) => s.discrimination.auroc,
  auprc: (s) => s.discrimination.auprc,
  ece: (s) => s.calibration.full.ece,
  exhaustionRate: (s) => s.exhaustion.overall,
  exhaustionRateTp: (s) => s.exhaustion.byClass.TP.rate,
  exhaustionRateFp: (s) => s.exhaustion.byClass.FP.rate,
  ppv: (s) => s.abstention.onExhaustion.precisionWithout,
  tpr: (s) => s.abstention.onExhaustion.sensitivityWithout,
  meanEvidenceSize: (s) => s.evidenceSize.all.mean,
  noteShare: (s) => s.modality.noteUnitShare,
};

describe('runs.compare and runs.statistics', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  let runB: number;
  beforeAll(async () => {
    fx = await auditedStore();
    // Run B: the validation split with the same bundle, so the two runs differ in their stays.
    const stayKeys = fx.store
      .listStays(fx.cohortId, { split: 'val', limit: 40 })
      .stays.map((s) => s.stayKey);
    const run = await startRun(
      fx.store,
      { cohortId: fx.cohortId, task: 'E1', split: 'val', stayKeys, workers: 1 },
      {},
    );
    runB = run.id;
  }, 300_000);
  afterAll(() => fx.dispose());

  it('shows each run the interval its dashboard shows, for every figure both have', async () => {
    const seed = 11;
    const comparison = value<RunComparison>(
      await fx.call('runs.compare', { runA: fx.run.id, runB, seed }),
    );
    const dashboard = async (runId: number) =>
      value<CohortStatistics>(await fx.call('runs.statistics', { runId, seed }));
    const statistics = { a: await dashboard(fx.run.id), b: await dashboard(runB) };
    let checked = 0;
    for (const row of comparison.figures) {
      const read = ON_DASHBOARD[row.figure];
      if (!read) continue;
      for (const side of ['a', 'b'] as const) {
        const shown = read(statistics[side]);
        expect(row[side], `${row.figure} of run ${side.toUpperCase()}`).toEqual(shown);
        checked++;
      }
    }
    expect(checked).toBe(2 * Object.keys(ON_DASHBOARD).length);
    expect(comparison.calibration.a).toEqual(statistics.a.calibration.full);
    expect(comparison.calibration.b).toEqual(statistics.b.calibration.full);
    // The AUROC is a bootstrap figure of both runs: the case the issue found differing.
    const auroc = comparison.figures.find((f) => f.figure === 'auroc')!;
    expect(auroc.b.method).toBe('bootstrap');
    expect(auroc.b.lower).toBe(statistics.b.discrimination.auroc.lower);
  });
});
