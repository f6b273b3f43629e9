/**
 * Note chunk -> embedding e_j through a frozen text encoder, each chunk once: vectors are
 * cached in the store under the encoder id (docs/model-bundle.md, "Text encoder"), so a
 * stay's chunks are embedded on first use (or by the embed step before training) and read
 * back afterwards.
 */
import type { Stay } from '../store';
import type { ChunkEmbeddingCache, ChunkEmbedding } from '../store/embedding-cache';
import type { BundleManifest } from './manifest-schema';
import { keptChunkPositions } from './stay-inputs';
import type { TextEncoderRunner } from './text-encoder-runner';

export class ChunkEmbedder {
  constructor(
    private readonly encoder: TextEncoderRunner,
    private readonly cache: ChunkEmbeddingCache | null = null,
  ) {}

  /** Embeddings of arbitrary texts (no cache), one vector per text. */
  embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
    return this.encoder.embed(texts);
  }

  /**
   * The embeddings of each stay's kept chunks (the last Mmax, in slot order), by stay id.
   */
  keptChunkEmbeddings(
    stays: readonly Stay[],
    manifest: BundleManifest,
  ): Promise<Map<number, Float32Array[]>> {
    return this.chunkEmbeddings(stays, (stay) => keptChunkPositions(stay.notes.length, manifest));
  }

  /**
   * The embeddings of the chunks at `positions(stay)` of each stay, in that order, by stay
   * id. Cached vectors are read in one query; the rest are embedded in shared runs and
   * written back in one transaction.
   */
  async chunkEmbeddings(
    stays: readonly Stay[],
    positions: (stay: Stay) => readonly number[],
  ): Promise<Map<number, Float32Array[]>> {
    const cached =
      this.cache?.read(stays.map((s) => s.id)) ?? new Map<number, Map<number, Float32Array>>();
    const result = new Map<number, Float32Array[]>();
    const todo: { stay: Stay; slot: number; position: number }[] = [];
    for (const stay of stays) {
      const vectors = positions(stay).map((position, slot) => {
        const hit = cached.get(stay.id)?.get(position);
        if (!hit) todo.push({ stay, slot, position });
        return hit ?? new Float32Array(this.encoder.dim);
      });
      result.set(stay.id, vectors);
    }
    if (todo.length === 0) return result;
    const fresh = await this.embedTexts(todo.map((t) => t.stay.notes[t.position]!.text));
    const entries: ChunkEmbedding[] = todo.map((t, i) => {
      result.get(t.stay.id)![t.slot] = fresh[i]!;
      return { stayId: t.stay.id, position: t.position, vector: fresh[i]! };
    });
    this.cache?.write(entries);
    return result;
  }
}
