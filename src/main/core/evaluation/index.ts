/**
 * Evaluation of a bundle on a cohort split with every method of the paper (`toe evaluate`)
 * and the spurious-feature audit (`toe evaluate --spurious`): per-stay method runs, metric
 * tables with bootstrap CIs, JSON, CSV, PNG figures and a Markdown results page.
 */
export {
  comparedMethods,
  defaultEvaluationPlan,
  dynamicStepLimits,
  EXHAUSTIVE_MAX_K,
  toeVariants,
  type EvaluationPlan,
} from './evaluation-plan';
export { dynamicOutcomeAt, statesAtBudgets, type BudgetState } from './toe-budget-sweep';
export { runStayMethods, type Selection, type StayMethodResults } from './stay-method-runner';
export type { StayRecord } from './stay-record';
export { methodRows, fullModelFigures } from './method-rows';
export { runEvaluation, summarise, type EvaluationInput } from './run-evaluation';
export {
  evaluateBundle,
  type BundleEvaluation,
  type BundleEvaluationRequest,
} from './evaluate-bundle';
export { evaluateOnWorker } from './evaluation-thread';
export {
  EvaluationStore,
  evaluatedBundleFingerprint,
  type EvaluationKey,
} from './evaluation-store';
export {
  ensureSpuriousCohort,
  runSpuriousAudit,
  SPURIOUS_DEMO,
  type SpuriousAuditInput,
} from './run-spurious-audit';
export { abstentionAudits, type AbstentionAuditRequest } from './abstention-audits';
export { ensureCorruptedBundle } from './corrupted-bundle';
export { evaluationResultsPage } from './results-page/results-page';
export { relinkFigures } from './results-page/markdown-format';
export {
  spuriousArmsTable,
  spuriousComparisonTable,
  spuriousResultsPage,
} from './results-page/spurious-results-page';
export { headlineSection as evaluationHeadline } from './results-page/faithfulness-sections';
export { methodsCsv, summaryCsv } from './csv-tables';
export {
  FIGURE_SIZE,
  evaluationFolder,
  writeSpuriousFolder,
  type ResultsFile,
} from './write-results-folder';
