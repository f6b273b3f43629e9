/**
 * A plugged-in ONNX text encoder folder (test/fixtures/tiny-bert, written by
 * training/tests/make_tiny_bert.py): its id, its signature check, and the runner's three
 * poolings against PyTorch's outputs for the same texts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleError } from '../../../src/main/core/models';
import {
  encoderFolderId,
  openEncoderFolder,
  readEncoderFolder,
  type OpenEncoder,
} from '../../../src/main/core/models/encoder-folder';
import { SessionFactory } from '../../../src/main/core/models/execution-provider';
import { wordpieceEncoderRunner } from '../../../src/main/core/models/text-encoder-runner';
import { readVocab, WordpieceTokenizer } from '../../../src/main/core/models/wordpiece-tokenizer';
import type { Pooling } from '../../../src/main/core/models/manifest-schema';
import { maxAbsDiff } from './parity-fixture';

const TINY_BERT = fileURLToPath(new URL('../../fixtures/tiny-bert', import.meta.url));

interface Reference {
  texts: string[];
  inputIds: number[][];
  cls: number[];
  mean: number[];
  pooler: number[];
}
const reference = JSON.parse(readFileSync(join(TINY_BERT, 'reference.json'), 'utf8')) as Reference;

const temps: string[] = [];
let encoder: OpenEncoder;
let session: ort.InferenceSession;
beforeAll(async () => {
  encoder = await openEncoderFolder(TINY_BERT, { executionProvider: 'cpu' });
  session = await new SessionFactory({ executionProvider: 'cpu' }).create(
    encoder.folder.modelBytes,
  );
});
afterAll(async () => {
  await encoder.close();
  await session.release();
  temps.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function flat(vectors: Float32Array[]): Float32Array {
  const out = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
  let at = 0;
  for (const v of vectors) {
    out.set(v, at);
    at += v.length;
  }
  return out;
}

describe('ONNX text encoder folder', () => {
  it('reads encoder.json and keys its vectors by the declared id and a digest of the files', () => {
    const folder = encoder.folder;
    expect(folder.declaredId).toBe('toe-tiny-bert-test');
    expect(folder.embeddingDim).toBe(32);
    expect(folder.output).toEqual({ name: 'last_hidden_state', pooling: 'mean' });
    expect(folder.tokenizer.maxLength).toBe(64);
    expect(folder.tokenizer.stripAccents).toBe(true);
    const json = readFileSync(join(TINY_BERT, 'encoder.json'));
    expect(folder.id).toBe(
      encoderFolderId('toe-tiny-bert-test', json, folder.modelBytes, folder.vocabBytes),
    );
    expect(folder.id).toMatch(/^toe-tiny-bert-test@[0-9a-f]{16}$/);
    const edited = Buffer.from(folder.vocabBytes);
    edited[0]! ^= 1;
    expect(encoderFolderId('toe-tiny-bert-test', json, folder.modelBytes, edited)).not.toBe(
      folder.id,
    );
  });

  it('tokenizes the reference texts as Python did', () => {
    const tokenizer = new WordpieceTokenizer(readVocab(encoder.folder.vocabBytes), {
      ...encoder.folder.tokenizer,
    });
    const batch = tokenizer.encodeBatch(reference.texts);
    expect(Array.from(batch.inputIds, Number)).toEqual(reference.inputIds.flat());
  });

  it.each([
    ['mean', 'last_hidden_state', 'mean'],
    ['cls', 'last_hidden_state', 'cls'],
    ['none', 'pooler_output', 'pooler'],
  ] as const)(
    'pooling "%s" of %s matches PyTorch',
    async (pooling: Pooling, name, key: 'mean' | 'cls' | 'pooler') => {
      const tokenizer = new WordpieceTokenizer(
        readVocab(encoder.folder.vocabBytes),
        encoder.folder.tokenizer,
      );
      const runner = wordpieceEncoderRunner(session, tokenizer, { name, pooling }, 32);
      const got = flat(await runner.embed(reference.texts));
      const diff = maxAbsDiff(got, Float32Array.from(reference[key]));
      console.info(
        `tiny-bert ${pooling} pooling, ONNX vs PyTorch max |diff| ${diff.toExponential(2)}`,
      );
      expect(diff).toBeLessThan(1e-5);
    },
  );

  it('gives a text the same vector whatever shares its run', async () => {
    const [alone] = await encoder.runner.embed([reference.texts[1]!]);
    const inBatch = await encoder.runner.embed(reference.texts);
    expect(Array.from(inBatch[1]!)).toEqual(Array.from(alone!));
  });

  it('refuses a folder whose model lacks the declared output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toe-encoder-'));
    temps.push(dir);
    cpSync(TINY_BERT, dir, { recursive: true });
    const spec = JSON.parse(readFileSync(join(dir, 'encoder.json'), 'utf8')) as {
      output: { name: string; pooling: string };
    };
    spec.output = { name: 'sentence_embedding', pooling: 'none' };
    writeFileSync(join(dir, 'encoder.json'), JSON.stringify(spec));
    const error = await openEncoderFolder(dir, { executionProvider: 'cpu' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).message).toContain("no output 'sentence_embedding'");
  });

  it('refuses an encoder.json without a valid tokenizer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toe-encoder-'));
    temps.push(dir);
    cpSync(TINY_BERT, dir, { recursive: true });
    writeFileSync(
      join(dir, 'encoder.json'),
      JSON.stringify({
        id: 'x',
        embeddingDim: 32,
        output: { name: 'last_hidden_state', pooling: 'mean' },
        tokenizer: { kind: 'sentencepiece' },
      }),
    );
    expect(() => readEncoderFolder(dir)).toThrow(/tokenizer\.kind/);
  });
});
