/**
 * Fills the store's chunk-embedding cache for a run's stays before the workers start: the
 * main thread is the store's only writer, and workers then only read the vectors.
 *
 * Each stay's chunks go through the text encoder in a run of their own. onnxruntime's
 * output for a text can differ in the last bit with the other rows of its batch (measured
 * on the E1 encoder), so batching across stays would make a stay's embeddings, and so
 * possibly its evidence, depend on which stays happened to be embedded with it: on where
 * an interrupted run stopped, or on the split audited. One run per stay costs little (304
 * stays: 160 ms against 126 ms in batches of 64) and makes them a function of the stay.
 */
import type { ModelRuntime } from '../models';
import type { Store } from '../store';

/** Stays loaded from the store at a time (their notes are embedded one stay per run). */
const LOAD_SLICE = 64;

export async function precomputeNoteEmbeddings(
  runtime: ModelRuntime,
  store: Store,
  stayIds: readonly number[],
  options: { signal?: AbortSignal | undefined; onStay?: () => void },
): Promise<void> {
  for (let start = 0; start < stayIds.length; start += LOAD_SLICE) {
    for (const stay of store.loadStays(stayIds.slice(start, start + LOAD_SLICE))) {
      options.signal?.throwIfAborted();
      // Cached chunks are read back, not embedded again: a resumed run only pays for the rest.
      await runtime.encodeStays([stay]);
      options.onStay?.();
    }
  }
}
