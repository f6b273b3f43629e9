/**
 * The text-encoder part of verify-bundle-parity.ts for a bundle whose encoder is a
 * plugged-in ONNX transformer (docs/model-bundle.md, "Plugging in an ONNX text encoder"):
 * the TypeScript WordPiece tokenizer must give the Python ids, and text_encoder.onnx, run
 * through the runtime's own runner (tokenize, pad, pool), must reproduce the vectors the
 * training read from the store for the parity stays' chunks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as ort from 'onnxruntime-node';
import { readManifest } from '../src/main/core/models/bundle';
import { createTextEncoderRunner } from '../src/main/core/models/text-encoder-runner';
import { resolveTextEncoder } from '../src/main/core/models/text-encoder-spec';
import { readVocab, WordpieceTokenizer } from '../src/main/core/models/wordpiece-tokenizer';

export interface WordpieceTextCheck {
  kind: 'wordpiece';
  texts: string[];
  /** Python's ids per text: [CLS] pieces [SEP], unpadded. */
  tokenIds: number[][];
  /** The first `embeddedTexts` texts have vectors in `embedding`. */
  embeddedTexts: number;
  embedding: (number | null)[];
}

export interface CheckHooks {
  fail(message: string): void;
  compare(name: string, actual: ArrayLike<number>, expected: ArrayLike<number>): void;
}

export async function checkWordpieceEncoder(
  dir: string,
  check: WordpieceTextCheck,
  session: ort.InferenceSession,
  hooks: CheckHooks,
): Promise<number> {
  const manifest = readManifest(dir);
  const spec = resolveTextEncoder(manifest);
  if (spec.kind !== 'wordpiece') {
    hooks.fail(`parity.json checks a wordpiece encoder, the manifest declares ${spec.kind}`);
    return 0;
  }
  const vocab = readFileSync(join(dir, spec.tokenizer.vocabFile));
  const tokenizer = new WordpieceTokenizer(readVocab(vocab), spec.tokenizer);
  check.texts.forEach((text, i) => {
    const want = check.tokenIds[i] ?? [];
    if (tokenizer.ids(text).join(',') !== want.join(','))
      hooks.fail(`wordpiece ids of text ${i} differ`);
  });
  // resolveTextEncoder above refused a manifest without a text encoder.
  const dim = manifest.textEncoder!.embeddingDim;
  const runner = createTextEncoderRunner(session, spec, dim, vocab);
  const vectors = await runner.embed(check.texts.slice(0, check.embeddedTexts));
  const flat = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => flat.set(v, i * dim));
  hooks.compare(
    'text_encoder.embedding vs the stored training vectors',
    flat,
    Float32Array.from(check.embedding, (v) => v ?? Number.NaN),
  );
  return check.texts.length;
}
