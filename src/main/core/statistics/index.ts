/**
 * The statistics layer: the measures (AUROC, ECE, faithfulness, the bootstrap) and the pure
 * functions from per-stay results to the JSON sections every report shows
 * (src/shared/audit-statistics.ts), each figure an Estimate with its interval: exact for
 * counts of stays (exact-intervals.ts), else a seeded bootstrap. A run's cohort statistics
 * (audit/cohort-statistics.ts) and `toe evaluate`'s result (evaluation/run-evaluation.ts) are
 * both made here, so the dashboard, the PDF and the evaluation report print the same figures
 * from the same code.
 */
export {
  estimate,
  jointBootstrap,
  jointIntervals,
  jsonNumber,
  namedEstimates,
  replicateInterval,
  toEstimate,
  type JointDraws,
} from './bootstrap-estimates';
export type { EvidenceOutcomes, SearchOutcomes } from './outcome-columns';
export { abstentionSection, exhaustionSection } from './exhaustion-sections';
export { evidenceSizeSection, faithfulnessSection, modalitySection } from './evidence-sections';
export { careSection } from './care-section';
export { calibrationSection, discriminationSection } from './calibration-sections';
export { benjaminiHochberg, type BenjaminiHochberg } from './benjamini-hochberg';
export { bootstrapPValue, ratioTest, type RatioSide, type RatioTest } from './ratio-test';
export { jeffreysDraws } from './jeffreys-draws';
export {
  clopperPearson,
  fisherExactTest,
  flaggedShareEstimate,
  proportionEstimate,
  ratioOfProportionsEstimate,
} from './exact-intervals';

// The measures themselves (AUROC, ECE, faithfulness, the bootstrap), formerly core/metrics.
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

// Monitoring (issue 27): the funnel plot, operating points and stays without outcomes.
export { funnelPlot, overdispersion, poissonRatioLimit } from './funnel-plot';
export { operatingPoints, type OperatingPointOptions } from './operating-points';
export {
  expectedEventsInterval,
  expectedPerformance,
  kolmogorovSurvival,
  ksDistance,
  variableDrift,
} from './unlabelled-performance';
export {
  cusumControlLimit,
  cusumWeights,
  pChart,
  riskAdjustedCusum,
  riskAdjustedCusumValues,
  vlad,
  type CusumLimit,
  type CusumLimitOptions,
} from './control-charts';
