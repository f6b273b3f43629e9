/**
 * What identifies a model: its files' SHA-256s as the manifest lists them (and the loader
 * verified them), and one hash over those that names the model. The same files in another
 * folder (an installer, a copy) give the same fingerprint; any changed file gives another.
 * Audit runs and evaluations are matched by it.
 */
import { createHash } from 'node:crypto';
import type { BundleManifest } from './manifest-schema';

/** Every bundle file's SHA-256, by its path in the bundle. */
export function bundleHashes(manifest: BundleManifest): Record<string, string> {
  return Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]));
}

/** SHA-256 over the files' paths and SHA-256s, in path order. */
export function bundleFingerprint(fileHashes: Readonly<Record<string, string>>): string {
  const lines = Object.entries(fileHashes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, sha256]) => `${path}\t${sha256}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}
