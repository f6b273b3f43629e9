/**
 * `calibration.json`, kept beside a bundle's files (docs/model-bundle.md, "Calibration").
 * It is not listed in the manifest's `files`, so a bundle made before calibration existed
 * stays valid and calibrating never changes the model's hashes; it is bound to its bundle
 * instead by `bundleFingerprint`, the hash over the bundle's file hashes and its manifest's
 * (models/bundle-fingerprint.ts), and a file fitted for another bundle — retrained, or with
 * any manifest field changed — is refused rather than silently applied to this one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { thresholdRuleBreach, type BundleCalibration } from '../../../shared/calibration';
import { BundleError } from '../models/bundle-error';
import {
  CALIBRATION_FILE,
  CALIBRATION_SIGNATURE_FILE,
  calibrationRemedy as remedy,
  calibrationSignature,
  verifyCalibrationSignature,
} from '../models/calibration-signature';
import { plainIssue } from '../../../shared/validation-issues';

const probability = z.number().min(0).max(1);
const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1);

const mapSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('temperature'), temperature: z.number().positive().finite() }),
  z.object({
    method: z.literal('platt'),
    slope: z.number().positive().finite(),
    intercept: z.number().finite(),
  }),
  z
    .object({
      method: z.literal('isotonic'),
      x: z.array(probability).min(1),
      y: z.array(probability).min(1),
    })
    .superRefine(({ x, y }, ctx) => {
      if (x.length !== y.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['y'],
          message: `has ${y.length} knots but x has ${x.length}`,
        });
        return;
      }
      const stepDown = x.findIndex((v, i) => i > 0 && !(v > x[i - 1]!));
      if (stepDown > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['x', stepDown],
          message: 'x must increase strictly',
        });
      const drop = y.findIndex((v, i) => i > 0 && v < y[i - 1]!);
      if (drop > 0)
        ctx.addIssue({ code: 'custom', path: ['y', drop], message: 'y must not decrease' });
    }),
]);

const ruleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), value: probability }),
  z.object({ kind: z.literal('sensitivity'), atLeast: z.number().gt(0).max(1) }),
  z.object({ kind: z.literal('ppv'), atLeast: z.number().gt(0).max(1) }),
  z.object({ kind: z.literal('prevalence') }),
  z.object({ kind: z.literal('youden') }),
]);

export const bundleCalibrationSchema: z.ZodType<BundleCalibration> = z.object({
  format: z.literal('toe-calibration'),
  version: z.literal(1),
  bundleFingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits'),
  task: z.string().min(1),
  map: mapSchema,
  threshold: z.object({
    rule: ruleSchema,
    value: probability,
    stays: count,
    events: count,
    sensitivity: rate,
    specificity: rate,
    ppv: rate.nullable(),
    predictedPositiveRate: rate,
  }),
  fittedOn: z.object({
    cohortName: z.string().min(1),
    cohortContentHash: z.string().min(1),
    split: z.literal('val'),
    stays: count,
    events: count,
  }),
  ece: z.object({ raw: rate, calibrated: rate }),
  createdAt: z.string().min(1),
  command: z.string(),
});

export interface ReadCalibration {
  calibration: BundleCalibration;
  /** SHA-256 of the file's bytes as read. */
  sha256: string;
  /** Absolute path of the file. */
  file: string;
}

/**
 * The bundle's calibration, or null when it has none. Refuses (BundleError naming the file
 * and field) a file that is not valid, and one fitted for another bundle than the one whose
 * fingerprint is expected.
 */
export function readBundleCalibration(
  bundleDir: string,
  expectedFingerprint: string,
): ReadCalibration | null {
  const file = join(resolve(bundleDir), CALIBRATION_FILE);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new BundleError(
      'manifest',
      `${file} is not valid JSON (${(error as Error).message}). Delete it, or make it again with \`${remedy(bundleDir)}\`.`,
    );
  }
  const parsed = bundleCalibrationSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `field "${issue.path.join('.') || '(root)'}": ${plainIssue(issue)}`);
    throw new BundleError(
      'manifest',
      `${file} is not a valid calibration file:\n  ${issues.join('\n  ')}\nMake it again with \`${remedy(bundleDir)}\` rather than editing it by hand.`,
    );
  }
  const calibration = parsed.data;
  verifyCalibrationSignature(bundleDir, raw);
  if (calibration.bundleFingerprint !== expectedFingerprint) {
    throw new BundleError(
      'hash',
      `${file} belongs to another bundle: its field "bundleFingerprint" is ${calibration.bundleFingerprint.slice(0, 12)}…, this bundle's fingerprint is ${expectedFingerprint.slice(0, 12)}… (the model was retrained or its files changed since it was calibrated). Calibrate this bundle with \`${remedy(bundleDir, calibration.fittedOn.cohortName)}\`.`,
    );
  }
  // A threshold whose own validation figures break the rule it names must not be described by it.
  const breach = thresholdRuleBreach(calibration.threshold);
  if (breach) {
    throw new BundleError(
      'manifest',
      `${file} says its threshold ${calibration.threshold.value} was chosen by the ${calibration.threshold.rule.kind} rule, but its field "threshold" records ${breach}. Make it again with \`${remedy(bundleDir, calibration.fittedOn.cohortName)}\` rather than editing it by hand.`,
    );
  }
  return { calibration, sha256: createHash('sha256').update(bytes).digest('hex'), file };
}

/**
 * Writes the bundle's calibration.json atomically: pretty JSON with a trailing newline into
 * a temporary file of the same folder, renamed over the old file, so a reader sees the old
 * file or the new one, never half of one. The content is validated first.
 */
export function writeBundleCalibration(
  bundleDir: string,
  calibration: BundleCalibration,
): { file: string; sha256: string; previous: string | null } {
  const checked = bundleCalibrationSchema.safeParse(calibration);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new RangeError(
      `refusing to write an invalid calibration: field "${issue.path.join('.')}": ${plainIssue(issue)}`,
    );
  }
  const file = join(resolve(bundleDir), CALIBRATION_FILE);
  const text = `${JSON.stringify(calibration, null, 2)}\n`;
  const temporary = join(
    resolve(bundleDir),
    `.${CALIBRATION_FILE}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const previous = existsSync(file) ? keepPreviousCalibration(file) : null;
  writeAtomically(temporary, file, text);
  const signature = calibrationSignature(calibration);
  writeAtomically(
    `${temporary}.signature`,
    join(resolve(bundleDir), CALIBRATION_SIGNATURE_FILE),
    `${JSON.stringify(signature, null, 2)}\n`,
  );
  return { file, sha256: createHash('sha256').update(text).digest('hex'), previous };
}

function writeAtomically(temporary: string, file: string, text: string): void {
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Moves an existing calibration.json aside as calibration.previous-<ISO time>.json (colons
 * left out, which some file systems refuse), so a recalibration never loses the old one.
 */
function keepPreviousCalibration(file: string): string {
  const stamp = new Date().toISOString().replace(/:/g, '-');
  const kept = join(dirname(file), `${basename(file, '.json')}.previous-${stamp}.json`);
  renameSync(file, kept);
  return kept;
}
