/**
 * One hash that names a model: SHA-256 over its files' paths and SHA-256s, in path order.
 * The same files in another folder (an installer, a copy) give the same fingerprint; any
 * changed file gives another. Audit runs and evaluations are matched by it.
 */
import { createHash } from 'node:crypto';

export function bundleFingerprint(fileHashes: Readonly<Record<string, string>>): string {
  const lines = Object.entries(fileHashes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, sha256]) => `${path}\t${sha256}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}
