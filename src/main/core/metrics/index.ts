/**
 * Cohort metrics of a ToE audit: pure functions over per-stay arrays, nothing stored or
 * logged, so the search, the reports and the tests all compute the same figures.
 */
export type { Flags, Numbers } from './inputs';
export { auroc, averagePrecision } from './ranking';
export {
  calibrationBin,
  expectedCalibrationError,
  reliabilityCurve,
  type ReliabilityBin,
} from './calibration';
export {
  comprehensiveness,
  decisionAgreement,
  fidelityMae,
  sufficiencyAuprc,
  sufficiencyAuroc,
} from './faithfulness';
export {
  aopc,
  eraserComprehensiveness,
  eraserSufficiency,
  type Aopc,
  type BudgetProbabilities,
} from './eraser';
export {
  evidenceSizeDistribution,
  type EvidenceSizeDistribution,
  type SizeSummary,
} from './evidence-size';
export {
  abstentionEffect,
  confusionClass,
  confusionCounts,
  exhaustionRates,
  exhaustionReport,
  type AbstentionEffect,
  type ConfusionClass,
  type ConfusionCounts,
  type ExhaustionInput,
  type ExhaustionRates,
  type ExhaustionReport,
  type ReachabilityAudit,
  type ReachabilityShare,
} from './exhaustion';
export {
  bootstrapCi,
  pick,
  pickFlags,
  withCi,
  type BootstrapCi,
  type BootstrapOptions,
  type Column,
  type Resampled,
} from './bootstrap';
export { mean, meanWhere } from './means';
export { median, quantileSorted } from './quantile';
