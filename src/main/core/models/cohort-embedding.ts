/**
 * The embed step before training with an ONNX text encoder: every note chunk of a cohort
 * goes through the encoder once, into the store's chunk_embeddings under the encoder's id.
 * The Python pipeline has no onnxruntime, so it reads these vectors instead of running the
 * encoder; the runtime later finds the same rows in its cache (a bundle's textEncoder.id is
 * this id), so training and auditing see identical vectors.
 */
import type { Store } from '../store';
import { ChunkEmbeddingCache } from '../store/embedding-cache';
import { ChunkEmbedder } from './chunk-embedder';
import type { TextEncoderRunner } from './text-encoder-runner';

/** Stays per page: bounds memory on large cohorts (the stays' tensors are loaded too). */
const STAYS_PER_PAGE = 200;

export interface EmbedReport {
  stays: number;
  chunks: number;
  /** Chunks run through the encoder now; the rest were already in the store. */
  embedded: number;
}

export async function embedCohortNotes(
  store: Store,
  cohortId: number,
  encoder: TextEncoderRunner,
  encoderId: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<EmbedReport> {
  const cache = new ChunkEmbeddingCache(store, encoderId, encoder.dim);
  let embedded = 0;
  // Count encoder calls, not cache hits: wraps the runner without changing its vectors.
  const counting: TextEncoderRunner = {
    dim: encoder.dim,
    embed: (texts) => {
      embedded += texts.length;
      return encoder.embed(texts);
    },
  };
  const embedder = new ChunkEmbedder(counting, cache);
  const ids = store.stayIds(cohortId);
  let chunks = 0;
  for (let start = 0; start < ids.length; start += STAYS_PER_PAGE) {
    const stays = store.loadStays(ids.slice(start, start + STAYS_PER_PAGE));
    // Every chunk, not only the last Mmax: the bundle's Mmax is not known before training.
    await embedder.chunkEmbeddings(stays, (stay) => stay.notes.map((_, position) => position));
    chunks += stays.reduce((n, s) => n + s.notes.length, 0);
    onProgress(Math.min(start + STAYS_PER_PAGE, ids.length), ids.length);
  }
  return { stays: ids.length, chunks, embedded };
}
