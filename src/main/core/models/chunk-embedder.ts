/**
 * Note chunk -> embedding e_j through the bundle's frozen text encoder, each chunk once:
 * vectors are cached in the store under the encoder id (docs/model-bundle.md, "Text
 * encoder"), so a stay's chunks are embedded on first use and read back afterwards.
 */
import * as ort from 'onnxruntime-node';
import type { Stay } from '../store';
import type { ChunkEmbeddingCache, ChunkEmbedding } from '../store/embedding-cache';
import type { BundleManifest } from './manifest-schema';
import { keptChunkPositions } from './stay-inputs';
import { DEFAULT_HASH_NGRAM_SPEC, encodeTexts, type HashNgramSpec } from './tokenizer';
import { floatOutput } from './session-runs';

/** Texts per text_encoder run: 256 x 256 ids keeps one run near 1 MB of inputs. */
const TEXTS_PER_RUN = 256;

export class ChunkEmbedder {
  private readonly spec: HashNgramSpec;
  private readonly dim: number;

  constructor(
    private readonly session: ort.InferenceSession,
    manifest: BundleManifest,
    private readonly cache: ChunkEmbeddingCache | null = null,
  ) {
    const tokenizer = manifest.textEncoder.tokenizer;
    this.spec = {
      buckets: tokenizer.buckets ?? DEFAULT_HASH_NGRAM_SPEC.buckets,
      maxIds: tokenizer.maxIds ?? DEFAULT_HASH_NGRAM_SPEC.maxIds,
    };
    this.dim = manifest.textEncoder.embeddingDim;
  }

  /** Embeddings of arbitrary texts (no cache), one vector per text. */
  async embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += TEXTS_PER_RUN) {
      const encoded = encodeTexts(texts.slice(start, start + TEXTS_PER_RUN), this.spec);
      const result = await this.session.run({
        token_ids: new ort.Tensor('int64', encoded.ids, encoded.dims),
        token_mask: new ort.Tensor('float32', encoded.mask, encoded.dims),
      });
      const flat = floatOutput(result, 'embedding', 'text_encoder.onnx');
      for (let row = 0; row < encoded.dims[0]; row++) {
        out.push(flat.slice(row * this.dim, (row + 1) * this.dim));
      }
    }
    return out;
  }

  /**
   * The embeddings of each stay's kept chunks (the last Mmax, in slot order), by stay id.
   * Cached vectors are read in one query; the rest are embedded in shared runs and written
   * back in one transaction.
   */
  async keptChunkEmbeddings(
    stays: readonly Stay[],
    manifest: BundleManifest,
  ): Promise<Map<number, Float32Array[]>> {
    const cached =
      this.cache?.read(stays.map((s) => s.id)) ?? new Map<number, Map<number, Float32Array>>();
    const result = new Map<number, Float32Array[]>();
    const todo: { stay: Stay; slot: number; position: number }[] = [];
    for (const stay of stays) {
      const positions = keptChunkPositions(stay.notes.length, manifest);
      const vectors = positions.map((position, slot) => {
        const hit = cached.get(stay.id)?.get(position);
        if (!hit) todo.push({ stay, slot, position });
        return hit ?? new Float32Array(this.dim);
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
