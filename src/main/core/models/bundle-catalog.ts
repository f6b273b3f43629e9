/**
 * The bundles shipped with the app (resources/models/<task>/), summarised for listings: what
 * each predicts, when and on what it was trained, its recorded test AUROC, and whether every
 * file still matches its hash and the manifest its signature. A broken bundle is listed with its problem, not skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, readUncheckedManifest } from './bundle';
import { BundleError } from './bundle-error';
import type { BundleSummary } from '../../../shared/model-bundles';
import { readVerifiedFiles, sha256Hex } from './bundle-files';
import { canonicalSha256, MANIFEST_FILE, verifyManifestSignature } from './manifest-integrity';
import { CALIBRATION_FILE, verifyCalibrationSignature } from './calibration-signature';

/** resources/models of this checkout (the packaged app passes its own resources path). */
export const SHIPPED_MODELS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../resources/models',
);

// Listings cross the API, so the summary's shape lives in src/shared.
export type { BundleSummary };

export function summariseBundle(dir: string): BundleSummary {
  const summary: BundleSummary = {
    dir,
    task: null,
    createdAt: null,
    trainingCohort: null,
    trainingContentSha256: null,
    testAuroc: null,
    filesVerified: 0,
    files: 0,
    problem: null,
    calibration: 'none',
  };
  try {
    // What the manifest claims first (shown even for a refused bundle), then the checks.
    const manifest = readUncheckedManifest(dir);
    const test = manifest.metrics?.test?.full;
    Object.assign(summary, {
      task: manifest.task,
      createdAt: manifest.createdAt,
      trainingCohort: manifest.training.cohort,
      trainingContentSha256: manifest.training.contentSha256,
      testAuroc: test
        ? { ts: test.ts.auroc, note: test.note?.auroc ?? null, fused: test.fused.auroc }
        : null,
      // manifest.json counts as one of the bundle's files: verified against its signature.
      files: manifest.files.length + 1,
    });
    // Count every matching file first, so a listing says how much of a broken bundle is intact.
    const filesMatching = manifest.files.filter((f) => {
      const path = join(dir, f.path);
      return existsSync(path) && sha256Hex(readFileSync(path)) === f.sha256.toLowerCase();
    }).length;
    summary.filesVerified = filesMatching + (manifestSigned(dir) ? 1 : 0);
    // A signed calibration.json counts as one more file; a changed one refuses the bundle.
    const calibration = calibrationState(dir);
    summary.calibration = typeof calibration === 'string' ? calibration : 'refused';
    if (calibration !== 'none' && calibration !== 'unsigned') {
      summary.files += 1;
      if (calibration === 'verified') summary.filesVerified += 1;
      else summary.problem = calibration.message;
    }
    readVerifiedFiles(dir, readManifest(dir), []);
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    summary.problem = error.message;
  }
  return summary;
}

/**
 * calibration.json against what `toe calibrate` wrote: 'none' without the file, 'unsigned'
 * for one written before calibrations were signed, else verified or the refusal.
 */
export function calibrationState(dir: string): 'none' | 'unsigned' | 'verified' | BundleError {
  const file = join(dir, CALIBRATION_FILE);
  if (!existsSync(file)) return 'none';
  try {
    return verifyCalibrationSignature(dir, JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch (error) {
    if (error instanceof BundleError) return error;
    if (error instanceof SyntaxError)
      return new BundleError('manifest', `${file} is not valid JSON (${error.message}).`);
    throw error;
  }
}

/** Whether manifest.json matches its signature (not why not: readManifest says that). */
function manifestSigned(dir: string): boolean {
  try {
    const raw = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as unknown;
    verifyManifestSignature(dir, raw, canonicalSha256(raw));
    return true;
  } catch {
    return false;
  }
}

/** Every sub-folder of `root` holding a manifest.json, by folder name. */
export function listBundles(root: string = SHIPPED_MODELS_DIR): BundleSummary[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => summariseBundle(join(root, name)));
}
