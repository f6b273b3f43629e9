/**
 * OnnxStayModel.forwardGrown, the search's path, against forward(), the straightforward
 * one: the same logits on grown sets of parity stays, while the TS stream resumes from the
 * parent's GRU states (T + 1 steps for a child adding a window), a child adding a chunk
 * reuses its parent's TS logit, and states the caller did not retain are not reused.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelRuntime, type StayTensors } from '../../../src/main/core/models';
import { queryForUnits, type GrownSet } from '../../../src/main/core/models/stay-model';
import { loadParity, maxAbsDiff } from './parity-fixture';
import { BUNDLE_DIR } from './training-cohort';

const parity = loadParity(join(BUNDLE_DIR, 'parity.json'));
const { T, D, Dc, De, M, E } = parity.sizes;
const slice = (a: Float32Array, n: number, b: number) => a.slice(b * n, (b + 1) * n);
const tensorsOf = (b: number): StayTensors => ({
  ts: slice(parity.inputs.ts, T * D, b),
  cxr: slice(parity.inputs.cxr, Dc, b),
  ecg: slice(parity.inputs.ecg, De, b),
  chunkEmbeddings: slice(parity.inputs.chunkEmbeddings, M * E, b),
  presence: slice(parity.inputs.presence, M, b),
});

let runtime: ModelRuntime;
let small: ModelRuntime;
beforeAll(async () => {
  runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu' });
  small = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu', maxBatch: 5 });
});
afterAll(async () => {
  await runtime.close();
  await small.close();
});

/** Levels of a random search-like tree: each set grows from one of the previous level's. */
function grownLevels(units: readonly number[], levels: number, width: number, seed: number) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: GrownSet[][] = [];
  let parents: (readonly number[])[] = [[]];
  for (let level = 0; level < levels; level++) {
    const sets: GrownSet[] = [];
    for (let i = 0; i < width; i++) {
      const parent = parents[Math.floor(next() * parents.length)]!;
      const free = units.filter((u) => !parent.includes(u));
      const unit = free[Math.floor(next() * free.length)]!;
      sets.push({ units: [...parent, unit].sort((a, b) => a - b), parent });
    }
    out.push(sets);
    parents = sets.slice(0, 4).map((set) => set.units);
  }
  return out;
}

describe('incremental evaluation (forwardGrown)', () => {
  it('gives forward()’s logits on grown sets, running fewer GRU steps', async () => {
    for (const b of [0, 5, 11, 17]) {
      const model = runtime.modelFor(tensorsOf(b));
      const plain = runtime.modelFor(tensorsOf(b));
      const units = [...Array(T).keys(), ...model.presentNotes.map((j) => T + j)];
      for (const sets of grownLevels(units, 8, 40, b + 1)) {
        const grown = await model.forwardGrown(sets);
        const straight = await plain.forward(sets.map((set) => queryForUnits(plain, set.units)));
        expect(maxAbsDiff(grown.ts, straight.ts)).toBeLessThanOrEqual(1e-5);
        expect(maxAbsDiff(grown.note, straight.note)).toBeLessThanOrEqual(1e-5);
        model.retain(sets.slice(0, 4).map((set) => set.units));
      }
      expect(model.stats.gruStepsNeeded).toBeLessThan(model.stats.gruStepsFull);
      expect(model.stats.gruSteps).toBeGreaterThanOrEqual(model.stats.gruStepsNeeded);
    }
  });

  it('re-runs T + 1 steps for a child adding a window, none for one adding a chunk', async () => {
    const model = runtime.modelFor(tensorsOf(3));
    const chunk = T + model.presentNotes[0]!;
    await model.forwardGrown([{ units: [5], parent: [] }]);
    model.retain([[5]]);
    const before = { ...model.stats };
    await model.forwardGrown([{ units: [5, 9], parent: [5] }]);
    expect(model.stats.gruStepsNeeded - before.gruStepsNeeded).toBe(T + 1);
    const after = { ...model.stats };
    await model.forwardGrown([{ units: [5, chunk], parent: [5] }]);
    expect(model.stats.gruRuns).toBe(after.gruRuns);
    expect(model.stats.tsCacheHits).toBe(after.tsCacheHits + 1);
  });

  it('runs a child in full when its parent’s states were not retained', async () => {
    const model = runtime.modelFor(tensorsOf(3));
    await model.forwardGrown([
      { units: [2], parent: [] },
      { units: [4], parent: [] },
    ]);
    model.retain([[4]]);
    const before = model.stats.gruStepsNeeded;
    const got = await model.forwardGrown([{ units: [2, 6], parent: [2] }]);
    expect(model.stats.gruStepsNeeded - before).toBe(2 * T);
    const want = await runtime.modelFor(tensorsOf(3)).forward([queryForUnits(model, [2, 6])]);
    expect(Math.abs(got.ts[0]! - want.ts[0]!)).toBeLessThanOrEqual(1e-5);
  });

  it('keeps every GRU run within maxBatch rows', async () => {
    const model = small.modelFor(tensorsOf(7));
    const runs = (['ts_gru_forward.onnx', 'ts_gru_backward.onnx'] as const).map((f) =>
      vi.spyOn(small.bundle.sessions[f], 'run'),
    );
    await model.forwardGrown(Array.from({ length: 17 }, (_, t) => ({ units: [t], parent: [] })));
    const rows = runs.flatMap((spy) =>
      spy.mock.calls.map(
        ([feeds]) => (feeds as unknown as Record<string, { dims: number[] }>).x!.dims[0]!,
      ),
    );
    runs.forEach((spy) => spy.mockRestore());
    expect(rows.length).toBeGreaterThan(2);
    expect(Math.max(...rows)).toBeLessThanOrEqual(5);
  });

  it('refuses sets that are not ascending unit ids of the stay', async () => {
    const model = runtime.modelFor(tensorsOf(0));
    for (const units of [[3, 1], [T + M], [-1], [2, 2], [1.5]]) {
      await expect(model.forwardGrown([{ units, parent: null }])).rejects.toThrow(RangeError);
    }
  });
});
