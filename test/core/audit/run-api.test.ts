/**
 * The runs.* calls through the contract, as both transports reach them: argument checks,
 * progress events carrying the job id, paging of results, and one stay's trace.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent, CallOutcome } from '../../../src/shared/contract';
import type { RunSummary, StayAuditDetail, StayAuditResult } from '../../../src/shared/audit';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { lookUpFigures } from '../../../src/main/core/audit/stored-figures';
import { reportFigureRequests } from '../../../src/main/core/report/audit-report-data';
import { DEFAULT_FIGURES_SEED } from '../../../src/shared/audit-statistics';
import { demoStore, resultsPerPlannedStay } from '../../support/audit-runs';

function value<T>(outcome: CallOutcome<unknown>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value as T;
}

describe('runs.* calls', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const events: ApiEvent[] = [];
  let call: (name: string, args: unknown) => Promise<CallOutcome<unknown>>;
  let stayKeys: string[];

  beforeAll(async () => {
    demo = await demoStore(150);
    const handlers = createHandlers({
      store: demo.store,
      transport: 'http',
      emit: (e) => events.push(e),
    });
    call = (name, args) => dispatch(handlers, name, args);
    stayKeys = demo.store
      .listStays(demo.cohortId, { split: 'test', limit: 8 })
      .stays.map((s) => s.stayKey);
  });
  afterAll(() => demo.dispose());

  it('starts a run with partial parameters and reports its progress as events', async () => {
    const run = value<RunSummary>(
      await call('runs.start', {
        cohortId: demo.cohortId,
        task: 'E1',
        split: 'test',
        stayKeys,
        params: { beamWidth: 4 },
        workers: 2,
        calibration: 'none',
        validation: false,
        jobId: 'audit-1',
      }),
    );
    expect(run).toMatchObject({ status: 'completed', totalStays: 8, doneStays: 8 });
    // The paper's mode: the raw probability at the bundle's own threshold, the paper's rule.
    expect(run.spec.params).toMatchObject({ beamWidth: 4, maxSteps: 10, threshold: 0.5 });
    expect(run.spec.decision).toEqual({ mode: 'paper', threshold: 0.5 });
    expect(run.spec.abstention).toEqual({
      policy: 'exhausted',
      budget: { kind: 'share', share: 1 },
      validationRunId: null,
    });
    const progress = events.filter((e) => e.type === 'run.progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({
      progress: { jobId: 'audit-1', runId: run.id, phase: 'auditing', done: 8, total: 8 },
    });
    expect(events.at(-1)).toMatchObject({ type: 'job.finished', jobId: 'audit-1', ok: true });

    expect(value<RunSummary[]>(await call('runs.list', {})).map((r) => r.id)).toEqual([run.id]);
    expect(value<RunSummary>(await call('runs.get', { runId: run.id }))).toEqual(run);
    const page = value<{ total: number; results: StayAuditResult[] }>(
      await call('runs.results', { runId: run.id, offset: 2, limit: 3 }),
    );
    expect(page.total).toBe(8);
    expect(page.results.map((r) => r.stayKey)).toEqual(stayKeys.slice(2, 5));
    const detail = value<StayAuditDetail>(
      await call('runs.stay', { runId: run.id, stayId: page.results[0]!.stayId }),
    );
    expect(detail).toMatchObject(page.results[0]!);
    expect(detail.trace).toHaveLength(detail.steps);
    // Resuming a finished run does nothing and says so by returning it unchanged.
    expect(value<RunSummary>(await call('runs.resume', { runId: run.id }))).toEqual(run);
  });

  it("keeps a completed run's dashboard figures as it completes, as the dashboard asks them", async () => {
    const [run] = value<RunSummary[]>(await call('runs.list', {}));
    const kept = () =>
      (
        demo.store.db
          .prepare('SELECT COUNT(*) AS n FROM run_figures WHERE run_id = ?')
          .get(run!.id) as { n: number }
      ).n;
    // Computed on the figures worker after the job answered: wait for it, a minute at most.
    for (let waited = 0; kept() < 3 && waited < 60_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept()).toBe(3);
    const requests = reportFigureRequests(run!.id, { seed: DEFAULT_FIGURES_SEED });
    for (const request of Object.values(requests)) {
      expect(lookUpFigures(demo.store, run!, request).stored, request.kind).not.toBeNull();
    }
  });

  it('names out-of-range parameters and unknown runs', async () => {
    const bad = await call('runs.start', {
      cohortId: demo.cohortId,
      task: 'E1',
      params: { beamWidth: 0, tauConf: 1.5 },
    });
    // Refused by the contract's schema (src/shared/search-params.ts), before the core runs.
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(!bad.ok && bad.error.message).toMatch(/beamWidth: .*; params\.tauConf: /);
    expect(
      await call('runs.start', { cohortId: demo.cohortId, task: 'E1', params: 4 }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    const unknownKey = await call('runs.start', {
      cohortId: demo.cohortId,
      task: 'E1',
      params: { beam: 4 },
    });
    expect(!unknownKey.ok && unknownKey.error.message).toMatch(/unknown field beam/);
    expect(
      await call('runs.start', { cohortId: demo.cohortId, task: 'E1', searchExtent: 'halfway' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    const toeTuned = await call('runs.start', {
      cohortId: demo.cohortId,
      task: 'E1',
      split: 'test',
      searchExtent: 'to-convergence',
      abstention: { policy: 'toe-tuned' },
    });
    expect(toeTuned).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(!toeTuned.ok && toeTuned.error.message).toMatch(/toe-tuned replays each search/);
    expect(await call('runs.get', { runId: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('answers a double Resume with a conflict, not an internal error, and runs it once', async () => {
    const [run] = value<RunSummary[]>(await call('runs.list', {}));
    // As if its process had been killed after 2 stays.
    demo.store.db
      .prepare(
        `DELETE FROM run_results WHERE run_id = ? AND stay_id IN (
           SELECT stay_id FROM run_stays WHERE run_id = ? AND position >= 2)`,
      )
      .run(run!.id, run!.id);
    demo.store.db
      .prepare(
        `UPDATE runs SET status = 'running', finished_at = NULL, owner_pid = ?, owner_host = ?,
           lease_token = 'killed', heartbeat_at = ? WHERE id = ?`,
      )
      .run(
        spawnSync(process.execPath, ['-e', '']).pid,
        hostname(),
        new Date().toISOString(),
        run!.id,
      );
    const [first, second] = await Promise.all([
      call('runs.resume', { runId: run!.id, jobId: 'resume-1' }),
      call('runs.resume', { runId: run!.id, jobId: 'resume-2' }),
    ]);
    expect(value<RunSummary>(first)).toMatchObject({ status: 'completed', doneStays: 8 });
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!second.ok && second.error.message).toMatch(
      new RegExp(`^Audit run ${run!.id} is already running \\(process ${process.pid} on host`),
    );
    expect(resultsPerPlannedStay(demo.store.db, run!.id)).toEqual(Array(8).fill(1));
  });
});
