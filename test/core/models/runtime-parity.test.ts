/**
 * The runtime against the PyTorch outputs in the shipped bundle's parity.json: from the
 * stored inputs (24 test stays under random masks) and from the runtime's own encoding of
 * the same stays read from the training cohort, on the monolithic and the composed paths.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fullInputLogits, ModelRuntime, type StayTensors } from '../../../src/main/core/models';
import { runRows } from '../../../src/main/core/models/session-runs';
import { sigmoid } from '../../../src/main/core/models/stay-model';
import { composedTsLogits } from '../../../src/main/core/models/ts-parts';
import { BUNDLE_DIR, findTrainingCohort, type TrainingCohort } from './training-cohort';
import { loadParity, maxAbsDiff, type Parity } from './parity-fixture';

const TOLERANCE = 1e-5;
const parity: Parity = loadParity(join(BUNDLE_DIR, 'parity.json'));
const { T, D, Dc, De, M, E, H } = parity.sizes;
const B = parity.batch;
const measured: Record<string, number> = {};

/** Max |diff|, recorded for the report, asserted within the tolerance. */
function expectClose(name: string, actual: ArrayLike<number>, expected: ArrayLike<number>) {
  const diff = maxAbsDiff(actual, expected);
  measured[name] = Math.max(measured[name] ?? 0, diff);
  expect(diff, name).toBeLessThanOrEqual(TOLERANCE);
}

const rowOf = (values: Float32Array, size: number, b: number) =>
  values.slice(b * size, (b + 1) * size);

function storedTensors(b: number): StayTensors {
  const x = parity.inputs;
  return {
    ts: rowOf(x.ts, T * D, b),
    cxr: rowOf(x.cxr, Dc, b),
    ecg: rowOf(x.ecg, De, b),
    chunkEmbeddings: rowOf(x.chunkEmbeddings, M * E, b),
    presence: rowOf(x.presence, M, b),
  };
}

const queryOf = (b: number) => ({
  ts: rowOf(parity.inputs.tsMask, T, b),
  note: rowOf(parity.inputs.noteMask, M, b),
});

let runtime: ModelRuntime;
beforeAll(async () => {
  runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu' });
});
afterAll(async () => {
  await runtime?.close();
  console.info(`runtime parity max |diff| vs PyTorch: ${JSON.stringify(measured)}`);
});

/** Every stay's logits through OnnxStayModel.evaluate under its parity mask. */
async function evaluateAll(tensors: (b: number) => StayTensors) {
  const ts = new Float64Array(B);
  const note = new Float64Array(B);
  for (let b = 0; b < B; b++) {
    const logits = await runtime.modelFor(tensors(b)).forward([queryOf(b)]);
    ts[b] = logits.ts[0]!;
    note[b] = logits.note[0]!;
  }
  return { ts, note };
}

function expectStayModelParity(prefix: string, logits: { ts: Float64Array; note: Float64Array }) {
  const out = parity.outputs;
  const fused = logits.ts.map((l, i) => l + logits.note[i]!);
  expectClose(`${prefix} ts logit`, logits.ts, out.tsLogit);
  expectClose(`${prefix} note logit (composed)`, logits.note, parity.composed.noteLogit);
  expectClose(`${prefix} note logit vs monolithic`, logits.note, out.noteLogit);
  expectClose(`${prefix} fused logit`, fused, out.fusedLogit);
  expectClose(`${prefix} probability`, fused.map(sigmoid), out.probability);
}

describe('model runtime parity with PyTorch (parity.json)', () => {
  it('embeds the fixture texts like the PyTorch text encoder', async () => {
    const embeddings = await runtime.embedTexts(parity.textEncoder.texts);
    const flat = new Float32Array(embeddings.length * E);
    embeddings.forEach((v, i) => flat.set(v, i * E));
    expectClose('text encoder embedding', flat, parity.textEncoder.embedding);
  });

  it('reproduces logits and probabilities from the stored inputs (StayModel path)', async () => {
    expectStayModelParity('stored inputs:', await evaluateAll(storedTensors));
  });

  it('reproduces both selectors, with -Infinity on absent note slots', async () => {
    for (let b = 0; b < B; b++) {
      const scores = await runtime.modelFor(storedTensors(b)).selectorScores();
      expectClose('ts selector scores', scores.ts, rowOf(parity.outputs.tsSelectorScores, T, b));
      const want = rowOf(parity.outputs.noteSelectorScores, M, b);
      want.forEach((s, j) => expect(Number.isFinite(scores.note[j]!)).toBe(Number.isFinite(s)));
      expectClose(
        'note selector scores',
        scores.note.filter(Number.isFinite),
        want.filter(Number.isFinite),
      );
    }
  });

  it('runs the monolithic streams on the whole batch of masks', async () => {
    const s = runtime.bundle.sessions;
    const x = parity.inputs;
    const context = { cxr: { data: x.cxr, dims: [Dc] }, ecg: { data: x.ecg, dims: [De] } };
    const ts = await runRows(
      s['ts_stream.onnx'],
      'ts',
      {
        ts: { data: x.ts, dims: [T, D] },
        ts_mask: { data: x.tsMask, dims: [T] },
        ...context,
      },
      'logit',
      B,
    );
    const note = await runRows(
      s['note_stream.onnx']!,
      'note',
      {
        chunk_embeddings: { data: x.chunkEmbeddings, dims: [M, E] },
        presence: { data: x.presence, dims: [M] },
        note_mask: { data: x.noteMask, dims: [M] },
        ...context,
      },
      'logit',
      B,
    );
    expectClose('monolithic ts_stream logit', ts, parity.outputs.tsLogit);
    expectClose('monolithic note_stream logit', note, parity.outputs.noteLogit);
  });

  it('composes the TS stream from its GRU parts with the state handed over at the cut', async () => {
    const x = parity.inputs;
    const input = { ts: x.ts, tsMask: x.tsMask, cxr: x.cxr, ecg: x.ecg, rows: B };
    const composed = await composedTsLogits(
      runtime.bundle.sessions,
      runtime.manifest.model.sizes,
      input,
      parity.gruSplit,
    );
    expectClose('composed GRU forward states', composed.hForward, parity.composed.hForward);
    expectClose('composed GRU backward states', composed.hBackward, parity.composed.hBackward);
    expectClose('composed ts logit', composed.logit, parity.composed.tsLogit);
    expectClose('composed ts logit vs monolithic', composed.logit, parity.outputs.tsLogit);
    expect(composed.hForward.length).toBe(B * T * H);
  });

  it('batches all queries of a call into one run per graph, equal to one query at a time', async () => {
    const model = runtime.modelFor(storedTensors(1));
    const queries = Array.from({ length: B }, (_, b) => queryOf(b));
    const s = runtime.bundle.sessions;
    const spies = (['ts_stream.onnx', 'note_head.onnx', 'note_projection.onnx'] as const).map((f) =>
      vi.spyOn(s[f]!, 'run'),
    );
    const batched = await model.forward(queries);
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
    spies.forEach((spy) => spy.mockRestore());
    const fresh = runtime.modelFor(storedTensors(1));
    for (const [i, q] of queries.entries()) {
      const single = await fresh.forward([q]);
      expect(Math.abs(single.ts[0]! - batched.ts[i]!)).toBeLessThan(1e-6);
      expect(Math.abs(single.note[0]! - batched.note[i]!)).toBeLessThan(1e-6);
    }
  });

  describe('from the runtime’s own encoding of the same stays', () => {
    let cohort: TrainingCohort | null = null;
    beforeAll(async () => {
      cohort = await findTrainingCohort();
    }, 120_000);
    afterAll(() => cohort?.dispose());

    it('encodes the stays bit for bit and reproduces the PyTorch outputs', async (ctx) => {
      if (!cohort?.found) return ctx.skip(cohort?.reason ?? 'no training cohort');
      const { store, cohortId } = cohort;
      const ids = store.stayIds(cohortId);
      const byKey = new Map(store.loadStays(ids).map((s) => [s.stayKey, s]));
      const stays = parity.stayKeys.map((key) => byKey.get(key)!);
      expect(stays.every(Boolean)).toBe(true);
      const own = await runtime.encodeStays(stays);
      own.forEach((tensors, b) => {
        const stored = storedTensors(b);
        // Standardisation and one-hot codes are exact; embeddings differ by float rounding only.
        expect(Buffer.from(tensors.ts.buffer).equals(Buffer.from(stored.ts.buffer))).toBe(true);
        expect(Array.from(tensors.cxr)).toEqual(Array.from(stored.cxr));
        expect(Array.from(tensors.ecg)).toEqual(Array.from(stored.ecg));
        expect(Array.from(tensors.presence)).toEqual(Array.from(stored.presence));
        expectClose(
          'own encoding: chunk embeddings',
          tensors.chunkEmbeddings,
          stored.chunkEmbeddings,
        );
      });
      expectStayModelParity('own encoding:', await evaluateAll((b) => own[b]!));
      // Full input = every window and every present chunk: the rows of parity.json that select all.
      const full = await fullInputLogits(runtime, own);
      const allUnits = [...Array(B).keys()].filter(
        (b) =>
          rowOf(parity.inputs.tsMask, T, b).every((m) => m === 1) &&
          rowOf(parity.inputs.noteMask, M, b).every(
            (m, j) => m >= parity.inputs.presence[b * M + j]!,
          ),
      );
      expect(allUnits.length).toBeGreaterThan(0);
      expectClose(
        'own encoding: full-input ts logit',
        allUnits.map((b) => full.ts[b]!),
        allUnits.map((b) => parity.outputs.tsLogit[b]!),
      );
      expectClose(
        'own encoding: full-input note logit',
        allUnits.map((b) => full.note[b]!),
        allUnits.map((b) => parity.outputs.noteLogit[b]!),
      );
    });
  });
});
