/**
 * Abstention policies, the review budget and the proof against the model's own confidence
 * (issue 12; docs/abstention.md). Pure functions over per-stay results (PolicyStay): no
 * store, no I/O. The audit builds PolicyStay rows from a run; the dashboard, CLI, PDF and
 * `toe evaluate` read the AbstentionAnalysis and the ReviewQueue made here.
 */
export type { PolicyStay } from './policy-stay';
export {
  analyseAbstention,
  queueOrder,
  DEFAULT_ABSTENTION_LEVEL,
  DEFAULT_ABSTENTION_RESAMPLES,
  DEFAULT_ABSTENTION_SEED,
  FORCED_SHARE_WARNING,
  TOE_BASED_POLICIES,
  type AbstentionInput,
  type QueueEntry,
  type ReviewQueue,
} from './analysis';
export {
  scorePolicies,
  scorePolicy,
  LEARNED_MIN_CLASS,
  type PolicyDescription,
  type ScoredPolicy,
  type ScoringInput,
} from './score-policies';
export { budgetCount, budgetShare, checkBudget, flagForReview, reviewOrder } from './budget';
export {
  confidenceScores,
  errorProbabilityScores,
  exhaustedScores,
  bestAdmissibleMargin,
  fitToeTuned,
  toeTunedFlags,
  toeTunedScores,
  EXHAUSTED_OFFSET,
  NEVER_WITHIN_B,
  TOE_TUNED_B_GRID,
  type ToeTunedFit,
} from './policies';
export {
  crossFitFolds,
  crossFittedLearnedScores,
  fitLearned,
  learnedFeatureVector,
  scoreLearned,
  CROSS_FIT_FOLDS,
  DEFAULT_LEARNED_C,
  LEARNED_FEATURES,
  TRACE_FEATURES,
  type LearnedModel,
} from './learned';
export {
  guaranteedCut,
  flagsOfCut,
  describeCut,
  DEFAULT_COVERAGE_GRID,
  DEFAULT_GUARANTEE,
  type GuaranteedCut,
  type GuaranteeOptions,
} from './guarantee';
export {
  augrc,
  aurc,
  riskAtEveryCoverage,
  riskCoverageCurve,
  scoreOrder,
  weightedAugrc,
  weightedAurc,
  type ScoreOrder,
} from './risk-coverage';
export {
  budgetCounts,
  budgetRates,
  stayColumns,
  BUDGET_FIGURE_KEYS,
  BUDGET_FIGURE_LABELS,
  type BudgetCounts,
  type BudgetFigureKey,
  type StayColumns,
} from './budget-figures';
export {
  likelihoodRatioTest,
  traceFeatureTest,
  LRT_C,
  LRT_MIN_CLASS,
  type LikelihoodRatio,
  type TraceFeatureTestResult,
} from './trace-feature-test';
export { abstentionVerdict, MIN_ERRORS_FOR_VERDICT, type VerdictEvidence } from './verdict';
export { checkStays, fullMargin, isError, logit, margin } from './margin';
export {
  betaQuantile,
  binomialCdf,
  chiSquareSurvival,
  clopperPearsonUpper,
  regularizedGammaQ,
  regularizedIncompleteBeta,
} from '../statistics/special-functions';
