/**
 * `toe models sign`: writes manifest.signature.json for a bundle made before manifests were
 * signed (the training pipeline signs every new bundle itself). It signs only a bundle that
 * is otherwise sound (a valid, consistent manifest whose every listed file matches its hash),
 * and never silently re-signs a manifest that changed since it was signed.
 */
import type { BundleSigning } from '../../../shared/model-bundles';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readUncheckedManifest } from './bundle';
import { BundleError } from './bundle-error';
import { readVerifiedFiles } from './bundle-files';
import { bundleFingerprint, bundleHashes } from './bundle-fingerprint';
import { checkManifestSignatures } from './bundle-signatures';
import { checkManifestConsistency } from './manifest-consistency';
import {
  canonicalSha256,
  MANIFEST_FILE,
  SIGNATURE_FILE,
  verifyManifestSignature,
  writeSignature,
} from './manifest-integrity';

export function signBundle(dir: string, options: { replace?: boolean } = {}): BundleSigning {
  const root = resolve(dir);
  const manifest = readUncheckedManifest(root);
  checkManifestConsistency(manifest);
  checkManifestSignatures(manifest);
  readVerifiedFiles(root, manifest, []);
  const raw = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as unknown;
  let action: BundleSigning['action'] = 'signed';
  if (existsSync(join(root, SIGNATURE_FILE))) {
    try {
      verifyManifestSignature(root, raw, canonicalSha256(raw));
      action = 'unchanged';
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      if (!options.replace) {
        throw new BundleError(
          error.problem,
          `${error.message}\nNot signing it again: retrain the bundle, or, if this manifest is the one you mean to run, pass --replace.`,
        );
      }
      action = 'replaced';
    }
  }
  if (action !== 'unchanged') writeSignature(root, raw);
  const fingerprint = bundleFingerprint(bundleHashes(manifest));
  return {
    dir: root,
    action,
    manifestSha256: manifest.manifestSha256,
    fingerprint,
    staleCalibration: calibrationFingerprint(root, fingerprint),
  };
}

/** The fingerprint calibration.json names, when it names another one than `fingerprint`. */
function calibrationFingerprint(dir: string, fingerprint: string): string | null {
  const file = join(dir, 'calibration.json');
  if (!existsSync(file)) return null;
  try {
    const recorded = (JSON.parse(readFileSync(file, 'utf8')) as { bundleFingerprint?: unknown })
      .bundleFingerprint;
    return recorded === fingerprint ? null : String(recorded);
  } catch {
    return 'unreadable';
  }
}
