/**
 * Calibrating a bundle on a cohort (issue 12): the bundle's raw fused probability at full
 * input, p_full = sigmoid(l_ts(1) + l_note(a)), on the cohort's validation split, exactly as
 * `toe models eval` computes it (models/full-input-scoring.ts), a map fitted to it, the
 * decision threshold chosen on the calibrated values by a rule, and the ECE before and after,
 * written to the bundle's calibration.json.
 *
 * Only 'val' is used: the training split is what the model was fitted on (its p is
 * optimistic), and the test split must stay untouched for the figures reported on it.
 */
import type {
  BundleCalibration,
  CalibrationMethod,
  ThresholdRule,
} from '../../../shared/calibration';
import { InputError } from '../errors/input-error';
import type { ProgressSink } from '../jobs/progress';
import { expectedCalibrationError } from '../statistics';
import {
  bundleFingerprint,
  bundleHashes,
  ModelRuntime,
  scoreSplit,
  type ExecutionProviderName,
  type ExecutionProviderRequest,
} from '../models';
import { streamProbabilities } from '../models/full-input-scoring';
import type { Store } from '../store';
import { applyCalibrationAll } from './apply-calibration';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CALIBRATION_FILE } from '../models/calibration-signature';
import { writeBundleCalibration } from './calibration-file';
import { chooseThreshold } from './choose-threshold';
import { fitCalibration } from './fit-calibration';
import { checkThresholdRule } from './threshold-rule';
import { DEFAULT_CALIBRATION_METHOD } from '../../../shared/calibration';

export { DEFAULT_CALIBRATION_METHOD };

/**
 * The fewest validation events a calibration is fitted on without --force. Platt scaling fits
 * two parameters (slope, intercept) and the prevalence rule admits at most as many predicted
 * positives as events: below 5 events each event moves the chosen threshold's sensitivity by
 * more than 20 points and the slope is set by a handful of stays, so the fit is noise.
 */
export const MIN_CALIBRATION_EVENTS = 5;

export interface CalibrateOptions {
  bundleDir: string;
  cohortId: number;
  /**
   * Default 'platt' (DEFAULT_CALIBRATION_METHOD): class-balanced training shifts every logit
   * up by about log(negatives / positives), and temperature scaling, which keeps p = 0.5
   * fixed, cannot undo a shift; on the shipped bundles it raised the validation ECE.
   */
  method?: CalibrationMethod;
  /** Default { kind: 'prevalence' }. */
  rule?: ThresholdRule;
  /** The command that makes this calibration, recorded in the file for provenance. */
  command: string;
  /** Write calibration.json into the bundle folder (default true). */
  write?: boolean;
  executionProvider?: ExecutionProviderRequest;
  progress?: ProgressSink;
  /** Fit on fewer than MIN_CALIBRATION_EVENTS events, and replace an existing file (kept aside). */
  force?: boolean;
}

export interface CalibrationOutcome {
  calibration: BundleCalibration;
  /** The file written, or null when told not to write. */
  /** `previous`: where the file it replaced was kept, or null when there was none. */
  written: { file: string; sha256: string; previous: string | null } | null;
  /** Where the bundle ran. */
  executionProvider: ExecutionProviderName;
}

export async function calibrateBundle(
  store: Store,
  options: CalibrateOptions,
): Promise<CalibrationOutcome> {
  const method = options.method ?? DEFAULT_CALIBRATION_METHOD;
  const rule = checkThresholdRule(options.rule ?? { kind: 'prevalence' });
  const cohort = store.getCohort(options.cohortId);
  const runtime = await ModelRuntime.open(options.bundleDir, {
    store,
    ...(options.executionProvider ? { executionProvider: options.executionProvider } : {}),
  });
  try {
    const manifest = runtime.manifest;
    // Checked once the bundle itself has been verified, before the val split is scored.
    const existing = join(options.bundleDir, CALIBRATION_FILE);
    if (options.write !== false && !options.force && existsSync(existing)) {
      throw new InputError(
        existing,
        null,
        null,
        'the bundle already has a calibration; `toe calibrate` never overwrites one unless told --force (the old file is then kept beside it as calibration.previous-<time>.json), or use --dry-run to see the new fit.',
      );
    }
    const task = manifest.task;
    runtime.checkCohort(cohort);
    const where = `cohort "${cohort.name}"`;
    if (!cohort.tasks.includes(task)) {
      throw new InputError(
        where,
        null,
        null,
        `it has no outcome ${task}, the task of the bundle in ${options.bundleDir}; its tasks are ${cohort.tasks.join(', ') || 'none'}.`,
      );
    }
    if (store.stayIds(options.cohortId, 'val').length === 0) {
      throw new InputError(
        where,
        null,
        null,
        'it has no validation split (no stays with split "val"); calibration is fitted on the validation split only, never on training or test stays.',
      );
    }
    const scored = await scoreSplit(runtime, store, options.cohortId, 'val', options.progress);
    const stays = scored.labels.length;
    const events = scored.labels.reduce((n, y) => n + y, 0);
    if (stays === 0) {
      throw new InputError(
        where,
        null,
        null,
        `no stays of its val split are labelled for ${task}.`,
      );
    }
    if (events === 0 || events === stays) {
      throw new InputError(
        where,
        null,
        null,
        `its val split has ${events === 0 ? `no ${task} events` : `only ${task} events`} (${stays} labelled stays): calibration needs both outcomes.`,
      );
    }
    if (events < MIN_CALIBRATION_EVENTS && !options.force) {
      throw new InputError(
        where,
        null,
        null,
        `the validation split of cohort ${cohort.name} has ${events} ${task} event${events === 1 ? '' : 's'}; at least ${MIN_CALIBRATION_EVENTS} are needed to fit a calibration (Platt scaling fits a slope and an intercept, and with fewer events each one moves the threshold's sensitivity by more than 20 points); pass --force to fit anyway.`,
      );
    }
    const raw = streamProbabilities(scored).fused;
    const map = fitCalibration(method, raw, scored.labels);
    const calibrated = applyCalibrationAll(map, raw);
    const calibration: BundleCalibration = {
      format: 'toe-calibration',
      version: 1,
      bundleFingerprint: bundleFingerprint(bundleHashes(manifest)),
      task,
      map,
      threshold: chooseThreshold(rule, calibrated, scored.labels),
      fittedOn: {
        cohortName: cohort.name,
        cohortContentHash: store.cohortContentHash(options.cohortId),
        split: 'val',
        stays,
        events,
      },
      ece: {
        raw: expectedCalibrationError(raw, scored.labels),
        calibrated: expectedCalibrationError(calibrated, scored.labels),
      },
      createdAt: new Date().toISOString(),
      command: options.command,
    };
    const written =
      options.write === false ? null : writeBundleCalibration(options.bundleDir, calibration);
    return { calibration, written, executionProvider: runtime.provider };
  } finally {
    await runtime.close();
  }
}
