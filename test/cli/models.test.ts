/**
 * `toe models list` and `toe models eval` through the real command, on a small demo cohort
 * and, when it can be found, on the shipped bundle's own training cohort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRuntime, readManifest, scoreSplit } from '../../src/main/core/models';
import {
  BUNDLE_DIR,
  findTrainingCohort,
  type TrainingCohort,
} from '../core/models/training-cohort';
import { runToe } from '../support/run-toe';
import { TINY_SCHEMA, tempStore } from '../support/temp-store';

interface Ci {
  estimate: number;
  lower: number;
  upper: number;
}
interface EvalJson {
  task: string;
  stays: number;
  positives: number;
  executionProvider: string;
  metrics: Record<'ts' | 'note' | 'fused', Record<'auroc' | 'auprc' | 'ece', Ci>>;
  trainingCohort: { isTrainingCohort: boolean };
}

const { store, dir, dispose } = tempStore();
const db = `${dir}/store.sqlite`;
store.createCohort({ ...TINY_SCHEMA, name: 'tiny' });
store.close();
afterAll(dispose);

beforeAll(() => {
  const made = runToe(['demo-cohort', '--stays', '300'], db);
  expect(made.status, made.stderr).toBe(0);
}, 120_000);

describe('toe models', () => {
  it('lists the shipped bundles with their files verified', () => {
    const text = runToe(['models', 'list'], db);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /E1\s+\S+\s+demo \([0-9a-f]{12}…\)\s+0\.\d{3} \/ 0\.\d{3} \/ 0\.\d{3}\s+(\d+)\/\1 verified/,
    );
    const json = JSON.parse(runToe(['--json', 'models', 'list'], db).stdout);
    expect(json).toContainEqual(expect.objectContaining({ task: 'E1', problem: null }));
  });

  it('evaluates E1 on a demo cohort: a table of AUROC, AUPRC and ECE with CIs', () => {
    const result = runToe(
      ['models', 'eval', '--task', 'E1', '--cohort', 'demo', '--resamples', '200'],
      db,
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/execution provider: (cpu|cuda)/);
    for (const stream of ['TS-only', 'notes-only', 'fused']) {
      const line = result.stdout.split('\n').find((l) => l.startsWith(stream));
      expect(line, stream).toBeDefined();
      const auroc = Number(/^\S+\s+(\d\.\d{4}) \(/.exec(line!)?.[1]);
      expect(auroc).toBeGreaterThanOrEqual(0);
      expect(auroc).toBeLessThanOrEqual(1);
    }
  });

  it('prints parseable JSON with every figure in [0, 1]', () => {
    const result = runToe(
      ['models', 'eval', '--task', 'E1', '--split', 'test', '--json', '--resamples', '200'],
      db,
    );
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as EvalJson;
    expect(json.task).toBe('E1');
    expect(json.positives).toBeGreaterThan(0);
    expect(json.trainingCohort.isTrainingCohort).toBe(false);
    for (const stream of ['ts', 'note', 'fused'] as const) {
      for (const figure of ['auroc', 'auprc', 'ece'] as const) {
        const { estimate, lower, upper } = json.metrics[stream][figure];
        expect(estimate).toBeGreaterThanOrEqual(0);
        expect(estimate).toBeLessThanOrEqual(1);
        expect(lower).toBeLessThanOrEqual(upper);
      }
    }
  });

  it('refuses a cohort of another feature schema, saying what differs', () => {
    const result = runToe(['models', 'eval', '--task', 'E1', '--cohort', 'tiny'], db);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/trained on another feature schema than cohort "tiny"/);
    expect(result.stderr).toMatch(/reads 24 hourly windows, the cohort has 2/);
  });

  it('refuses a bundle folder that does not exist', () => {
    const result = runToe(['models', 'eval', '--task', 'E1', '--bundle', `${dir}/nowhere`], db);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/No model bundle folder at .*nowhere/);
  });

  describe('on the bundle’s own training cohort', () => {
    let cohort: TrainingCohort | null = null;
    beforeAll(async () => {
      cohort = await findTrainingCohort();
    }, 120_000);
    afterAll(() => cohort?.dispose());

    it('reproduces the manifest’s test AUROCs', async (ctx) => {
      if (!cohort?.found) return ctx.skip(cohort?.reason ?? 'no training cohort');
      const manifest = readManifest(BUNDLE_DIR);
      const recorded = manifest.metrics!.test!.full;
      const result = runToe(
        ['--json', 'models', 'eval', '--task', 'E1', '--resamples', '50'],
        cohort.dbPath,
      );
      expect(result.status, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as EvalJson;
      expect(json.trainingCohort.isTrainingCohort).toBe(true);
      const slack = await tieSlack(cohort);
      for (const stream of ['ts', 'note', 'fused'] as const) {
        const diff = Math.abs(json.metrics[stream].auroc.estimate - recorded[stream]!.auroc);
        expect(
          diff,
          `${stream}: |${json.metrics[stream].auroc.estimate} - ${recorded[stream]!.auroc}|`,
        ).toBeLessThanOrEqual(1e-4 + slack[stream]);
      }
    });
  });
});

/**
 * How far the AUROC could move if exactly tied scores were ordered by float noise: PyTorch's
 * batched matrix products can give identical inputs (stays with no notes, CXR or ECG)
 * logits one ulp apart, which the manifest's figure then reflects, while onnxruntime keeps
 * them tied. Each tied positive-negative pair counts 1/2 here and 0 or 1 there.
 */
async function tieSlack(cohort: Extract<TrainingCohort, { found: true }>) {
  const runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu' });
  const scored = await scoreSplit(runtime, cohort.store, cohort.cohortId, 'test');
  await runtime.close();
  const slack = (scores: Float64Array) => {
    const pos = scored.labels.reduce((n, y) => n + y, 0);
    let tiedPairs = 0;
    scores.forEach((s, i) => {
      if (scored.labels[i] !== 1) return;
      scores.forEach((t, j) => (scored.labels[j] === 0 && s === t ? tiedPairs++ : undefined));
    });
    return tiedPairs / 2 / (pos * (scores.length - pos));
  };
  const fused = scored.ts.map((l, i) => l + scored.note[i]!);
  return { ts: slack(scored.ts), note: slack(scored.note), fused: slack(fused) };
}
