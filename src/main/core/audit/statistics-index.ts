/**
 * What a run's results become for QI teams: cohort statistics, the bias audit and the
 * abstention queue. Pure functions over StayAuditResult[]; nothing here stores or reads.
 */
export {
  cohortStatistics,
  reachableConfidence,
  type CohortStatistics,
  type CohortStatisticsOptions,
  type ReachabilityBand,
  type StabilitySpace,
} from './cohort-statistics';
export { biasAudit } from './bias-audit';
export type {
  AttributeAudit,
  BiasAudit,
  BiasAuditOptions,
  Disparity,
  GroupReport,
  MetricReport,
  ReferenceChoice,
  ReferenceRule,
  ReportedGroup,
  SuppressedGroup,
} from './bias-types';
export {
  FAITHFULNESS_METRICS,
  GROUP_METRICS,
  PERFORMANCE_METRICS,
  type FaithfulnessMetric,
  type GroupMetric,
  type PerformanceMetric,
} from '../statistics/group-metrics';
export { UNKNOWN_GROUP, type AttributesByStay } from './subgroups';
export { benjaminiHochberg, type BenjaminiHochberg, bootstrapPValue } from '../statistics';
export {
  ABSTENTION_REASONS,
  REVIEW_STATES,
  abstentionQueue,
  abstentionReason,
  type AbstentionQueueOptions,
  type AbstentionReason,
  type AbstentionRow,
  type AbstentionSortKey,
  type ReviewState,
  type QueuedReview,
} from './abstention-queue';
export { ABSTENTION_CSV_COLUMNS, abstentionCsv, csvField, csvRecord } from './abstention-csv';
