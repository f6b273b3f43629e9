/**
 * Reads a bundle's files and checks each against the SHA-256 in the manifest. Sessions are
 * later created from these same bytes, never by re-reading the path, so what was verified
 * is exactly what runs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { BundleError } from './bundle-error';
import type { BundleManifest } from './manifest-schema';

export interface VerifiedFile {
  path: string;
  bytes: Buffer;
  sha256: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A listed path must stay inside the bundle folder: a manifest cannot point elsewhere. */
function insideBundle(path: string): boolean {
  const clean = normalize(path);
  return !isAbsolute(clean) && clean !== '..' && !clean.startsWith(`..${sep}`);
}

/**
 * Verifies every file of `manifest.files` (all of them, not only the ONNX ones: a changed
 * parity fixture would make a passing check meaningless) and returns the requested ones.
 */
export function readVerifiedFiles(
  dir: string,
  manifest: BundleManifest,
  wanted: readonly string[],
): Map<string, VerifiedFile> {
  const listed = new Set(manifest.files.map((f) => f.path));
  const unlisted = wanted.filter((path) => !listed.has(path));
  if (unlisted.length > 0) {
    throw new BundleError(
      'manifest',
      `manifest.json lists no hash for ${unlisted.join(', ')}, so the bundle in ${dir} cannot be verified. Retrain or re-copy the bundle.`,
    );
  }
  const verified = new Map<string, VerifiedFile>();
  for (const entry of manifest.files) {
    if (!insideBundle(entry.path)) {
      throw new BundleError(
        'manifest',
        `manifest.json lists "${entry.path}", which is outside the bundle folder. Refusing the bundle in ${dir}.`,
      );
    }
    const full = join(dir, entry.path);
    if (!existsSync(full)) {
      throw new BundleError(
        'missing',
        `The bundle in ${dir} is incomplete: ${entry.path} is missing. Re-copy the whole bundle folder.`,
      );
    }
    const bytes = readFileSync(full);
    const actual = sha256Hex(bytes);
    if (actual !== entry.sha256.toLowerCase()) {
      throw new BundleError(
        'hash',
        `${entry.path} in ${dir} was modified or corrupted: its SHA-256 is ${actual}, the manifest says ${entry.sha256}. Refusing to load it; re-copy the bundle from its source or retrain it.`,
      );
    }
    if (wanted.includes(entry.path))
      verified.set(entry.path, { path: entry.path, bytes, sha256: actual });
  }
  return verified;
}
