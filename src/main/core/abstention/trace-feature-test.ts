/**
 * Do the search's trace features predict errors beyond what the model itself says?
 *
 * A likelihood-ratio test of two nested logistic models of "the decision is wrong", fitted
 * on the same stays. The reduced model holds what the model says: its confidence
 * |m(p_full)| and its decision ŷ (alert or not); with one threshold these two span the logit
 * of the model's own error estimate, the reference policy. The full model adds the learned
 * policy's trace features (learned.ts, TRACE_FEATURES). Features are standardised on these
 * stays; the fits are scikit-learn's L2 objective with C = 10⁶, i.e. practically
 * unregularised.
 *
 * Degrees of freedom are the rank the trace features add to the centred design, not their
 * number: when every search stopped at step 1 with |E| = 1 or exhausted at S_max, steps, |E|
 * and exhausted are one variable, and the tiny penalty would fit all three and let the test
 * count three. Columns are taken in order (the model's first) and a column whose residual
 * after projecting out the ones kept is negligible is aliased: named and left out of both
 * fit and df. Wilks' theorem makes the p-value asymptotic; it is not reported below 10
 * errors or 10 correct decisions, where it would not be trustworthy.
 */
import type { TraceFeatureTest } from '../../../shared/abstention';
import { fitLogisticRegression, logisticProbability } from '../baselines/logistic-regression';
import {
  learnedFeatureVector,
  LEARNED_FEATURES,
  MODEL_FEATURE_COUNT,
  standardisation,
  standardise,
} from './learned';
import { checkStays, isError } from './margin';
import type { PolicyStay } from './policy-stay';
import { chiSquareSurvival } from '../statistics/special-functions';

export const LRT_C = 1e6;
export const LRT_MIN_CLASS = 10;

/** A centred column is aliased when its residual norm is below this share of its own norm. */
const ALIASING_TOLERANCE = 1e-8;

function euclideanNorm(v: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  return Math.sqrt(sum);
}

/**
 * Which columns of `rows` (indices, in order) add rank to the centred design: modified
 * Gram–Schmidt over the centred columns, keeping a column when its residual after the kept
 * ones is more than ALIASING_TOLERANCE of its centred norm (a constant column has none).
 */
export function independentColumns(
  rows: readonly number[][],
  columns: readonly number[],
): number[] {
  const n = rows.length;
  const basis: Float64Array[] = [];
  const kept: number[] = [];
  for (const j of columns) {
    // Constant: exactly, before a rounded mean leaves noise that Gram–Schmidt would keep.
    if (rows.every((r) => r[j] === rows[0]![j])) continue;
    let mean = 0;
    for (const r of rows) mean += r[j]! / n;
    const v = Float64Array.from(rows, (r) => r[j]! - mean);
    const norm = euclideanNorm(v);
    if (!(norm > 0)) continue;
    for (const q of basis) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += q[i]! * v[i]!;
      for (let i = 0; i < n; i++) v[i]! -= dot * q[i]!;
    }
    const residual = euclideanNorm(v);
    if (residual <= ALIASING_TOLERANCE * norm) continue;
    for (let i = 0; i < n; i++) v[i]! /= residual;
    basis.push(v);
    kept.push(j);
  }
  return kept;
}

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
  const modelColumns = LEARNED_FEATURES.map((_, j) => j).slice(0, MODEL_FEATURE_COUNT);
  const traceColumns = LEARNED_FEATURES.map((_, j) => j).slice(MODEL_FEATURE_COUNT);
  const reducedKept = independentColumns(rows, modelColumns);
  const kept = independentColumns(rows, [...reducedKept, ...traceColumns]);
  const added = kept.filter((j) => j >= MODEL_FEATURE_COUNT);
  const aliased = traceColumns.filter((j) => !added.includes(j)).map((j) => LEARNED_FEATURES[j]!);
  if (added.length === 0)
    return {
      test: null,
      reason: `no trace feature varies independently of the model's own on these stays (${aliased.join(', ')})`,
    };
  // An intercept-only reduced model when neither confidence nor decision varies.
  const reduced = rows.map((r) => reducedKept.map((j) => r[j]!));
  const full = rows.map((r) => [...reducedKept, ...added].map((j) => r[j]!));
  const lrt = likelihoodRatioTest(reduced, full, labels);
  return {
    test: {
      reducedFeatures: reducedKept.map((j) => LEARNED_FEATURES[j]!),
      features: added.map((j) => LEARNED_FEATURES[j]!),
      aliased,
      stays: stays.length,
      errors,
      statistic: lrt.statistic,
      degreesOfFreedom: lrt.degreesOfFreedom,
      pValue: lrt.pValue,
    },
    reason: null,
  };
}
