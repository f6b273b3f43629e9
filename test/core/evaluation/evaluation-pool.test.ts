/**
 * `toe evaluate`'s stays on the worker pool (evaluation-pool.ts) with the shipped E1 bundle on
 * a small demo cohort: one worker and two give the same result, every figure and record, and
 * an aborted signal stops the pool with CancelledError; the spurious audit's arm (dynamic
 * ToE per stay) likewise gives the same stays with one worker and with two.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runEvaluation,
  type EvaluationInput,
  type EvaluationPlan,
} from '../../../src/main/core/evaluation';
import { auditArm } from '../../../src/main/core/evaluation/spurious-audit';
import { CancelledError, type ProgressUpdate } from '../../../src/main/core/jobs/progress';
import { ModelRuntime, SHIPPED_MODELS_DIR } from '../../../src/main/core/models';
import { SEARCH_PARAM_DEFAULTS } from '../../../src/main/core/search';
import type { EvaluationResult } from '../../../src/shared/charts';
import { demoStore } from '../../support/audit-runs';

const bundleDir = join(SHIPPED_MODELS_DIR, 'E1');
let demo: Awaited<ReturnType<typeof demoStore>>;
let runtime: ModelRuntime;

beforeAll(async () => {
  demo = await demoStore(120);
  runtime = await ModelRuntime.open(bundleDir, { store: demo.store });
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  demo?.dispose();
});

function input(workers: number, extra: Partial<EvaluationInput> = {}): EvaluationInput {
  const plan: EvaluationPlan = {
    ks: [1, 3],
    methods: ['toe', 'topk', 'random', 'saliency', 'lime', 'shap'],
    params: { ...SEARCH_PARAM_DEFAULTS, threshold: runtime.manifest.decisionThreshold },
    seed: 11,
    resamples: 50,
    limeSamples: 200,
    shapBudget: 256,
  };
  return {
    store: demo.store,
    runtime,
    cohortId: demo.cohortId,
    split: 'test',
    plan,
    limit: 6,
    command: 'toe evaluate (test)',
    pool: { workers, bundleDir },
    ...extra,
  };
}

/** The result without what differs between two runs of the same stays: time and date. */
function comparable(result: EvaluationResult): unknown {
  const { seconds: _s, date: _d, ...provenance } = result.provenance;
  return { ...result, provenance };
}

describe('evaluation on the worker pool', () => {
  it('gives the same result and records with one worker and with two', async () => {
    const updates: ProgressUpdate[] = [];
    const one = await runEvaluation(input(1, { progress: (u) => updates.push(u) }));
    const two = await runEvaluation(input(2));
    expect(one.records).toHaveLength(6);
    expect(one.records.map((r) => r.stayId)).toEqual(
      [...one.records.map((r) => r.stayId)].sort((a, b) => a - b),
    );
    expect(JSON.stringify(two.records)).toBe(JSON.stringify(one.records));
    expect(JSON.stringify(comparable(two.result))).toBe(JSON.stringify(comparable(one.result)));
    const stays = updates.filter((u) => u.phase === 'evaluating stays').map((u) => u.done);
    expect(stays).toEqual([0, 1, 2, 3, 4, 5, 6]);
  }, 300_000);

  it('stops when the signal is aborted, with CancelledError', async () => {
    const controller = new AbortController();
    const run = runEvaluation(
      input(2, {
        signal: controller.signal,
        progress: (u) => {
          if (u.phase === 'evaluating stays' && u.done === 1) controller.abort();
        },
      }),
    );
    await expect(run).rejects.toBeInstanceOf(CancelledError);
  }, 300_000);

  it("gives the spurious audit's arm the same stays with one worker and with two", async () => {
    const arm = (workers: number) =>
      auditArm({
        role: 'clean',
        store: demo.store,
        runtime,
        cohortId: demo.cohortId,
        split: 'test',
        limit: 8,
        pool: { workers, bundleDir },
      });
    const one = await arm(1);
    const two = await arm(2);
    expect(one.stays).toHaveLength(8);
    expect(JSON.stringify(two.stays)).toBe(JSON.stringify(one.stays));
    expect(two.provenance).toEqual(one.provenance);
    // The same stays, in the same order, as the search on this thread finds.
    const here = await auditArm({ ...one.input, pool: undefined });
    expect(here.stays.map((s) => s.stayKey)).toEqual(one.stays.map((s) => s.stayKey));
  }, 300_000);
});
