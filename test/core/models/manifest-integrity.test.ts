/**
 * The manifest is verified like every other file of a bundle: manifest.signature.json holds
 * the SHA-256 of its canonical JSON (RFC 8785) and the content signed. A copy of the shipped
 * bundle whose decision threshold or a standardisation mean was edited is refused by the one
 * function every command loads bundles through, naming the file and the field; a re-indented
 * manifest is not a change; a re-signed one is another bundle, with another fingerprint.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readBundleCalibration } from '../../../src/main/core/calibration';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  canonicalJson,
  canonicalSha256,
  listBundles,
  loadBundle,
  ModelRuntime,
  readManifest,
  signBundle,
  SIGNATURE_FILE,
  writeSignature,
} from '../../../src/main/core/models';
import { BUNDLE_DIR } from './training-cohort';

const MODELS = fileURLToPath(new URL('../../../resources/models', import.meta.url));
const TRAINING = fileURLToPath(new URL('../../../training', import.meta.url));
const PYTHON = process.env.TOE_PYTHON ?? '/usr/bin/python3';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the shipped E1 bundle in a folder of its own (named E1, for listings). */
function copyBundle(): string {
  const parent = mkdtempSync(join(tmpdir(), 'toe-manifest-'));
  temps.push(parent);
  const dir = join(parent, 'E1');
  cpSync(BUNDLE_DIR, dir, { recursive: true });
  return dir;
}

type Json = Record<string, unknown>;
const manifestPath = (dir: string) => join(dir, 'manifest.json');
const rawManifest = (dir: string) => JSON.parse(readFileSync(manifestPath(dir), 'utf8')) as Json;

/** Edits manifest.json by hand, as the tester did: the signature is left as it was. */
function tamper(dir: string, edit: (m: Json) => void): void {
  const manifest = rawManifest(dir);
  edit(manifest);
  writeFileSync(manifestPath(dir), `${JSON.stringify(manifest, null, 2)}\n`);
}

const standardisation = (m: Json) =>
  (m.featureSchema as { standardisation: { mean: number[] } }).standardisation;

async function refusal(dir: string): Promise<BundleError> {
  const error = await loadBundle(dir, { executionProvider: 'cpu' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  return error as BundleError;
}

describe('canonical JSON', () => {
  it('sorts keys, drops whitespace and writes numbers as ECMAScript does', () => {
    const text =
      '{ "b": [1.0, 0.50, 1e-7, 1E21, -0, 100], "a": {"z": "é\\n\\u0001", "y": null, "x": true} }';
    expect(canonicalJson(JSON.parse(text))).toBe(
      '{"a":{"x":true,"y":null,"z":"é\\n\\u0001"},"b":[1,0.5,1e-7,1e+21,0,100]}',
    );
    expect(() => canonicalJson(Number.NaN)).toThrow(RangeError);
  });

  it('is the same in the training pipeline (training/toe_training/signature.py)', (ctx) => {
    if (!existsSync(PYTHON)) return ctx.skip(`no ${PYTHON}`);
    // Doubles of every magnitude, integers past 2^53, and keys that sort differently by
    // code point and by UTF-16 unit.
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1;
    const doubles = Array.from({ length: 3000 }, (_, i) => random() * 10 ** ((i % 80) - 40));
    const value = {
      doubles,
      integers: [0, -1, 2 ** 53, 2 ** 60, 123456789012],
      keys: { '\u{1F600}': 1, '\uFB01': 2, b: 3, B: 4, ä: 5 },
      text: 'tab\there "quoted" back\\slash \u0000\u001f\u007f ° ẞ',
    };
    const dir = mkdtempSync(join(tmpdir(), 'toe-canonical-'));
    temps.push(dir);
    const file = join(dir, 'value.json');
    writeFileSync(file, JSON.stringify(value));
    const python = spawnSync(PYTHON, ['-m', 'toe_training.signature', '--canonical', file], {
      cwd: TRAINING,
      encoding: 'utf8',
    });
    expect(python.status, python.stderr).toBe(0);
    expect(python.stdout).toBe(canonicalJson(value));
  });
});

describe('the manifest signature', () => {
  it('is shipped with every bundle and matches its manifest', () => {
    for (const task of ['E1', 'E2', 'E3', 'E4']) {
      const dir = join(MODELS, task);
      const manifest = readManifest(dir);
      const signature = JSON.parse(readFileSync(join(dir, SIGNATURE_FILE), 'utf8')) as Json;
      expect(signature).toMatchObject({ format: 'toe-manifest-signature', version: 1 });
      expect(manifest.manifestSha256).toBe(signature.sha256);
      expect(manifest.manifestSha256).toBe(canonicalSha256(rawManifest(dir)));
      expect(bundleHashes(manifest)['manifest.json']).toBe(manifest.manifestSha256);
    }
  });

  it('refuses a changed decision threshold, naming the file, the field and both values', async () => {
    const dir = copyBundle();
    tamper(dir, (m) => (m.decisionThreshold = 0.05));
    const error = await refusal(dir);
    expect(error.problem).toBe('hash');
    expect(error.message).toContain(
      'manifest.json in ' +
        dir +
        ' was changed after the bundle was signed: decisionThreshold is 0.05, the bundle was signed with 0.5',
    );
    // Every command loads through the same function: the runtime and listings alike.
    await expect(ModelRuntime.open(dir, { executionProvider: 'cpu' })).rejects.toThrow(
      /decisionThreshold is 0\.05, the bundle was signed with 0\.5/,
    );
    expect(() => readManifest(dir)).toThrow(/decisionThreshold is 0\.05/);
  });

  it('refuses a changed standardisation mean, naming the element', async () => {
    const dir = copyBundle();
    const signed = standardisation(rawManifest(dir)).mean[3]!;
    tamper(dir, (m) => (standardisation(m).mean[3] = signed + 1));
    const error = await refusal(dir);
    expect(error.message).toContain(
      `featureSchema.standardisation.mean[3] is ${signed + 1}, the bundle was signed with ${signed}`,
    );
  });

  it('names a field that was added or removed', async () => {
    const dir = copyBundle();
    tamper(dir, (m) => {
      delete m.seed;
    });
    expect((await refusal(dir)).message).toContain('seed is absent, the bundle was signed with 7');
    const other = copyBundle();
    tamper(other, (m) => (m.note = 'hand edit'));
    expect((await refusal(other)).message).toContain(
      'note is "hand edit", the bundle was signed without it',
    );
  });

  it('accepts the same content written differently', async () => {
    const dir = copyBundle();
    writeFileSync(manifestPath(dir), JSON.stringify(rawManifest(dir)));
    const bundle = await loadBundle(dir, { executionProvider: 'cpu' });
    expect(bundle.manifest.manifestSha256).toBe(readManifest(BUNDLE_DIR).manifestSha256);
    await bundle.close();
  });

  it('refuses a bundle without a signature, or with a damaged one', async () => {
    const dir = copyBundle();
    rmSync(join(dir, SIGNATURE_FILE));
    const missing = await refusal(dir);
    expect(missing.problem).toBe('missing');
    expect(missing.message).toContain(`toe models sign ${dir}`);
    const damaged = copyBundle();
    const signature = JSON.parse(readFileSync(join(damaged, SIGNATURE_FILE), 'utf8')) as Json;
    (signature.manifest as Json).decisionThreshold = 0.05;
    writeFileSync(join(damaged, SIGNATURE_FILE), JSON.stringify(signature));
    expect((await refusal(damaged)).message).toMatch(/manifest\.signature\.json .* is damaged/);
  });

  it('makes a re-signed manifest another bundle: another fingerprint, its calibration refused', async () => {
    const original = bundleFingerprint(bundleHashes(readManifest(BUNDLE_DIR)));
    expect(readBundleCalibration(BUNDLE_DIR, original)).not.toBeNull();
    const dir = copyBundle();
    tamper(dir, (m) => (m.decisionThreshold = 0.05));
    writeSignature(dir, rawManifest(dir));
    const manifest = readManifest(dir);
    const fingerprint = bundleFingerprint(bundleHashes(manifest));
    expect(fingerprint).not.toBe(original);
    // The ONNX files are byte for byte the shipped ones: only the manifest tells them apart.
    const { 'manifest.json': _m, ...files } = bundleHashes(manifest);
    const { 'manifest.json': _o, ...shipped } = bundleHashes(readManifest(BUNDLE_DIR));
    expect(files).toEqual(shipped);
    expect(() => readBundleCalibration(dir, fingerprint)).toThrow(/belongs to another bundle/);
  });

  it('is listed as not verified when the manifest was changed', () => {
    const dir = copyBundle();
    tamper(dir, (m) => (m.decisionThreshold = 0.05));
    const [summary] = listBundles(join(dir, '..'));
    expect(summary).toMatchObject({ task: 'E1', files: 12, filesVerified: 11 });
    expect(summary!.problem).toMatch(/decisionThreshold is 0\.05, the bundle was signed with 0\.5/);
    const [shipped] = listBundles(MODELS);
    expect(shipped).toMatchObject({ files: 12, filesVerified: 12, problem: null });
  });
});

describe('toe models sign (signBundle)', () => {
  it('signs an unsigned bundle once, and never re-signs a changed manifest unasked', () => {
    const dir = copyBundle();
    rmSync(join(dir, SIGNATURE_FILE));
    const signed = signBundle(dir);
    expect(signed.action).toBe('signed');
    expect(signed.manifestSha256).toBe(readManifest(BUNDLE_DIR).manifestSha256);
    expect(signed.staleCalibration).toBeNull();
    expect(signBundle(dir).action).toBe('unchanged');

    tamper(dir, (m) => (m.decisionThreshold = 0.05));
    expect(() => signBundle(dir)).toThrow(/decisionThreshold is 0\.05[^]*pass --replace/);
    const replaced = signBundle(dir, { replace: true });
    expect(replaced.action).toBe('replaced');
    expect(replaced.staleCalibration).toBe(
      bundleFingerprint(bundleHashes(readManifest(BUNDLE_DIR))),
    );
    expect(readManifest(dir).decisionThreshold).toBe(0.05);
  });

  it('refuses to sign a bundle whose files do not match their hashes', () => {
    const dir = copyBundle();
    rmSync(join(dir, SIGNATURE_FILE));
    writeFileSync(join(dir, 'ts_head.onnx'), 'not a model');
    expect(() => signBundle(dir)).toThrow(/ts_head\.onnx .* was modified or corrupted/);
    expect(existsSync(join(dir, SIGNATURE_FILE))).toBe(false);
  });
});
