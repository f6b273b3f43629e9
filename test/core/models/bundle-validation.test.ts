/**
 * A bundle is refused, with a message saying what and what to do, when a file was tampered
 * with, when an ONNX file has the wrong signature although its hash was "fixed", when the
 * manifest is of another version, and when the cohort has another feature schema (units,
 * hours, notes, context; variables are matched by name, variable-mapping.test.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CohortDetail } from '../../../src/shared/domain';
import {
  BundleError,
  checkCohortCompatibility,
  loadBundle,
  readManifest,
  writeSignature,
  type BundleManifest,
} from '../../../src/main/core/models';
import { sha256Hex } from '../../../src/main/core/models/bundle-files';
import { TINY_SCHEMA, tempStore } from '../../support/temp-store';
import { BUNDLE_DIR } from './training-cohort';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyBundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toe-bundle-'));
  temps.push(dir);
  cpSync(BUNDLE_DIR, dir, { recursive: true });
  return dir;
}

/** Edits manifest.json and signs the result, as a bundle made that way would be. */
function editManifest(dir: string, edit: (m: Record<string, unknown>) => void): void {
  const path = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(path, JSON.stringify(manifest));
  writeSignature(dirname(path), manifest);
}

async function refusal(dir: string): Promise<BundleError> {
  const error = await loadBundle(dir, { executionProvider: 'cpu' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  return error as BundleError;
}

/** A cohort exactly like the one the bundle was trained on. */
function matchingCohort(m: BundleManifest): CohortDetail {
  return {
    id: 1,
    name: 'other-site',
    source: 'generic',
    synthetic: false,
    description: '',
    createdAt: '',
    stays: 0,
    splits: { train: 0, val: 0, test: 0 },
    tasks: [m.task],
    attributes: [],
    featureSchema: {
      hours: m.featureSchema.hours,
      variables: m.featureSchema.variables.map((v) => ({ ...v })),
      statistics: ['mean', 'min', 'max'],
    },
    noteRule: {
      sentencesPerChunk: m.units.notes!.sentencesPerChunk,
      maxChunks: m.units.notes!.cohortMaxChunks ?? m.units.notes!.Mmax,
    },
    contextSchema: { cxrLabels: [...m.context.cxr.labels], ecgFields: [...m.context.ecg.fields] },
    report: null,
  };
}

describe('model bundle validation', () => {
  it('loads the shipped bundle and verifies every file', async () => {
    const bundle = await loadBundle(BUNDLE_DIR, { executionProvider: 'cpu' });
    expect(bundle.verifiedFiles).toBe(bundle.manifest.files.length);
    expect(bundle.provider).toBe('cpu');
    await bundle.close();
  });

  it('refuses a tampered file, naming the file and both hashes', async () => {
    const dir = copyBundle();
    const path = join(dir, 'ts_head.onnx');
    const bytes = readFileSync(path);
    const expected = sha256Hex(bytes);
    bytes[bytes.length - 10]! ^= 0x01;
    writeFileSync(path, bytes);
    const error = await refusal(dir);
    expect(error.problem).toBe('hash');
    expect(error.message).toContain('ts_head.onnx');
    expect(error.message).toContain(expected);
    expect(error.message).toContain(sha256Hex(bytes));
    expect(error.message).toMatch(/re-copy the bundle|retrain/);
  });

  it('refuses a wrong-shaped model even when its hash was updated', async () => {
    const dir = copyBundle();
    // note_selector.onnx in place of ts_selector.onnx, with a matching hash in the manifest:
    // only the signature check can catch it.
    const swapped = readFileSync(join(dir, 'note_selector.onnx'));
    writeFileSync(join(dir, 'ts_selector.onnx'), swapped);
    editManifest(dir, (m) => {
      const files = m.files as { path: string; bytes: number; sha256: string }[];
      const entry = files.find((f) => f.path === 'ts_selector.onnx')!;
      entry.sha256 = sha256Hex(swapped);
      entry.bytes = swapped.length;
    });
    const error = await refusal(dir);
    expect(error.problem).toBe('signature');
    expect(error.message).toContain('ts_selector.onnx');
    expect(error.message).toContain("input 'ts' must be float32 [B, 24, 104]");
    expect(error.message).toContain("'chunk_embeddings' float32 [batch, 20, 128]");
  });

  it('refuses a model whose input has the right name but the wrong shape', async () => {
    const dir = copyBundle();
    // fixtures/ts_selector_103_features.onnx: input 'ts' float32 [batch, 24, 103] ->
    // ReduceSum -> 'scores' [batch, 24], made with the onnx Python package (opset 17).
    const wrong = readFileSync(
      new URL('./fixtures/ts_selector_103_features.onnx', import.meta.url),
    );
    writeFileSync(join(dir, 'ts_selector.onnx'), wrong);
    editManifest(dir, (m) => {
      const files = m.files as { path: string; bytes: number; sha256: string }[];
      const entry = files.find((f) => f.path === 'ts_selector.onnx')!;
      entry.sha256 = sha256Hex(wrong);
      entry.bytes = wrong.length;
    });
    const error = await refusal(dir);
    expect(error.problem).toBe('signature');
    expect(error.message).toContain(
      "ts_selector.onnx does not match the manifest: input 'ts' must be float32 [B, 24, 104], but its input 'ts' is float32 [batch, 24, 103]",
    );
  });

  it('refuses a manifest of an unknown schema version', async () => {
    const dir = copyBundle();
    editManifest(dir, (m) => (m.schemaVersion = 2));
    const error = await refusal(dir);
    expect(error.problem).toBe('manifest');
    expect(error.message).toMatch(/schemaVersion 2.*runs version 1 only/);
  });

  it('refuses a bundle with a missing file', async () => {
    const dir = copyBundle();
    rmSync(join(dir, 'note_head.onnx'));
    const error = await refusal(dir);
    expect(error.problem).toBe('missing');
    expect(error.message).toContain('note_head.onnx is missing');
  });

  describe('cohort compatibility', () => {
    const manifest = readManifest(BUNDLE_DIR);
    const bundle = { manifest, dir: BUNDLE_DIR };

    it('accepts a cohort with the bundle’s feature schema', () => {
      expect(() => checkCohortCompatibility(bundle, matchingCohort(manifest))).not.toThrow();
    });

    it('refuses another feature schema, saying exactly what differs', () => {
      const cohort = matchingCohort(manifest);
      const vars = cohort.featureSchema.variables;
      const dropped = vars.splice(5, 1)[0]!;
      vars.push({ name: 'pain_score', unit: '0-10' });
      vars[0] = { ...vars[0]!, unit: 'per hour' };
      cohort.contextSchema.ecgFields.reverse();
      let error: unknown = null;
      try {
        checkCohortCompatibility(bundle, cohort);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BundleError);
      const message = (error as BundleError).message;
      expect((error as BundleError).problem).toBe('cohort');
      // Variables are matched by name: one dropped and one added are no reason to refuse.
      expect(message).not.toContain(dropped.name);
      expect(message).not.toContain('pain_score');
      expect(message).toContain(
        `variable ${vars[0]!.name} is in ${manifest.featureSchema.variables[0]!.unit} for the bundle but in per hour`,
      );
      expect(message).toContain('ECG fields are in another order');
      expect(message).toContain('toe train --cohort other-site --task E1');
    });

    it('suggests training only for a task the cohort has labels for', () => {
      const cohort = { ...matchingCohort(manifest), tasks: ['E2', 'E3'] };
      cohort.featureSchema.variables[0] = {
        ...cohort.featureSchema.variables[0]!,
        unit: 'per hour',
      };
      expect(() => checkCohortCompatibility(bundle, cohort)).toThrow(
        /No E1 bundle can be trained on this cohort: it has no E1 labels \(its tasks: E2, E3\)/,
      );
      expect(() => checkCohortCompatibility(bundle, cohort)).not.toThrow(/toe train/);
    });

    it('refuses a stored cohort with a different variable list, hours and notes', () => {
      const { store, dispose } = tempStore();
      try {
        const detail = store.getCohort(store.createCohort(TINY_SCHEMA));
        expect(() => checkCohortCompatibility(bundle, detail)).toThrow(
          /reads 24 hourly windows, the cohort has 2[\s\S]*keeping 20 chunks per stay, the cohort keeps 4/,
        );
      } finally {
        dispose();
      }
    });
  });
});
