/**
 * runs.checkStart, the start form's check before an audit starts: a bundle folder that
 * cannot be used is named in plain words (no command-line flags), a bundle trained on
 * generated data about to judge a real cohort is said, and a completed audit of exactly the
 * same request is offered, while any difference in what decides the figures is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/shared/audit';
import type { CallArgs, CallOutcome } from '../../../src/shared/contract';
import type { RunStartCheck } from '../../../src/shared/run-start-check';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { BUNDLE_DIR } from '../models/training-cohort';
import { demoStore } from '../../support/audit-runs';

function value<T>(outcome: CallOutcome<unknown>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value as T;
}

describe('runs.checkStart', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let call: (name: string, args: unknown) => Promise<CallOutcome<unknown>>;
  let request: Omit<CallArgs<'runs.start'>, 'jobId'>;
  const check = async (changes: Partial<typeof request> = {}) =>
    value<RunStartCheck>(await call('runs.checkStart', { ...request, ...changes }));

  beforeAll(async () => {
    demo = await demoStore(150);
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    call = (name, args) => dispatch(handlers, name, args);
    const stayKeys = demo.store
      .listStays(demo.cohortId, { split: 'test', limit: 6 })
      .stays.map((s) => s.stayKey);
    request = {
      cohortId: demo.cohortId,
      task: 'E1',
      split: 'test',
      stayKeys,
      params: { beamWidth: 4 },
      calibration: 'none',
      validation: false,
    };
  });
  afterAll(() => demo.dispose());

  it('names a bundle folder that cannot be used, in plain words', async () => {
    const missing = await check({ bundle: `${demo.dir}/no-such-bundle` });
    expect(missing.bundleProblem).toBe(
      `There is no folder at ${demo.dir}/no-such-bundle. Check the path of the bundle folder.`,
    );
    const notABundle = await check({ bundle: demo.dir });
    expect(notABundle.bundleProblem).toContain('holds no model bundle');
    for (const problem of [missing.bundleProblem, notABundle.bundleProblem]) {
      expect(problem).not.toMatch(/--|`toe /);
    }
    const otherTask = await check({ task: 'E2', bundle: BUNDLE_DIR });
    expect(otherTask.bundleProblem).toBe(
      'This bundle predicts E1, not E2: choose a bundle made for E2, or audit E1.',
    );
  });

  it('offers the completed run of exactly this request, and no other', async () => {
    expect(await check()).toEqual({
      bundleProblem: null,
      syntheticOnReal: null,
      identicalRun: null,
    });
    const run = value<RunSummary>(
      await call('runs.start', { ...request, workers: 1, jobId: 'first' }),
    );
    expect(run.status).toBe('completed');
    // Workers do not change results, so another number of them is the same audit.
    expect((await check({ workers: 2 })).identicalRun?.id).toBe(run.id);
    // The shipped bundle named by its folder is the same bundle.
    expect((await check({ bundle: run.spec.bundleDir })).identicalRun?.id).toBe(run.id);

    const differing: Partial<typeof request>[] = [
      { params: { beamWidth: 5 } },
      { params: { beamWidth: 4, mu: 0.1 } },
      { calibration: 'bundle' },
      { split: 'val', stayKeys: undefined },
      { stayKeys: request.stayKeys!.slice(1) },
      { abstention: { budget: { kind: 'stays', count: 2 } } },
      { abstention: { policy: 'confidence' } },
      { searchExtent: 'to-limit' },
    ];
    for (const changes of differing) {
      expect((await check(changes)).identicalRun, JSON.stringify(changes)).toBeNull();
    }
  });

  it('says when a bundle trained on generated data would audit a real cohort', async () => {
    demo.store.db.prepare('UPDATE cohorts SET synthetic = 0 WHERE id = ?').run(demo.cohortId);
    try {
      // The shipped bundles were trained on the SYNTHETIC demo cohort.
      expect((await check()).syntheticOnReal).toEqual({ trainingCohort: 'demo' });
    } finally {
      demo.store.db.prepare('UPDATE cohorts SET synthetic = 1 WHERE id = ?').run(demo.cohortId);
    }
    expect((await check()).syntheticOnReal).toBeNull();
  });
});
