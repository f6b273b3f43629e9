/**
 * Chunk embeddings are computed once and cached in the store under the encoder id: a second
 * load reads them back (no text-encoder run) with identical values.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { ModelRuntime } from '../../../src/main/core/models';
import { ChunkEmbeddingCache } from '../../../src/main/core/store/embedding-cache';
import { tempStore } from '../../support/temp-store';
import { BUNDLE_DIR } from './training-cohort';

const { store, dispose } = tempStore();
let runtime: ModelRuntime;
beforeAll(async () => {
  await createDemoCohort(store, { name: 'demo', stays: 40, seed: 11, spurious: false }, {});
  runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu', store });
});
afterAll(async () => {
  await runtime.close();
  dispose();
});

const rows = () =>
  (store.db.prepare('SELECT COUNT(*) AS n FROM chunk_embeddings').get() as { n: number }).n;

describe('chunk embedding cache', () => {
  it('embeds each kept chunk once, then reads the same vectors from the store', async () => {
    const stays = store.loadStays(store.stayIds(store.resolveCohort('demo')));
    const mmax = runtime.manifest.units.notes!.Mmax;
    const kept = stays.reduce((n, s) => n + Math.min(mmax, s.notes.length), 0);
    expect(kept).toBeGreaterThan(0);
    expect(rows()).toBe(0);

    const first = await runtime.encodeStays(stays);
    expect(rows()).toBe(kept);

    // A second runtime (as in a later run) must not call the text encoder at all.
    const again = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu', store });
    const encoder = vi.spyOn(again.bundle.sessions['text_encoder.onnx']!, 'run');
    const second = await again.encodeStays(stays);
    expect(encoder).not.toHaveBeenCalled();
    await again.close();
    expect(rows()).toBe(kept);
    second.forEach((tensors, i) => {
      expect(Buffer.from(tensors.chunkEmbeddings.buffer)).toEqual(
        Buffer.from(first[i]!.chunkEmbeddings.buffer),
      );
      expect(Array.from(tensors.presence)).toEqual(Array.from(first[i]!.presence));
    });
  });

  it('keys vectors by encoder id, so another encoder never reads them', () => {
    const ids = store.stayIds(store.resolveCohort('demo'));
    const dim = runtime.manifest.textEncoder!.embeddingDim;
    expect(new ChunkEmbeddingCache(store, 'another-encoder', dim).read(ids).size).toBe(0);
    expect(
      new ChunkEmbeddingCache(store, runtime.manifest.textEncoder!.id, dim).read(ids).size,
    ).toBeGreaterThan(0);
  });
});
