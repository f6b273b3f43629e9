/**
 * Post-hoc calibration of a bundle's fused probability and the decision threshold chosen on
 * a validation split (issue 12; docs/model-bundle.md, "Calibration"): pure fits and maps,
 * threshold rules, the calibration.json beside a bundle, and calibrating a bundle on a cohort.
 */
export { applyCalibration, applyCalibrationAll } from './apply-calibration';
export { fitTemperature } from './fit-temperature';
export { fitPlatt } from './fit-platt';
export { fitIsotonic } from './fit-isotonic';
export { fitCalibration } from './fit-calibration';
export { chooseThreshold, figuresAtThreshold, type ThresholdFigures } from './choose-threshold';
export { parseThresholdRule } from './threshold-rule';
export {
  CALIBRATION_FILE,
  CALIBRATION_SIGNATURE_FILE,
  verifyCalibrationSignature,
  type CalibrationSignatureState,
} from '../models/calibration-signature';
export {
  readBundleCalibration,
  writeBundleCalibration,
  type ReadCalibration,
} from './calibration-file';
export {
  calibrateBundle,
  DEFAULT_CALIBRATION_METHOD,
  MIN_CALIBRATION_EVENTS,
  type CalibrateOptions,
  type CalibrationOutcome,
} from './calibrate-bundle';
