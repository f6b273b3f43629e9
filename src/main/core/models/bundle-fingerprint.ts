/**
 * What identifies a model: its files' SHA-256s as the manifest lists them (and the loader
 * verified them), the SHA-256 of the manifest's own canonical JSON (verified against its
 * signature, manifest-integrity.ts), and one hash over those that names the model. The same
 * bundle in another folder (an installer, a copy) gives the same fingerprint; any changed
 * file or manifest field gives another. Audit runs, evaluations and calibration files are
 * bound to it.
 */
import { createHash } from 'node:crypto';
import { MANIFEST_FILE } from './manifest-integrity';
import type { BundleManifest } from './manifest-schema';

/** calibration.json's entry in a run's fingerprint (never in the model's own hashes). */
export const CALIBRATION_HASH_KEY = 'calibration.json';

/**
 * Every bundle file's SHA-256, by its path in the bundle, and the manifest's
 * (`manifest.json`: the SHA-256 of its canonical JSON).
 */
export function bundleHashes(manifest: BundleManifest): Record<string, string> {
  return {
    ...Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256])),
    [MANIFEST_FILE]: manifest.manifestSha256,
  };
}

/** SHA-256 over the files' paths and SHA-256s, in path order. */
export function bundleFingerprint(fileHashes: Readonly<Record<string, string>>): string {
  const lines = Object.entries(fileHashes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, sha256]) => `${path}\t${sha256}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/**
 * The fingerprint of what a run decided with: the model's hashes and, when the run decides on
 * a calibration file, that file's SHA-256 (as `calibration.json`).
 */
export function decisionFingerprint(
  hashes: Readonly<Record<string, string>>,
  calibrationSha256: string | null,
): string {
  return bundleFingerprint(
    calibrationSha256 === null ? hashes : { ...hashes, [CALIBRATION_HASH_KEY]: calibrationSha256 },
  );
}

/**
 * Which recorded hashes differ from the bundle's hashes now, by file. Runs and evaluations
 * recorded before the manifest was hashed have no `manifest.json` entry: for them the
 * manifest is not compared (it cannot be), only the files.
 */
export function changedBundleFiles(
  recorded: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
): string[] {
  const current: Record<string, string> = { ...now };
  if (!(MANIFEST_FILE in recorded)) delete current[MANIFEST_FILE];
  return [...new Set([...Object.keys(current), ...Object.keys(recorded)])]
    .filter((file) => current[file] !== recorded[file])
    .sort();
}

/** The bundle's fingerprint in the form a record made before manifests were hashed has. */
export function legacyBundleFingerprint(manifest: BundleManifest): string {
  return bundleFingerprint(Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256])));
}
