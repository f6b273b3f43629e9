/**
 * The statistics layer: pure functions from per-stay results to the JSON sections every
 * report shows (src/shared/audit-statistics.ts), each figure an Estimate with its interval:
 * exact for counts of stays (exact-intervals.ts), else a seeded bootstrap. A run's cohort statistics (audit/cohort-statistics.ts) and `toe
 * evaluate`'s result (evaluation/run-evaluation.ts) are both made here, so the dashboard,
 * the PDF and the evaluation report print the same figures from the same code.
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
