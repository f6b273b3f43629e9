/**
 * OnnxStayModel beyond plain masks: saliency's perturbations (1±eps TS weights, scaled chunk
 * embeddings) equal the monolithic graphs fed the perturbed inputs, batches are capped and
 * de-duplicated, and the search runs on it end to end.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelRuntime, type StayTensors } from '../../../src/main/core/models';
import { runRows } from '../../../src/main/core/models/session-runs';
import { allUnits, queryForUnits } from '../../../src/main/core/models/stay-model';
import { treeOfEvidenceSearch } from '../../../src/main/core/search';
import { saliencyRanking } from '../../../src/main/core/baselines/saliency';
import { loadParity, maxAbsDiff } from './parity-fixture';
import { BUNDLE_DIR } from './training-cohort';

const parity = loadParity(join(BUNDLE_DIR, 'parity.json'));
const { T, D, Dc, De, M, E } = parity.sizes;
const slice = (a: Float32Array, n: number, b: number) => a.slice(b * n, (b + 1) * n);
/** The parity stay with the most present chunks. */
const b = [...Array(parity.batch).keys()].reduce((best, i) =>
  slice(parity.inputs.presence, M, i).reduce((s, v) => s + v, 0) >
  slice(parity.inputs.presence, M, best).reduce((s, v) => s + v, 0)
    ? i
    : best,
);
const tensors: StayTensors = {
  ts: slice(parity.inputs.ts, T * D, b),
  cxr: slice(parity.inputs.cxr, Dc, b),
  ecg: slice(parity.inputs.ecg, De, b),
  chunkEmbeddings: slice(parity.inputs.chunkEmbeddings, M * E, b),
  presence: slice(parity.inputs.presence, M, b),
};

let runtime: ModelRuntime;
beforeAll(async () => {
  runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu', maxBatch: 5 });
});
afterAll(() => runtime.close());

describe('OnnxStayModel', () => {
  it('knows its units and scores padding -Infinity', async () => {
    const model = runtime.modelFor(tensors);
    expect(model.hours).toBe(T);
    expect(model.noteSlots).toBe(M);
    expect(model.presentNotes.length).toBeGreaterThan(2);
    const { note } = await model.selectorScores();
    note.forEach((s, j) =>
      expect(s === Number.NEGATIVE_INFINITY).toBe(!model.presentNotes.includes(j)),
    );
  });

  it('evaluates saliency perturbations like the monolithic graphs on perturbed inputs', async () => {
    const model = runtime.modelFor(tensors);
    const full = queryForUnits(model, allUnits(model));
    const [j1, j2] = model.presentNotes;
    const scales = [Math.fround(1.001), Math.fround(0.999)];
    const queries = scales.flatMap((scale) => {
      const ts = full.ts.slice();
      ts[3] = scale;
      const noteInputScale = new Float32Array(M).fill(1);
      noteInputScale[j1!] = scale;
      noteInputScale[j2!] = scale;
      return [
        { ts, note: full.note },
        { ts: full.ts, note: full.note, noteInputScale },
      ];
    });
    const got = await model.forward(queries);
    const s = runtime.bundle.sessions;
    const context = {
      cxr: { data: tensors.cxr, dims: [Dc] },
      ecg: { data: tensors.ecg, dims: [De] },
    };
    for (const [i, q] of queries.entries()) {
      const ts = await runRows(
        s['ts_stream.onnx'],
        'ts',
        { ts: { data: tensors.ts, dims: [T, D] }, ts_mask: { data: q.ts, dims: [T] }, ...context },
        'logit',
        1,
      );
      const scaled = tensors.chunkEmbeddings.map(
        (v, k) => v * (q.noteInputScale?.[Math.floor(k / E)] ?? 1),
      );
      const note = await runRows(
        s['note_stream.onnx']!,
        'note',
        {
          chunk_embeddings: { data: scaled, dims: [M, E] },
          presence: { data: tensors.presence, dims: [M] },
          note_mask: { data: q.note, dims: [M] },
          ...context,
        },
        'logit',
        1,
      );
      expect(maxAbsDiff([got.ts[i]!], ts)).toBeLessThan(1e-5);
      expect(maxAbsDiff([got.note[i]!], note)).toBeLessThan(1e-5);
    }
    // The perturbations move the logits (else saliency would be all zeros).
    expect(got.ts[0]).not.toBe(got.ts[2]);
    expect(got.note[1]).not.toBe(got.note[3]);
  });

  it('caps rows per run and runs identical masks once', async () => {
    const model = runtime.modelFor(tensors);
    const distinct = Array.from({ length: 12 }, (_, t) => queryForUnits(model, [t]));
    const queries = [...distinct, ...distinct];
    const run = vi.spyOn(runtime.bundle.sessions['ts_stream.onnx'], 'run');
    const got = await model.forward(queries);
    // 12 distinct masks, at most 5 rows per run: 5 + 5 + 2.
    expect(
      run.mock.calls.map(
        ([feeds]) => (feeds as unknown as Record<string, { dims: readonly number[] }>).ts!.dims[0],
      ),
    ).toEqual([5, 5, 2]);
    run.mockRestore();
    expect(Array.from(got.ts.slice(12))).toEqual(Array.from(got.ts.slice(0, 12)));
    expect(Array.from(got.note.slice(12))).toEqual(Array.from(got.note.slice(0, 12)));
  });

  it('refuses queries of the wrong size', async () => {
    const model = runtime.modelFor(tensors);
    await expect(
      model.forward([{ ts: new Float32Array(3), note: new Float32Array(M) }]),
    ).rejects.toThrow(RangeError);
  });

  it('drives the ToE search and the saliency baseline', async () => {
    const model = runtime.modelFor(tensors);
    const result = await treeOfEvidenceSearch(model);
    expect(result.trace.length).toBeGreaterThan(0);
    const ranking = await saliencyRanking(model);
    expect([...ranking.ranking].sort((x, y) => x - y)).toEqual(allUnits(model));
  });
});
