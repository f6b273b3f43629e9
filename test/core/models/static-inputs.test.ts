/**
 * Static inputs (age, sex, ...) as the bundle's third block of fixed priors: the encoding on
 * the hand-worked case training/tests/test_static_inputs.py checks in Python, and a quick
 * bundle trained through `toe train` on the Python fixture store with static inputs: the
 * runtime reads the stays' values from the store, builds PyTorch's static vectors bit for
 * bit, reproduces its logits, and recomputes the training content hash.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortDetail, StaticInputSpec } from '../../../src/shared/domain';
import { stayDetail } from '../../../src/main/core/audit/stay-detail';
import { ModelRuntime, trainingContentHash } from '../../../src/main/core/models';
import type { BundleStaticInput } from '../../../src/main/core/models/manifest-schema';
import {
  encodeStaticInputs,
  missingStaticInputs,
  staticUnitConflicts,
} from '../../../src/main/core/models/static-input-vector';
import { Store, type Stay } from '../../../src/main/core/store';
import { variableMatch } from '../../../src/main/core/models/variable-mapping';
import { variableMatchSentences } from '../../../src/shared/variable-match';
import { runToe } from '../../support/run-toe';
import { loadParity, maxAbsDiff, type Parity } from './parity-fixture';

/** The inputs test_static_inputs.py fits: age mean 70 sd 10, weight never recorded. */
const INPUTS: BundleStaticInput[] = [
  { name: 'age', kind: 'numeric', unit: 'years', mean: 70, sd: 10 },
  { name: 'sex', kind: 'categorical', categories: ['F', 'M'] },
  { name: 'weight', kind: 'numeric', unit: 'kg', mean: 0, sd: 1 },
  { name: 'unit_type', kind: 'categorical', categories: ['MICU', 'SICU', 'CCU'] },
];

describe('the static input vector', () => {
  it('matches the Python encoder on the hand-worked stays', () => {
    const encode = (values: Record<string, number | string>) =>
      Array.from(encodeStaticInputs(new Map(Object.entries(values)), INPUTS));
    // An unknown category falls in the "not recorded" slot.
    expect(encode({ age: 85, sex: 'M', unit_type: 'Neuro' })).toEqual([
      1.5, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1,
    ]);
    expect(encode({})).toEqual([0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1]);
    // float64 arithmetic rounded once: numpy's float32 of (63.7 - 70) / 10 is -0.63.
    expect(encode({ age: 63.7, weight: 72.5, sex: 'F', unit_type: 'CCU' })).toEqual([
      Math.fround(-0.63),
      0,
      1,
      0,
      0,
      72.5,
      0,
      0,
      0,
      1,
      0,
    ]);
    // A value of the other kind is not a value of this input.
    expect(encode({ age: 'old', sex: 1 }).slice(0, 5)).toEqual([0, 1, 0, 0, 1]);
  });
});

const FIXTURE = fileURLToPath(new URL('../../../training/tests/fixture_store.py', import.meta.url));
const PYTHON = process.env.TOE_PYTHON ?? '/usr/bin/python3';
const dir = mkdtempSync(join(tmpdir(), 'toe-static-inputs-'));
const db = join(dir, 'store.sqlite');
const bundleDir = join(dir, 'E1');
let parity: Parity & { inputs: { static: Float32Array } };
let store: Store;
let runtime: ModelRuntime;
let stays: Stay[];
let cohort: CohortDetail;

beforeAll(async () => {
  const made = spawnSync(PYTHON, [FIXTURE, db, '300', '--static'], { encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  const args = ['train', '--cohort', 'fixture', '--task', 'E1', '--quick', '--out', bundleDir];
  const trained = runToe(args, db);
  expect(trained.status, trained.stdout + trained.stderr).toBe(0);
  // parity-fixture.ts predates static inputs: their vectors are read here.
  const raw = JSON.parse(readFileSync(join(bundleDir, 'parity.json'), 'utf8')) as {
    inputs: { static: number[] };
  };
  const loaded = loadParity(join(bundleDir, 'parity.json'));
  parity = {
    ...loaded,
    inputs: { ...loaded.inputs, static: Float32Array.from(raw.inputs.static) },
  };
  store = new Store(db);
  const cohortId = store.resolveCohort('fixture');
  cohort = store.getCohort(cohortId);
  runtime = await ModelRuntime.open(bundleDir, { executionProvider: 'cpu', store });
  const byKey = new Map(store.loadStays(store.stayIds(cohortId)).map((s) => [s.stayKey, s]));
  stays = parity.stayKeys.map((key) => byKey.get(key)!);
}, 300_000);

afterAll(async () => {
  await runtime?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a bundle trained with static inputs', () => {
  it('declares them in context.static and in the sizes', () => {
    const m = runtime.manifest;
    expect(m.context.static?.inputs.map((input) => input.name)).toEqual([
      'age',
      'sex',
      'weight',
      'unit_type',
    ]);
    expect(m.context.static?.Ds).toBe(11);
    expect(m.model.sizes.Ds).toBe(11);
  });

  it('builds PyTorch’s static vectors from the store and reproduces its logits', async () => {
    const tensors = await runtime.encodeStays(stays);
    const { T, M } = parity.sizes;
    const row = (values: Float32Array, size: number, b: number) =>
      values.slice(b * size, (b + 1) * size);
    let worst = 0;
    for (const [b, t] of tensors.entries()) {
      expect(Array.from(t.static!)).toEqual(Array.from(row(parity.inputs.static, 11, b)));
      worst = Math.max(worst, maxAbsDiff(t.ecg, row(parity.inputs.ecg, parity.sizes.De, b)));
      const logits = await runtime
        .modelFor(t)
        .forward([
          { ts: row(parity.inputs.tsMask, T, b), note: row(parity.inputs.noteMask, M, b) },
        ]);
      worst = Math.max(worst, Math.abs(logits.ts[0]! - parity.outputs.tsLogit[b]!));
      worst = Math.max(worst, Math.abs(logits.note[0]! - parity.outputs.noteLogit[b]!));
    }
    expect(worst).toBeLessThanOrEqual(1e-5);
  });

  it('recomputes the training content hash, static values included', () => {
    expect(trainingContentHash(store, cohort.id, 'E1')).toBe(
      runtime.manifest.training.contentSha256,
    );
  });

  it('names the inputs a cohort lacks (read as not recorded) and refuses another unit', () => {
    const declared = cohort.contextSchema.staticInputs!;
    const withInputs = (staticInputs: StaticInputSpec[]): CohortDetail => ({
      ...cohort,
      contextSchema: { ...cohort.contextSchema, staticInputs },
    });
    const m = runtime.manifest;
    expect(missingStaticInputs(m, cohort)).toEqual([]);
    const other = withInputs([
      { name: 'age', kind: 'numeric', unit: 'months' },
      { name: 'sex', kind: 'numeric', unit: '' },
    ]);
    expect(missingStaticInputs(m, other)).toEqual(['sex', 'weight', 'unit_type']);
    expect(staticUnitConflicts(m, other)).toEqual([
      'static input age is in years for the bundle but in months in the cohort',
    ]);
    expect(staticUnitConflicts(m, withInputs(declared))).toEqual([]);
    const bare = { ...cohort, contextSchema: { cxrLabels: [], ecgFields: [] } };
    expect(missingStaticInputs(m, bare)).toHaveLength(4);
    // The run's recorded match lists them, and the report, app and CLI say so.
    const match = variableMatch(
      runtime.checkCohort({
        ...cohort,
        contextSchema: { ...cohort.contextSchema, staticInputs: [] },
      }),
    );
    expect(match.staticInputsMissingInCohort).toEqual(['age', 'sex', 'weight', 'unit_type']);
    expect(variableMatchSentences(match)).toEqual([
      '4 static inputs of the bundle are not recorded in this cohort and are read as not recorded for every stay: age, sex, weight, unit_type.',
    ]);
    expect(variableMatch(runtime.checkCohort(cohort)).staticInputsMissingInCohort).toBeUndefined();
  });

  it('shows the stay’s static inputs in the trace, with units and whether the model reads them', () => {
    const stay = stays[0]!;
    const values = store.staticInputsOf([stay.id]).get(stay.id)!;
    const detail = stayDetail(stay, cohort, 20, values, ['age', 'sex']);
    expect(detail.staticInputs.map((input) => input.name)).toEqual([
      'age',
      'sex',
      'weight',
      'unit_type',
    ]);
    expect(detail.staticInputs[0]).toMatchObject({ unit: 'years', modelInput: true });
    expect(detail.staticInputs[3]).toMatchObject({ unit: '', modelInput: false });
    for (const input of detail.staticInputs)
      expect(input.value).toBe(values.get(input.name) ?? null);
    expect(stayDetail(stay, cohort, 20).staticInputs.every((input) => input.value === null)).toBe(
      true,
    );
  });
});
