/**
 * The signature of a bundle's calibration.json (calibration.signature.json): what `toe
 * calibrate` wrote, so an edit is refused naming the first changed field. It lives with the
 * bundle's other signatures because listing a bundle verifies it; the calibration itself
 * (calibration/calibration-file.ts) reads, checks and writes the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BundleError } from './bundle-error';
import { canonicalSha256, describeDifference, firstDifference } from './manifest-integrity';

export const CALIBRATION_FILE = 'calibration.json';
/**
 * What `toe calibrate` wrote, beside calibration.json, as manifest.signature.json is for the
 * manifest: the canonical SHA-256 of the content and the content itself, so an edit is
 * refused naming the first field that differs.
 */
export const CALIBRATION_SIGNATURE_FILE = 'calibration.signature.json';
const CALIBRATION_SIGNATURE_FORMAT = 'toe-calibration-signature';

export interface CalibrationSignature {
  format: typeof CALIBRATION_SIGNATURE_FORMAT;
  version: 1;
  sha256: string;
  calibration: unknown;
}

/**
 * Whether calibration.json is what `toe calibrate` wrote: 'verified', 'unsigned' (written
 * before calibrations were signed, e.g. older shipped bundles) or, by throwing, changed.
 */
export type CalibrationSignatureState = 'verified' | 'unsigned';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks calibration.json's parsed content against calibration.signature.json in its folder;
 * throws a BundleError naming the file and the first changed field.
 */
export function verifyCalibrationSignature(
  bundleDir: string,
  content: unknown,
): CalibrationSignatureState {
  const dir = resolve(bundleDir);
  const file = join(dir, CALIBRATION_SIGNATURE_FILE);
  if (!existsSync(file)) return 'unsigned';
  let signature: unknown;
  try {
    signature = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BundleError(
      'manifest',
      `${CALIBRATION_SIGNATURE_FILE} in bundle ${dir} is not valid JSON (${(error as Error).message}); run \`${calibrationRemedy(dir)}\` again.`,
    );
  }
  if (
    !isRecord(signature) ||
    signature.format !== CALIBRATION_SIGNATURE_FORMAT ||
    signature.version !== 1 ||
    typeof signature.sha256 !== 'string' ||
    !('calibration' in signature) ||
    canonicalSha256(signature.calibration) !== signature.sha256
  ) {
    throw new BundleError(
      'hash',
      `${CALIBRATION_SIGNATURE_FILE} in bundle ${dir} is damaged (not a ${CALIBRATION_SIGNATURE_FORMAT} file whose "sha256" is the hash of the calibration it records); run \`${calibrationRemedy(dir)}\` again.`,
    );
  }
  if (canonicalSha256(content) === signature.sha256) return 'verified';
  const difference = firstDifference(content, signature.calibration);
  const what = difference
    ? describeDifference(difference, 'toe calibrate wrote it')
    : 'its content differs from what was written';
  const cohort =
    isRecord(content) && isRecord(content.fittedOn) ? content.fittedOn.cohortName : undefined;
  throw new BundleError(
    'hash',
    `${CALIBRATION_FILE} in bundle ${dir} was changed after \`toe calibrate\` wrote it: ${what}; run toe calibrate again (\`${calibrationRemedy(dir, typeof cohort === 'string' ? cohort : undefined)}\`).`,
  );
}

/** The signature recording `calibration` as written. */
export function calibrationSignature(calibration: unknown): CalibrationSignature {
  return {
    format: CALIBRATION_SIGNATURE_FORMAT,
    version: 1,
    sha256: canonicalSha256(calibration),
    calibration,
  };
}

/** What to run to (re)make a bundle's calibration file. */
export function calibrationRemedy(bundleDir: string, cohortName?: string): string {
  return `toe calibrate --bundle ${bundleDir} --cohort ${cohortName ?? 'NAME'}`;
}
