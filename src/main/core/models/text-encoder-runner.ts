/**
 * Texts -> one embedding each through text_encoder.onnx, for either kind of encoder
 * (text-encoder-spec.ts): the built-in hashed n-gram encoder, or an ONNX transformer fed
 * WordPiece ids and pooled as its manifest says. The same runner embeds a cohort's notes
 * before training (encoder-folder.ts) and a bundle's notes at audit time, so the vectors
 * the note stream was trained on are the ones it sees.
 */
import * as ort from 'onnxruntime-node';
import { poolEncoderOutput } from './encoder-pooling';
import { floatOutput } from './session-runs';
import type { EncoderOutput } from './manifest-schema';
import type { TextEncoderSpec } from './text-encoder-spec';
import { encodeTexts, type HashNgramSpec } from './tokenizer';
import { readVocab, WordpieceTokenizer } from './wordpiece-tokenizer';

export interface TextEncoderRunner {
  /** Embedding size E. */
  readonly dim: number;
  /** One float32 vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

type Session = Pick<ort.InferenceSession, 'run' | 'inputNames'>;

/**
 * One text per run. onnxruntime's reductions round differently with the batch's shape, so a
 * chunk embedded beside other texts can differ in its last bit from the same chunk embedded
 * alone (measured: 9 of 11,000 components, up to 3e-8). Embeddings are cached and feed every
 * later evaluation, so they must not depend on which texts happened to share a batch (an
 * audit resumed after a crash batches differently). The cost is small: 0.1 ms per chunk for
 * the built-in encoder, against 0.08 ms batched.
 */
const HASH_TEXTS_PER_RUN = 1;
const TRANSFORMER_TEXTS_PER_RUN = 1;

async function inRuns(
  texts: readonly string[],
  perRun: number,
  run: (part: readonly string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += perRun) {
    out.push(...(await run(texts.slice(start, start + perRun))));
  }
  return out;
}

export function hashEncoderRunner(
  session: Session,
  spec: HashNgramSpec,
  dim: number,
): TextEncoderRunner {
  return {
    dim,
    embed: (texts) =>
      inRuns(texts, HASH_TEXTS_PER_RUN, async (part) => {
        const encoded = encodeTexts(part, spec);
        const result = await session.run({
          token_ids: new ort.Tensor('int64', encoded.ids, encoded.dims),
          token_mask: new ort.Tensor('float32', encoded.mask, encoded.dims),
        });
        const flat = floatOutput(result, 'embedding', 'text_encoder.onnx');
        return Array.from({ length: part.length }, (_, row) =>
          flat.slice(row * dim, (row + 1) * dim),
        );
      }),
  };
}

export function wordpieceEncoderRunner(
  session: Session,
  tokenizer: WordpieceTokenizer,
  output: EncoderOutput,
  dim: number,
): TextEncoderRunner {
  // token_type_ids is fed only to a graph that takes it (all zeros: one segment).
  const typeIds = session.inputNames.includes('token_type_ids');
  return {
    dim,
    embed: (texts) =>
      inRuns(texts, TRANSFORMER_TEXTS_PER_RUN, async (part) => {
        const batch = tokenizer.encodeBatch(part);
        const feeds: Record<string, ort.Tensor> = {
          input_ids: new ort.Tensor('int64', batch.inputIds, batch.dims),
          attention_mask: new ort.Tensor('int64', batch.attentionMask, batch.dims),
        };
        if (typeIds) feeds.token_type_ids = new ort.Tensor('int64', batch.tokenTypeIds, batch.dims);
        const result = await session.run(feeds);
        const data = floatOutput(result, output.name, 'text_encoder.onnx');
        const dims = result[output.name]!.dims;
        return poolEncoderOutput(data, dims, batch.attentionMask, output.pooling, dim);
      }),
  };
}

/**
 * The runner of a resolved encoder. A wordpiece encoder needs its vocabulary file's bytes
 * (already hash-checked); an unreadable or incomplete vocabulary throws.
 */
export function createTextEncoderRunner(
  session: Session,
  spec: TextEncoderSpec,
  dim: number,
  vocabBytes: Uint8Array | null,
): TextEncoderRunner {
  if (spec.kind === 'hash-ngram') return hashEncoderRunner(session, spec.tokenizer, dim);
  if (!vocabBytes) throw new Error(`no vocabulary (${spec.tokenizer.vocabFile}) was given`);
  const tokenizer = new WordpieceTokenizer(readVocab(vocabBytes), spec.tokenizer);
  return wordpieceEncoderRunner(session, tokenizer, spec.output, dim);
}
