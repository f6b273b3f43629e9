/**
 * A bundle trained with a plugged-in ONNX text encoder (test/fixtures/tiny-bert) through the
 * documented command, `toe train --text-encoder DIR` (embed step, then train.py): the
 * runtime loads it, embeds a stay's notes with the encoder's WordPiece tokenizer (reusing
 * the embed step's vectors), reproduces PyTorch's logits for the parity stays, and refuses
 * the bundle when its vocabulary was tampered with or its manifest contradicts the encoder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BundleError,
  loadBundle,
  ModelRuntime,
  writeSignature,
} from '../../../src/main/core/models';
import { sigmoid } from '../../../src/main/core/models/stay-model';
import { Store, type Stay } from '../../../src/main/core/store';
import { runToe } from '../../support/run-toe';
import { loadParity, maxAbsDiff, type Parity } from './parity-fixture';

const TINY_BERT = fileURLToPath(new URL('../../fixtures/tiny-bert', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toe-onnx-encoder-bundle-'));
const db = join(dir, 'store.sqlite');
const bundleDir = join(dir, 'E1');
let parity: Parity;
let store: Store;
let runtime: ModelRuntime;
let stays: Stay[];

beforeAll(async () => {
  const made = runToe(['demo-cohort', '--stays', '300'], db);
  expect(made.status, made.stderr).toBe(0);
  const args = ['train', '--cohort', 'demo', '--task', 'E1', '--quick', '--out', bundleDir];
  const trained = runToe([...args, '--text-encoder', TINY_BERT], db);
  expect(trained.status, trained.stdout + trained.stderr).toBe(0);
  expect(trained.stdout).toMatch(
    /text encoder toe-tiny-bert-test@[0-9a-f]{16}: \d+ of \d+ note chunks embedded now/,
  );
  parity = loadParity(join(bundleDir, 'parity.json'));
  store = new Store(db);
  runtime = await ModelRuntime.open(bundleDir, { executionProvider: 'cpu', store });
  const byKey = new Map(
    store.loadStays(store.stayIds(store.resolveCohort('demo'))).map((s) => [s.stayKey, s]),
  );
  stays = parity.stayKeys.map((key) => byKey.get(key)!);
}, 300_000);

afterAll(async () => {
  await runtime?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function copyBundle(): string {
  const copy = mkdtempSync(join(dir, 'copy-'));
  cpSync(bundleDir, copy, { recursive: true });
  return copy;
}

/** Edits manifest.json and signs the result, as a bundle made that way would be. */
function editManifest(bundle: string, edit: (m: Record<string, unknown>) => void): void {
  const path = join(bundle, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(path, JSON.stringify(manifest));
  writeSignature(dirname(path), manifest);
}

async function refusal(bundle: string): Promise<BundleError> {
  const error = await loadBundle(bundle, { executionProvider: 'cpu' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  return error as BundleError;
}

describe('a bundle with a plugged-in ONNX text encoder', () => {
  it('is a wordpiece bundle whose note stream takes the encoder’s embedding size', () => {
    const m = runtime.manifest;
    expect(m.textEncoder!.tokenizer.kind).toBe('wordpiece');
    expect(m.textEncoder!.output).toEqual({ name: 'last_hidden_state', pooling: 'mean' });
    expect(m.textEncoder!.embeddingDim).toBe(32);
    expect(m.model.sizes.E).toBe(32);
    expect(runtime.bundle.verifiedFiles).toBe(m.files.length);
    expect(m.files.map((f) => f.path)).toContain('vocab.txt');
  });

  it('encodes the parity stays from the store and reproduces PyTorch’s logits', async () => {
    // The embed step stored every chunk's vector under the bundle's encoder id: the runtime
    // reads them back instead of running the encoder, so it sees what training saw.
    const encoder = vi.spyOn(runtime.bundle.sessions['text_encoder.onnx']!, 'run');
    const tensors = await runtime.encodeStays(stays);
    expect(encoder).not.toHaveBeenCalled();
    encoder.mockRestore();
    const { M, E, T } = parity.sizes;
    const row = (values: Float32Array, size: number, b: number) =>
      values.slice(b * size, (b + 1) * size);
    let worst = 0;
    for (const [b, t] of tensors.entries()) {
      worst = Math.max(
        worst,
        maxAbsDiff(t.chunkEmbeddings, row(parity.inputs.chunkEmbeddings, M * E, b)),
      );
      const model = runtime.modelFor(t);
      const logits = await model.forward([
        { ts: row(parity.inputs.tsMask, T, b), note: row(parity.inputs.noteMask, M, b) },
      ]);
      const fused = logits.ts[0]! + logits.note[0]!;
      worst = Math.max(worst, Math.abs(sigmoid(fused) - parity.outputs.probability[b]!));
      worst = Math.max(worst, Math.abs(fused - parity.outputs.fusedLogit[b]!));
    }
    console.info(`ONNX-encoder bundle: runtime vs PyTorch max |diff| ${worst.toExponential(2)}`);
    expect(worst).toBeLessThanOrEqual(1e-5);
  });

  it('embeds a chunk afresh exactly as the embed step stored it', async () => {
    const stay = stays.find((s) => s.notes.length > 0)!;
    const [stored] = (await runtime.encodeStays([stay])).map((t) => t.chunkEmbeddings);
    const [fresh] = await runtime.embedTexts([
      stay.notes[Math.max(0, stay.notes.length - 20)]!.text,
    ]);
    const diff = maxAbsDiff(fresh!, stored!.slice(0, 32));
    console.info(`ONNX-encoder bundle: fresh vs stored embedding max |diff| ${diff}`);
    expect(diff).toBeLessThanOrEqual(1e-6);
  });

  it('refuses the bundle when vocab.txt was tampered with', async () => {
    const copy = copyBundle();
    const lines = readFileSync(join(copy, 'vocab.txt'), 'utf8').split('\n');
    [lines[40], lines[41]] = [lines[41]!, lines[40]!];
    writeFileSync(join(copy, 'vocab.txt'), lines.join('\n'));
    const error = await refusal(copy);
    expect(error.problem).toBe('hash');
    expect(error.message).toContain('vocab.txt');
  });

  it('refuses a manifest that does not list the vocabulary’s hash', async () => {
    const copy = copyBundle();
    editManifest(copy, (m) => {
      m.files = (m.files as { path: string }[]).filter((f) => f.path !== 'vocab.txt');
    });
    const error = await refusal(copy);
    expect(error.problem).toBe('manifest');
    expect(error.message).toContain('lists no hash for vocab.txt');
  });

  it('refuses a pooling the encoder’s output cannot give', async () => {
    const copy = copyBundle();
    editManifest(copy, (m) => {
      const te = m.textEncoder as { output: { pooling: string } };
      te.output.pooling = 'none';
      const onnx = (m.model as { onnx: Record<string, { outputs: { shape: unknown[] }[] }> }).onnx;
      onnx['text_encoder.onnx']!.outputs[0]!.shape = ['B', 32];
    });
    const error = await refusal(copy);
    expect(error.problem).toBe('signature');
    expect(error.message).toContain(
      "text_encoder.onnx does not match the manifest: output 'last_hidden_state' must be float32 [B, 32]",
    );
  });

  it('refuses a tokenizer this build does not have', async () => {
    const copy = copyBundle();
    editManifest(copy, (m) => {
      (m.textEncoder as { tokenizer: { kind: string } }).tokenizer.kind = 'sentencepiece';
    });
    const error = await refusal(copy);
    expect(error.problem).toBe('unsupported');
    expect(error.message).toContain('"sentencepiece"');
  });
});
