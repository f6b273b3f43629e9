/**
 * The manifest's own integrity (docs/model-bundle.md, "Integrity"). Every other file of a
 * bundle is hashed in `manifest.files`; the manifest cannot list its own hash, so the
 * training pipeline (or `toe models sign`) writes `manifest.signature.json` beside it: the
 * SHA-256 of the manifest's canonical JSON and the canonical content it was computed over.
 * A reader recomputes the hash from manifest.json as it is now; a mismatch is refused naming
 * the first field that differs from the signed content ("decisionThreshold is 0.05, the
 * bundle was signed with 0.5").
 *
 * Canonical JSON (RFC 8785, JCS): object keys sorted by UTF-16 code units, no whitespace,
 * strings as JSON.stringify writes them, numbers in ECMAScript's shortest round-trip form
 * (`0.5`, `1e-7`, `24`). The hash is over content, not bytes: re-indenting the manifest
 * changes nothing, changing any value does. training/toe_training/signature.py writes the
 * same form (test/core/models/manifest-integrity.test.ts checks them against each other).
 *
 * This detects a changed manifest, it does not authenticate one: whoever rewrites both files
 * consistently makes another bundle, and that bundle gets another fingerprint, which is what
 * runs, evaluations and calibrations are bound to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BundleError } from './bundle-error';

export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.signature.json';
export const SIGNATURE_FORMAT = 'toe-manifest-signature';
export const SIGNATURE_VERSION = 1;

/** RFC 8785 canonical JSON of a JSON value (what JSON.parse returns). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a JSON number: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Array.prototype.sort compares UTF-16 code units, as RFC 8785 orders keys.
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new RangeError(`not a JSON value: ${typeof value}`);
}

/** SHA-256 (hex) of a JSON value's canonical form, UTF-8 encoded. */
export function canonicalSha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

export interface ManifestSignature {
  format: typeof SIGNATURE_FORMAT;
  version: typeof SIGNATURE_VERSION;
  /** How `sha256` is computed, for a reader without this code. */
  canonicalization: string;
  /** SHA-256 of the canonical JSON of `manifest`. */
  sha256: string;
  /** The manifest as signed (a copy, so a changed field can be named). */
  manifest: unknown;
}

const CANONICALIZATION =
  'RFC 8785 (JCS): keys sorted by UTF-16 code units, no whitespace, ECMAScript number form, UTF-8';

/** The signature of a manifest (the parsed content of manifest.json). */
export function signatureOf(manifest: unknown): ManifestSignature {
  return {
    format: SIGNATURE_FORMAT,
    version: SIGNATURE_VERSION,
    canonicalization: CANONICALIZATION,
    sha256: canonicalSha256(manifest),
    manifest,
  };
}

/** Writes manifest.signature.json for `manifest` atomically (temporary file, then rename). */
export function writeSignature(dir: string, manifest: unknown): string {
  const signature = signatureOf(manifest);
  const file = join(dir, SIGNATURE_FILE);
  const temporary = join(
    dir,
    `.${SIGNATURE_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`,
  );
  try {
    writeFileSync(temporary, `${JSON.stringify(signature, null, 2)}\n`);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return signature.sha256;
}

/** The first difference between two JSON values, as a field path and both values. */
export interface FieldDifference {
  /** e.g. `decisionThreshold`, `featureSchema.standardisation.mean[3]`; '' for the root. */
  path: string;
  /** undefined: the field is absent on that side. */
  now: unknown;
  signed: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where `now` first differs from `signed`, walking objects in the order of `signed`'s keys
 * (then keys only `now` has) and arrays by index; null when they are equal as JSON values.
 */
export function firstDifference(now: unknown, signed: unknown, path = ''): FieldDifference | null {
  if (isRecord(now) && isRecord(signed)) {
    const keys = [...Object.keys(signed), ...Object.keys(now).filter((k) => !(k in signed))];
    for (const key of keys) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in now)) return { path: child, now: undefined, signed: signed[key] };
      if (!(key in signed)) return { path: child, now: now[key], signed: undefined };
      const found = firstDifference(now[key], signed[key], child);
      if (found) return found;
    }
    return null;
  }
  if (Array.isArray(now) && Array.isArray(signed)) {
    for (let i = 0; i < Math.max(now.length, signed.length); i++) {
      const child = `${path}[${i}]`;
      if (i >= now.length) return { path: child, now: undefined, signed: signed[i] };
      if (i >= signed.length) return { path: child, now: now[i], signed: undefined };
      const found = firstDifference(now[i], signed[i], child);
      if (found) return found;
    }
    return null;
  }
  return canonicalJson(now) === canonicalJson(signed) ? null : { path, now, signed };
}

/** A JSON value for a message: short values whole, long ones cut. */
export function shortValue(value: unknown): string {
  const text = canonicalJson(value);
  return text.length <= 60 ? text : `${text.slice(0, 57)}…`;
}

/** "decisionThreshold is 0.05, <who> with 0.5" (or "is absent" / "was absent"). */
export function describeDifference(difference: FieldDifference, signedBy: string): string {
  const field = difference.path || '(the whole manifest)';
  const now = difference.now === undefined ? 'is absent' : `is ${shortValue(difference.now)}`;
  const then =
    difference.signed === undefined
      ? `${signedBy} without it`
      : `${signedBy} with ${shortValue(difference.signed)}`;
  return `${field} ${now}, ${then}`;
}

/**
 * Checks manifest.json's content (`manifest`, as parsed, whose canonical SHA-256 is
 * `sha256`) against manifest.signature.json in `dir`. Refuses, with a BundleError naming
 * the file and the field, a missing or damaged signature and a manifest that differs.
 */
export function verifyManifestSignature(dir: string, manifest: unknown, sha256: string): void {
  const file = join(dir, SIGNATURE_FILE);
  if (!existsSync(file)) {
    throw new BundleError(
      'missing',
      `The bundle in ${dir} has no ${SIGNATURE_FILE}, so its ${MANIFEST_FILE} cannot be verified (bundles made before manifests were signed lack it). Retrain the bundle, or, if you know its manifest is the one training wrote, sign it with \`toe models sign ${dir}\`.`,
    );
  }
  let signature: Partial<ManifestSignature>;
  try {
    signature = JSON.parse(readFileSync(file, 'utf8')) as Partial<ManifestSignature>;
  } catch (error) {
    throw new BundleError(
      'manifest',
      `${SIGNATURE_FILE} in ${dir} is not valid JSON (${(error as Error).message}). Re-copy the bundle folder or retrain it.`,
    );
  }
  if (
    !isRecord(signature) ||
    signature.format !== SIGNATURE_FORMAT ||
    signature.version !== SIGNATURE_VERSION ||
    typeof signature.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/.test(signature.sha256) ||
    !('manifest' in signature)
  ) {
    throw new BundleError(
      'manifest',
      `${SIGNATURE_FILE} in ${dir} is not a ${SIGNATURE_FORMAT} version ${SIGNATURE_VERSION} file with "sha256" and "manifest". Re-copy the bundle folder or retrain it.`,
    );
  }
  if (canonicalSha256(signature.manifest) !== signature.sha256) {
    throw new BundleError(
      'hash',
      `${SIGNATURE_FILE} in ${dir} is damaged: its "sha256" is not the hash of the manifest it records. Refusing the bundle; re-copy it from its source or retrain it.`,
    );
  }
  if (sha256 === signature.sha256) return;
  const difference = firstDifference(manifest, signature.manifest);
  const what = difference
    ? describeDifference(difference, 'the bundle was signed')
    : 'its content differs from the signed content';
  throw new BundleError(
    'hash',
    `${MANIFEST_FILE} in ${dir} was changed after the bundle was signed: ${what} (canonical SHA-256 ${sha256}, signed ${signature.sha256}). Refusing to load it; re-copy the bundle from its source or retrain it.`,
  );
}
