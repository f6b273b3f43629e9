/**
 * A settled run's figures kept in the store (migration 7): the stored figures are exactly
 * the computed ones, the dashboard and the report read them, and a row goes stale when what
 * the figures depend on changes (a resume adds results, the review policy changes), while a
 * review, which no figure reads, leaves them current.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortStatistics } from '../../../src/shared/audit-statistics';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { ReviewStore } from '../../../src/main/core/audit/review-store';
import {
  computeFigures,
  runWithResults,
  type FiguresRequest,
} from '../../../src/main/core/audit/run-figures';
import { RunStore } from '../../../src/main/core/audit/run-store';
import {
  figuresRequestKey,
  lookUpFigures,
  runFigures,
  runFiguresOffThread,
} from '../../../src/main/core/audit/stored-figures';
import { gatherReportData } from '../../../src/main/core/report/audit-report-data';
import { auditedStore, value } from '../api/api-fixture';

const REQUESTS = (runId: number): FiguresRequest[] => [
  { kind: 'statistics', runId, seed: 7 },
  { kind: 'abstention', runId, seed: 7 },
  { kind: 'bias', runId, seed: 7, reference: 'largest' },
  { kind: 'bias', runId, seed: 3, minGroupSize: 5, intersections: [['sex', 'age_band']] },
  { kind: 'coverage', runId, noteSlots: 4 },
];

describe('stored run figures', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  beforeAll(async () => {
    fx = await auditedStore();
  });
  afterAll(() => fx.dispose());

  const rows = (runId: number) =>
    fx.store.db
      .prepare('SELECT request FROM run_figures WHERE run_id = ? ORDER BY request')
      .all(runId) as { request: string }[];
  const stored = (request: FiguresRequest) =>
    lookUpFigures(fx.store, runWithResults(fx.store, request.runId), request).stored;

  it('stores each figure of a completed run once, equal to the computed figure', () => {
    for (const request of REQUESTS(fx.run.id)) {
      expect(stored(request), request.kind).toBeNull();
      const computed = computeFigures(fx.store, request);
      expect(runFigures(fx.store, request)).toStrictEqual(computed);
      expect(stored(request)).toStrictEqual(computed);
      // Read back from the store now, not recomputed: still the same figures.
      expect(runFigures(fx.store, request)).toStrictEqual(computed);
    }
    expect(rows(fx.run.id)).toHaveLength(REQUESTS(fx.run.id).length);
  });

  it('keys a request by what was asked, whatever the order of its options', () => {
    expect(figuresRequestKey({ runId: 1, seed: 7, reference: 'largest', kind: 'bias' })).toBe(
      figuresRequestKey({ kind: 'bias', runId: 2, seed: 7, reference: 'largest' }),
    );
    expect(figuresRequestKey({ kind: 'statistics', runId: 1, seed: 7 })).not.toBe(
      figuresRequestKey({ kind: 'statistics', runId: 1, seed: 7, resamples: 200 }),
    );
  });

  it('answers the dashboard from the store after a restart, and the report reads the same', async () => {
    const request: FiguresRequest = { kind: 'statistics', runId: fx.run.id, seed: 7 };
    runFigures(fx.store, request);
    // A fresh handler set has nothing in memory, as after the app restarts.
    const handlers = createHandlers({ store: fx.store, transport: 'http', emit: () => {} });
    const answer = value<CohortStatistics>(
      await dispatch(handlers, 'runs.statistics', { runId: fx.run.id }),
    );
    expect(answer).toStrictEqual(computeFigures(fx.store, request));
    const report = gatherReportData(fx.store, fx.run.id, { seed: 7 });
    expect(report.statistics).toStrictEqual(answer);
    expect(report.bias).toStrictEqual(
      computeFigures(fx.store, { kind: 'bias', runId: fx.run.id, seed: 7 }),
    );
    expect(report.abstentionAnalysis).toStrictEqual(
      computeFigures(fx.store, { kind: 'abstention', runId: fx.run.id, seed: 7 }),
    );
    // The input coverage the report printed is kept too, for the bundle's 20 note slots.
    const asked: FiguresRequest = { kind: 'coverage', runId: fx.run.id, noteSlots: 20 };
    expect(stored(asked)).toStrictEqual(report.coverage);
    expect(computeFigures(fx.store, asked)).toStrictEqual(report.coverage);
    expect(report.coverage.stays).toBe(fx.run.doneStays);
  });

  it('keeps figures current through a review, and recomputes them when the policy changes', () => {
    const request: FiguresRequest = { kind: 'abstention', runId: fx.run.id, seed: 7 };
    const before = runFigures(fx.store, request);
    const [first] = new RunStore(fx.store).results(fx.run.id);
    new ReviewStore(fx.store).set(fx.run.id, first!.stayId, 'disagree', 'checked');
    expect(stored(request)).toStrictEqual(before);

    const runs = new RunStore(fx.store);
    const settings = fx.run.spec.abstention;
    runs.setAbstention(fx.run.id, { policy: 'exhausted', budget: { kind: 'stays', count: 3 } });
    try {
      expect(stored(request)).toBeNull();
      const recomputed = runFigures(fx.store, request);
      expect(recomputed).toStrictEqual(computeFigures(fx.store, request));
      expect(recomputed).not.toStrictEqual(before);
      expect(stored(request)).toStrictEqual(recomputed);
    } finally {
      if (settings) runs.setAbstention(fx.run.id, settings);
    }
  });

  it('recomputes after a resume adds results, and keeps nothing while the run runs', () => {
    const runs = new RunStore(fx.store);
    const planned = runs.plannedStayIds(fx.run.id).slice(0, 10);
    const partial = runs.createRun({
      spec: fx.run.spec,
      provenance: fx.run.provenance,
      stayIds: planned,
      excluded: 0,
    });
    const copy = (stayId: number) => runs.saveResult(partial, runs.detail(fx.run.id, stayId));
    planned.slice(0, 5).forEach(copy);
    runs.markFinished(partial, 'cancelled');
    const request: FiguresRequest = { kind: 'statistics', runId: partial, seed: 7 };
    const cancelled = runFigures(fx.store, request);
    expect(stored(request)).toStrictEqual(cancelled);

    // A resume: the run runs again and gains results.
    const claim = runs.claim(partial);
    expect(claim).not.toBeNull();
    planned.slice(5, 8).forEach(copy);
    expect(stored(request)).toBeNull();
    const running = runFigures(fx.store, request);
    expect(running).toStrictEqual(computeFigures(fx.store, request));
    expect(stored(request)).toBeNull();

    planned.slice(8).forEach(copy);
    runs.markFinished(partial, 'completed', null, claim!.lease);
    const completed = runFigures(fx.store, request);
    expect((completed as CohortStatistics).stays).toBe(10);
    expect(completed).toStrictEqual(computeFigures(fx.store, request));
    expect(stored(request)).toStrictEqual(completed);
    expect(rows(partial)).toHaveLength(1);
  });

  it('shares one computation between views that ask for the same figures at once', async () => {
    const request: FiguresRequest = { kind: 'statistics', runId: fx.run.id, seed: 11 };
    const run = runWithResults(fx.store, fx.run.id);
    const asked = [1, 2, 3].map(() => runFiguresOffThread(fx.store, run, request));
    const other = runFiguresOffThread(fx.store, run, { ...request, seed: 12 });
    const [first, ...rest] = await Promise.all(asked);
    // One worker answered all three: the very same object, not three equal copies.
    for (const answer of rest) expect(answer).toBe(first);
    expect(await other).not.toBe(first);
    expect(first).toStrictEqual(computeFigures(fx.store, request));
    // Once computed, the next ask reads the stored row: an equal copy, not the shared one.
    const later = await runFiguresOffThread(fx.store, run, request);
    expect(later).not.toBe(first);
    expect(later).toStrictEqual(first);
  });
});
