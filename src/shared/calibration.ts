/**
 * Post-hoc calibration of a bundle's fused probability and the decision threshold chosen on
 * a validation split (issue 12). Plain data: it crosses IPC and HTTP, is stored in each run's
 * spec and in the `calibration.json` kept beside a bundle. The core's calibration folder
 * (src/main/core/calibration/) fits, applies and reads these.
 */

/** How a raw fused probability p becomes a calibrated one; every map is non-decreasing in p. */
export type CalibrationMap =
  /** p' = sigmoid(logit(p) / temperature): one parameter, keeps the ranking and p = 0.5. */
  | { method: 'temperature'; temperature: number }
  /** p' = sigmoid(slope · logit(p) + intercept) (Platt scaling on the logit). */
  | { method: 'platt'; slope: number; intercept: number }
  /**
   * Isotonic regression as scikit-learn predicts it: linear interpolation between the fitted
   * knots (x ascending, y non-decreasing), clipped to the first and last knot outside them.
   */
  | { method: 'isotonic'; x: number[]; y: number[] };

export const CALIBRATION_METHODS = ['temperature', 'platt', 'isotonic'] as const;
export type CalibrationMethod = (typeof CALIBRATION_METHODS)[number];

/**
 * Platt scaling: on the demo cohort it took the shipped bundles' validation ECE from
 * 0.22–0.33 to 0.02–0.04 (test: 0.25–0.32 to 0.02–0.04), where temperature scaling left it
 * at 0.21–0.34 (docs/model-bundle.md, "Calibration").
 */
export const DEFAULT_CALIBRATION_METHOD: CalibrationMethod = 'platt';

/** How the decision threshold t is chosen on the validation split (on calibrated p). */
export type ThresholdRule =
  | { kind: 'fixed'; value: number }
  /** The highest t whose validation sensitivity is ≥ atLeast. */
  | { kind: 'sensitivity'; atLeast: number }
  /** The lowest t whose validation PPV is ≥ atLeast (the most sensitive such t). */
  | { kind: 'ppv'; atLeast: number }
  /** t such that the share predicted positive equals the validation prevalence. */
  | { kind: 'prevalence' }
  /** t maximising sensitivity + specificity − 1. */
  | { kind: 'youden' };

export const THRESHOLD_RULE_KINDS = [
  'fixed',
  'sensitivity',
  'ppv',
  'prevalence',
  'youden',
] as const;
export type ThresholdRuleKind = (typeof THRESHOLD_RULE_KINDS)[number];

/** What a threshold achieved on the split it was chosen on. */
export interface ThresholdChoice {
  rule: ThresholdRule;
  /** The threshold on the calibrated scale: predicted positive iff p' ≥ value. */
  value: number;
  stays: number;
  events: number;
  sensitivity: number;
  specificity: number;
  ppv: number | null;
  predictedPositiveRate: number;
}

/** A calibration file's content: what was fitted, on which data, for which bundle. */
export interface BundleCalibration {
  format: 'toe-calibration';
  version: 1;
  /** The bundle it was fitted for (models/bundle-fingerprint.ts): another bundle refuses it. */
  bundleFingerprint: string;
  task: string;
  map: CalibrationMap;
  threshold: ThresholdChoice;
  fittedOn: {
    cohortName: string;
    cohortContentHash: string;
    split: 'val';
    stays: number;
    events: number;
  };
  /** Expected calibration error on the fitting split (10 equal-width bins), before and after. */
  ece: { raw: number; calibrated: number };
  createdAt: string;
  /** The command that made it, for the provenance of every run that uses it. */
  command: string;
}

/**
 * The decision a run takes, recorded with it: the paper's mode (raw probability and the
 * bundle's threshold), or a calibration file's map and validated threshold.
 */
export type RunDecision =
  | { mode: 'paper'; threshold: number }
  | {
      mode: 'calibrated';
      map: CalibrationMap;
      threshold: ThresholdChoice;
      /** SHA-256 of the calibration file as read, and where it was. */
      fileSha256: string;
      file: string;
      fittedOn: BundleCalibration['fittedOn'];
    };

/** The rule as `toe calibrate --threshold-rule` reads it: "ppv:0.3". */
export function formatThresholdRule(rule: ThresholdRule): string {
  switch (rule.kind) {
    case 'fixed':
      return `fixed:${rule.value}`;
    case 'sensitivity':
    case 'ppv':
      return `${rule.kind}:${rule.atLeast}`;
    default:
      return rule.kind;
  }
}

/** The rule in words, for printed summaries. */
export function describeThresholdRule(rule: ThresholdRule): string {
  switch (rule.kind) {
    case 'fixed':
      return `fixed at ${rule.value}`;
    case 'sensitivity':
      return `the highest threshold with sensitivity ≥ ${rule.atLeast}`;
    case 'ppv':
      return `the lowest threshold with PPV ≥ ${rule.atLeast}`;
    case 'prevalence':
      return 'the lowest threshold predicting at most as many positives as there are events';
    case 'youden':
      return 'the threshold maximising Youden’s J (sensitivity + specificity − 1)';
  }
}

const METHOD_TEXT: Record<CalibrationMethod, string> = {
  temperature: 'temperature-scaled',
  platt: 'Platt-scaled',
  isotonic: 'isotonic-calibrated',
};

/** How a run decided, in one phrase for summaries, reports and the app. */
export function describeDecision(decision: RunDecision): string {
  if (decision.mode === 'paper') {
    return `the model's raw probability at threshold ${decision.threshold} (the paper's mode)`;
  }
  const t = decision.threshold;
  const broken = thresholdRuleBreach(t);
  // The rule's words are said only when the recorded validation figures satisfy the rule.
  const how = broken
    ? `recorded as chosen by ${describeThresholdRule(t.rule)}, which it does not satisfy (${broken})`
    : `chosen by ${describeThresholdRule(t.rule)}`;
  return `the ${METHOD_TEXT[decision.map.method]} probability (fitted on the validation split of cohort "${decision.fittedOn.cohortName}", ${decision.fittedOn.stays} stays), threshold ${t.value.toFixed(3)} ${how}`;
}

/**
 * Why a threshold's recorded validation figures break the rule it names, or null when they
 * satisfy it (youden cannot be re-derived from the figures of one threshold alone).
 */
export function thresholdRuleBreach(t: ThresholdChoice): string | null {
  const positives = Math.round(t.predictedPositiveRate * t.stays);
  switch (t.rule.kind) {
    case 'prevalence':
      return positives > t.events
        ? `${positives} predicted positive against ${t.events} events on validation`
        : null;
    case 'sensitivity':
      return t.sensitivity < t.rule.atLeast
        ? `sensitivity ${t.sensitivity} on validation, below ${t.rule.atLeast}`
        : null;
    case 'ppv':
      return t.ppv === null || t.ppv < t.rule.atLeast
        ? `PPV ${t.ppv ?? 'n/a'} on validation, below ${t.rule.atLeast}`
        : null;
    case 'fixed':
      return t.value !== t.rule.value ? `the rule fixes ${t.rule.value}` : null;
    case 'youden':
      return null;
  }
}

/**
 * Why a calibrated run's probabilities and threshold are not validated on the data it
 * audited — fitted on another cohort, or on another version of this one — or null.
 */
export function transportedCalibration(
  decision: RunDecision,
  audited: { cohortName: string; cohortContentHash: string },
): string | null {
  if (decision.mode !== 'calibrated') return null;
  const fitted = decision.fittedOn;
  if (fitted.cohortContentHash === audited.cohortContentHash) return null;
  const where =
    fitted.cohortName === audited.cohortName
      ? `another version of cohort "${fitted.cohortName}" (its content differs)`
      : `cohort "${fitted.cohortName}", not the audited cohort "${audited.cohortName}"`;
  return `The calibration was fitted on the validation split of ${where}: its probabilities and threshold are transported here, not validated on these stays. Recalibrate on this cohort's validation stays to fit them here.`;
}

/** The command that makes a calibration, as recorded in its file for provenance. */
export function calibrateCommandLine(
  bundle: string,
  cohort: string,
  method: CalibrationMethod,
  rule: ThresholdRule,
): string {
  return `toe calibrate --bundle ${bundle} --cohort ${cohort} --method ${method} --threshold-rule ${formatThresholdRule(rule)}`;
}

/** What calibrating a bundle gave: the fit, and the file written unless it was a dry run. */
export interface BundleCalibrationOutcome {
  /** The bundle folder, absolute. */
  bundle: string;
  executionProvider: 'cuda' | 'cpu';
  /** calibration.json as written, or null for a dry run. */
  file: string | null;
  sha256: string | null;
  /** Where the calibration it replaced was kept, or null when there was none. */
  previous: string | null;
  calibration: BundleCalibration;
}
