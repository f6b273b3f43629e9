/**
 * The dashboard's evaluations through dispatch, as both transports reach them: none for a new
 * run; one started for a run's model runs on a worker thread with progress events, is kept and
 * found again; a second one while it runs is refused; a cancelled one keeps nothing; and a
 * bundle changed since the audit is refused by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { evaluateBundle } from '../../../src/main/core/evaluation';
import { DEFAULT_BUDGETS, DEFAULT_EVALUATION } from '../../../src/shared/evaluation-settings';
import { bundleFingerprint, SHIPPED_MODELS_DIR } from '../../../src/main/core/models';
import type { ApiEvent } from '../../../src/shared/contract';
import type { RunEvaluationState, StoredEvaluation } from '../../../src/shared/evaluations';
import { auditedStore, errorCode, value, type Call } from './api-fixture';
import { portablePath } from '../../../src/main/core/paths/portable-path';

let fixture: Awaited<ReturnType<typeof auditedStore>>;
let call: Call;
const events: ApiEvent[] = [];

beforeAll(async () => {
  fixture = await auditedStore();
  const handlers = createHandlers({
    store: fixture.store,
    transport: 'http',
    emit: (event) => events.push(event),
  });
  call = (name, args) => dispatch(handlers, name, args);
}, 300_000);
afterAll(() => fixture.dispose());

const progressOf = (jobId: string) =>
  events.flatMap((e) =>
    e.type === 'job.progress' && e.progress.jobId === jobId ? [e.progress] : [],
  );

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 120_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const forRun = async (runId: number) =>
  value<RunEvaluationState>(await call('evaluations.forRun', { runId }));

describe('evaluations over the API', () => {
  it("has none for a new run, and says which split's stays one would cover", async () => {
    const state = await forRun(fixture.run.id);
    expect(state.evaluation).toBeNull();
    expect(state.running).toBeNull();
    expect(state.plan).toEqual({
      split: 'test',
      stays: fixture.store.stayIds(fixture.cohortId, 'test').length,
    });
  });

  it("evaluates the run's model on a worker thread with progress, refuses a second, keeps it", async () => {
    const runId = fixture.run.id;
    const started = call('evaluations.start', { runId, limit: 3, jobId: 'eval-a' });
    await until(() => progressOf('eval-a').length > 0, 'progress');
    const during = await forRun(runId);
    expect(during.running?.jobId).toBe('eval-a');
    const second = await call('evaluations.start', { runId, limit: 3 });
    expect(errorCode(second)).toBe('conflict');
    expect(second.ok ? '' : second.error.message).toContain('already being evaluated');

    const stored = value<StoredEvaluation>(await started);
    const { provenance, settings } = stored.result;
    expect(provenance.cohort.staysEvaluated).toBe(3);
    expect(provenance.cohort.split).toBe('test');
    expect(settings.ks).toEqual(DEFAULT_BUDGETS);
    expect(new Set(stored.result.rows.map((r) => r.method))).toContain('shap');
    // The model evaluated is the audited one, and the command reproduces it.
    const files = Object.fromEntries(provenance.bundle.files.map((f) => [f.path, f.sha256]));
    expect(bundleFingerprint(files)).toBe(bundleFingerprint(fixture.run.provenance.bundleHashes));
    expect(provenance.command).toContain(
      `--bundle ${portablePath(fixture.run.spec.bundleDir)} --split test`,
    );
    expect(provenance.command).toContain('--limit 3');
    const stays = progressOf('eval-a').filter((p) => p.phase === 'evaluating stays');
    expect(stays.at(-1)).toMatchObject({ done: 3, total: 3 });
    expect(events).toContainEqual({
      type: 'job.finished',
      jobId: 'eval-a',
      outcome: 'completed',
      cancelRequested: false,
      ok: true,
      error: null,
    });

    const after = await forRun(runId);
    expect(after.running).toBeNull();
    expect(after.evaluation).toEqual(stored);
  }, 300_000);

  it('keeps nothing from a cancelled evaluation', async () => {
    const runId = fixture.run.id;
    const before = (await forRun(runId)).evaluation;
    const started = call('evaluations.start', { runId, jobId: 'eval-b' });
    await until(
      () => progressOf('eval-b').some((p) => p.phase === 'evaluating stays' && p.done >= 1),
      'the first stay',
    );
    expect(value<{ outcome: string }>(await call('jobs.cancel', { jobId: 'eval-b' }))).toEqual({
      outcome: 'accepted',
    });
    expect(errorCode(await started)).toBe('cancelled');
    expect(events).toContainEqual(
      expect.objectContaining({ jobId: 'eval-b', outcome: 'cancelled', cancelRequested: true }),
    );
    const after = await forRun(runId);
    expect(after.evaluation).toEqual(before);
    expect(after.running).toBeNull();
  }, 300_000);

  it('refuses an unknown run, and a bundle that is not the audited model any more', async () => {
    expect(errorCode(await call('evaluations.forRun', { runId: 999 }))).toBe('not-found');
    expect(errorCode(await call('evaluations.start', { runId: 999 }))).toBe('not-found');
    const refusal = evaluateBundle(fixture.store, {
      cohort: 'demo',
      task: 'E1',
      split: 'test',
      bundle: `${SHIPPED_MODELS_DIR}/E1`,
      expectedFingerprint: '0'.repeat(64),
      ks: [1],
      methods: ['toe'],
      ...DEFAULT_EVALUATION,
      limit: 1,
      abstention: false,
    });
    await expect(refusal).rejects.toThrow(/changed since the audit ran/);
  });
});
