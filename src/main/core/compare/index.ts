/**
 * Comparing two audit runs (issue 15, "Transport audit"): the same bundle on two cohorts, or
 * two bundles on one cohort, figure by figure with bootstrap intervals of each difference
 * and Benjamini–Hochberg flags (docs/audit-metrics.md, "Comparing two runs"). Its text and
 * Markdown are shared/comparison-text.ts, one formatter for every front end.
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
  evidenceComposition,
  type ChartedMasks,
  type CompositionSide,
} from './evidence-composition';
export { runChartedMasks } from './charted-masks';
