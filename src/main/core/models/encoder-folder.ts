/**
 * An encoder folder: the ONNX text encoder a hospital plugs in (e.g. a clinical BERT), as
 * `train.py --text-encoder DIR` and the embed step read it (docs/model-bundle.md,
 * "Plugging in an ONNX text encoder"):
 *
 *   DIR/encoder.json  {id, file, embeddingDim, output: {name, pooling}, tokenizer: {kind:
 *                      "wordpiece", vocabFile, lowercase, stripAccents, maxLength, ...}}
 *   DIR/<file>        the ONNX graph: input_ids, attention_mask [, token_type_ids] int64
 *                      [B, L] -> output float32 [B, E] (pooling "none") or [B, L, E]
 *   DIR/<vocabFile>   vocab.txt, one token per line
 *
 * Its cache id is the declared id plus a digest of the three files, so embeddings stored
 * under it can only come from exactly these bytes: change any file and the store's cached
 * vectors are simply not found (training/toe_training/onnx_encoder.py computes the same id).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as ort from 'onnxruntime-node';
import { z } from 'zod';
import { BundleError } from './bundle-error';
import { checkSessionSignature, textEncoderSignature } from './bundle-signatures';
import { SessionFactory, type SessionOptions } from './execution-provider';
import { wordpieceEncoderRunner, type TextEncoderRunner } from './text-encoder-runner';
import { encoderOutputSchema, type EncoderOutput } from './manifest-schema';
import {
  wordpieceSpecFromJson,
  wordpieceTokenizerSchema,
  type WordpieceSettings,
} from './text-encoder-spec';
import { readVocab, WordpieceTokenizer } from './wordpiece-tokenizer';
import { describeIssues } from '../../../shared/validation-issues';

export const ENCODER_JSON = 'encoder.json';
/** Names how vectors are made from the files (tokenize, pad to maxLength, pool); part of the id. */
export const EMBEDDING_PROCEDURE = 'toe-onnx-text-encoder-v1';

const encoderJsonSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._:/-]+$/, 'letters, digits and . _ : / - only'),
  file: z.string().min(1).default('model.onnx'),
  embeddingDim: z.number().int().positive(),
  output: encoderOutputSchema,
  tokenizer: wordpieceTokenizerSchema,
});

export interface EncoderFolder {
  dir: string;
  /** `<declared id>@<16 hex digits>`: the key of its vectors in the store's chunk_embeddings. */
  id: string;
  declaredId: string;
  modelFile: string;
  embeddingDim: number;
  output: EncoderOutput;
  tokenizer: WordpieceSettings;
  modelBytes: Buffer;
  vocabBytes: Buffer;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The cache id; identical to onnx_encoder.encoder_id in the training pipeline. */
export function encoderFolderId(
  declaredId: string,
  encoderJson: Uint8Array,
  model: Uint8Array,
  vocab: Uint8Array,
): string {
  const digest = sha256(
    Buffer.from(
      [EMBEDDING_PROCEDURE, sha256(encoderJson), sha256(model), sha256(vocab)].join('\n'),
    ),
  );
  return `${declaredId}@${digest.slice(0, 16)}`;
}

function readFile(dir: string, name: string, what: string): Buffer {
  const path = join(dir, name);
  if (!existsSync(path)) {
    throw new BundleError('missing', `The encoder folder ${dir} has no ${name} (${what}).`);
  }
  return readFileSync(path);
}

/** Reads and checks encoder.json and the files it names (no ONNX session yet). */
export function readEncoderFolder(dir: string): EncoderFolder {
  const root = resolve(dir);
  const jsonBytes = readFile(root, ENCODER_JSON, 'the encoder spec');
  let spec: z.infer<typeof encoderJsonSchema>;
  let tokenizer: WordpieceSettings;
  try {
    spec = encoderJsonSchema.parse(JSON.parse(jsonBytes.toString('utf8')));
    tokenizer = wordpieceSpecFromJson(spec.tokenizer);
  } catch (error) {
    const detail =
      error instanceof z.ZodError ? describeIssues(error.issues, '(root)') : String(error);
    throw new BundleError(
      'manifest',
      `${join(root, ENCODER_JSON)} is not a valid encoder spec (${detail}). See docs/model-bundle.md, "Plugging in an ONNX text encoder".`,
    );
  }
  const modelBytes = readFile(root, spec.file, 'the ONNX encoder');
  const vocabBytes = readFile(root, tokenizer.vocabFile, 'the WordPiece vocabulary');
  return {
    dir: root,
    id: encoderFolderId(spec.id, jsonBytes, modelBytes, vocabBytes),
    declaredId: spec.id,
    modelFile: spec.file,
    embeddingDim: spec.embeddingDim,
    output: spec.output,
    tokenizer,
    modelBytes,
    vocabBytes,
  };
}

export interface OpenEncoder {
  folder: EncoderFolder;
  runner: TextEncoderRunner;
  close(): Promise<void>;
}

/** An ONNX session on the folder's model, its signature checked, and its runner. */
export async function openEncoderFolder(
  dir: string,
  options: SessionOptions = {},
): Promise<OpenEncoder> {
  const folder = readEncoderFolder(dir);
  let session: ort.InferenceSession;
  try {
    session = await new SessionFactory(options).create(folder.modelBytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BundleError(
      'signature',
      `onnxruntime cannot load ${join(folder.dir, folder.modelFile)} (${reason}). Export the encoder as one self-contained ONNX file (no external data).`,
    );
  }
  try {
    const spec = {
      kind: 'wordpiece' as const,
      tokenizer: folder.tokenizer,
      output: folder.output,
      typeIds: session.inputNames.includes('token_type_ids'),
    };
    checkSessionSignature(
      join(folder.dir, folder.modelFile),
      session,
      textEncoderSignature(spec, folder.embeddingDim),
    );
    const tokenizer = new WordpieceTokenizer(readVocab(folder.vocabBytes), folder.tokenizer);
    const runner = wordpieceEncoderRunner(session, tokenizer, folder.output, folder.embeddingDim);
    return { folder, runner, close: () => session.release() };
  } catch (error) {
    await session.release();
    if (error instanceof BundleError) throw error;
    throw new BundleError(
      'manifest',
      `The encoder folder ${folder.dir} cannot be used: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}
