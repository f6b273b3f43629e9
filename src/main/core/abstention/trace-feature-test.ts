/**
 * Do the search's trace features predict errors beyond the model's own confidence?
 *
 * A likelihood-ratio test of two nested logistic models of "the decision is wrong", fitted
 * on the same stays: confidence only (|m(p_full)|) against confidence plus the learned
 * policy's trace features (learned.ts, TRACE_FEATURES). Features are standardised on these
 * stays; the fits are scikit-learn's L2 objective with C = 10⁶, i.e. practically
 * unregularised (the tiny penalty only keeps a separable or collinear fit finite). The
 * statistic 2 · (ℓ_full − ℓ_confidence) is referred to χ² with as many degrees of freedom as
 * trace features that vary on these stays (a constant one, e.g. `reachable` when every stay
 * was reachable, is dropped). Wilks' theorem makes the p-value asymptotic; it is not
 * reported below 10 errors or 10 correct decisions, where it would not be trustworthy.
 */
import type { TraceFeatureTest } from '../../../shared/abstention';
import { fitLogisticRegression, logisticProbability } from '../baselines/logistic-regression';
import { learnedFeatureVector, LEARNED_FEATURES, standardisation, standardise } from './learned';
import { checkStays, isError } from './margin';
import type { PolicyStay } from './policy-stay';
import { chiSquareSurvival } from './special-functions';

export const LRT_C = 1e6;
export const LRT_MIN_CLASS = 10;

export interface LikelihoodRatio {
  logLikelihoodReduced: number;
  logLikelihoodFull: number;
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

/** Log-likelihood of a logistic model fitted to standardised `rows` (L2, inverse strength c). */
function fittedLogLikelihood(
  rows: readonly number[][],
  labels: readonly number[],
  c: number,
): number {
  const cols = rows[0]?.length ?? 0;
  const s = standardisation(rows);
  const x = standardise(rows, s);
  const fit = fitLogisticRegression(x, rows.length, cols, labels, {
    c,
    // The gradient scales with C·n, and at C = 10⁶ rounding keeps it near 1e-3 at the optimum:
    // ask for score equations within 1e-9 per stay instead (a log-likelihood change ~1e-15).
    tolerance: Math.max(1e-10, 1e-9 * c * rows.length),
    maxIterations: 200,
  });
  let ll = 0;
  for (let i = 0; i < rows.length; i++) {
    const p = logisticProbability(fit, x.subarray(i * cols, (i + 1) * cols));
    ll += labels[i] === 1 ? Math.log(p) : Math.log1p(-p);
  }
  return ll;
}

/**
 * The likelihood-ratio test of nested logistic models: `full` holds the `reduced` columns
 * plus the added ones; df = added columns. Exposed for the scikit-learn cross-check.
 */
export function likelihoodRatioTest(
  reduced: readonly number[][],
  full: readonly number[][],
  labels: readonly number[],
  c = LRT_C,
): LikelihoodRatio {
  const degreesOfFreedom = (full[0]?.length ?? 0) - (reduced[0]?.length ?? 0);
  if (reduced.length !== labels.length || full.length !== labels.length)
    throw new RangeError('likelihoodRatioTest: rows and labels differ in number');
  if (!(degreesOfFreedom > 0)) throw new RangeError('likelihoodRatioTest: nothing added');
  const logLikelihoodReduced = fittedLogLikelihood(reduced, labels, c);
  const logLikelihoodFull = fittedLogLikelihood(full, labels, c);
  // Nested fits: ℓ_full ≥ ℓ_reduced up to rounding; never report a negative statistic.
  const statistic = Math.max(0, 2 * (logLikelihoodFull - logLikelihoodReduced));
  return {
    logLikelihoodReduced,
    logLikelihoodFull,
    statistic,
    degreesOfFreedom,
    pValue: chiSquareSurvival(statistic, degreesOfFreedom),
  };
}

export type TraceFeatureTestResult =
  { test: TraceFeatureTest; reason: null } | { test: null; reason: string };

/** The trace-feature test on the audited stays, or null with a reason a reader can see. */
export function traceFeatureTest(stays: readonly PolicyStay[]): TraceFeatureTestResult {
  checkStays('traceFeatureTest', stays);
  const labels = stays.map((s) => (isError(s) ? 1 : 0));
  const errors = labels.reduce((a: number, b) => a + b, 0);
  const correct = stays.length - errors;
  if (errors < LRT_MIN_CLASS || correct < LRT_MIN_CLASS) {
    return {
      test: null,
      reason:
        `the likelihood-ratio test needs at least ${LRT_MIN_CLASS} wrong and ${LRT_MIN_CLASS} ` +
        `correct decisions; this run has ${errors} wrong and ${correct} correct`,
    };
  }
  const rows = stays.map(learnedFeatureVector);
  // Trace features (columns 1…) that vary on these stays; column 0 is the confidence.
  const varying = LEARNED_FEATURES.map((_, j) => j).filter(
    (j) => j > 0 && rows.some((r) => r[j] !== rows[0]![j]),
  );
  if (varying.length === 0)
    return { test: null, reason: 'no trace feature varies across these stays' };
  const reduced = rows.map((r) => [r[0]!]);
  const full = rows.map((r) => [r[0]!, ...varying.map((j) => r[j]!)]);
  const lrt = likelihoodRatioTest(reduced, full, labels);
  return {
    test: {
      features: varying.map((j) => LEARNED_FEATURES[j]!),
      stays: stays.length,
      errors,
      statistic: lrt.statistic,
      degreesOfFreedom: lrt.degreesOfFreedom,
      pValue: lrt.pValue,
    },
    reason: null,
  };
}
