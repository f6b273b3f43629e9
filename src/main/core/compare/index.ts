/**
 * Comparing two audit runs (issue 15, "Transport audit"): the same bundle on two cohorts, or
 * two bundles on one cohort, figure by figure with bootstrap intervals of each difference
 * and Benjamini–Hochberg flags (docs/audit-metrics.md, "Comparing two runs").
 */
export {
  compareResults,
  runFigureValues,
  secondSeed,
  type CompareOptions,
  type ComparisonSide,
} from './compare-results';
export {
  checkComparable,
  compareRuns,
  describeDifferences,
  type CompareRunsOptions,
} from './compare-runs';
export {
  comparisonFindings,
  comparisonMarkdown,
  comparisonRows,
  comparisonText,
} from './comparison-text';
export {
  evidenceComposition,
  type ChartedMasks,
  type CompositionSide,
} from './evidence-composition';
export { runChartedMasks } from './charted-masks';
