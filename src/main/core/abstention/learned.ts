/**
 * The `learned` policy: a small L2-regularised logistic model of "the decision is wrong" on
 * the model's confidence and the search's trace features, fitted on the validation split's
 * audit and scored on the audited (test) stays. Its review score is the modelled probability
 * of error.
 *
 * Features (LEARNED_FEATURES), standardised with the mean and population standard deviation
 * of the stays the model is fitted on (scikit-learn's StandardScaler; a constant feature is
 * left centred, scale 1):
 *   |m(p_full)|  — the model's own confidence, logit distance from the threshold;
 *   alert        — 1 if the decision was an alert (ŷ = 1): with |m(p_full)| it spans the
 *                  logit of the model's own error estimate, so the model can learn that an
 *                  alert near a low threshold is wrong more often than a negative near it;
 *   steps        — steps the search took before it stopped or gave up;
 *   |E|          — size of the returned evidence set;
 *   note share   — note units ÷ |E| (0 for an empty set): the modality mix;
 *   m(p(E))      — margin of the evidence set's probability, toward the decision;
 *   m(p(¬E))     — margin of the probability without the evidence, toward the decision;
 *   reachable    — 1 if convergence was reachable under the run's τ;
 *   exhausted    — 1 if the search exhausted.
 * The fit minimises scikit-learn's objective (C = 1 by default) exactly, by IRLS
 * (baselines/logistic-regression.ts).
 *
 * Scored on the stays it was fitted on, a model flatters itself; `crossFittedLearnedScores`
 * therefore scores each validation stay with a model fitted on the other folds (5 folds,
 * assigned deterministically: stays sorted by stay id, fold = rank mod 5).
 */
import { fitLogisticRegression, logisticProbability } from '../baselines/logistic-regression';
import { fixed } from './format';
import { fullMargin, isError, margin } from './margin';
import type { PolicyStay } from './policy-stay';

export const LEARNED_FEATURES = [
  '|m(p_full)|',
  'alert',
  'steps',
  '|E|',
  'note share',
  'm(p(E))',
  'm(p(all but E))',
  'reachable',
  'exhausted',
] as const;

/** What the model itself says (confidence and decision): both models of the test hold it. */
export const MODEL_FEATURE_COUNT = 2;

/** The trace features beyond the model's own: what the likelihood-ratio test adds. */
export const TRACE_FEATURES = LEARNED_FEATURES.slice(MODEL_FEATURE_COUNT);

export const DEFAULT_LEARNED_C = 1;
export const CROSS_FIT_FOLDS = 5;

/** The fitted model, plain JSON: enough to score new stays. */
export interface LearnedModel {
  features: string[];
  /** Standardisation: x' = (x − mean) / scale, per feature, from the fitting stays. */
  means: number[];
  scales: number[];
  /** On the standardised features, and the intercept. */
  coefficients: number[];
  intercept: number;
  c: number;
  stays: number;
  errors: number;
  converged: boolean;
}

/** A stay's raw (unstandardised) feature vector, in LEARNED_FEATURES order. */
export function learnedFeatureVector(stay: PolicyStay): number[] {
  return [
    Math.abs(fullMargin(stay)),
    stay.yFull,
    stay.steps,
    stay.evidenceSize,
    stay.evidenceSize > 0 ? stay.noteUnits / stay.evidenceSize : 0,
    margin(stay.pEvidence, stay),
    margin(stay.pWithoutEvidence, stay),
    stay.reachable ? 1 : 0,
    stay.status === 'exhausted' ? 1 : 0,
  ];
}

/** Column means and population standard deviations (a constant column gets scale 1). */
export function standardisation(rows: readonly number[][]): { means: number[]; scales: number[] } {
  const cols = rows[0]?.length ?? 0;
  const means = new Array<number>(cols).fill(0);
  const scales = new Array<number>(cols).fill(0);
  for (const r of rows) for (let j = 0; j < cols; j++) means[j]! += r[j]! / rows.length;
  for (const r of rows) for (let j = 0; j < cols; j++) scales[j]! += (r[j]! - means[j]!) ** 2;
  for (let j = 0; j < cols; j++) {
    const sd = Math.sqrt(scales[j]! / Math.max(rows.length, 1));
    // As StandardScaler: a (numerically) constant column is only centred.
    scales[j] = sd > 1e-12 * Math.max(1, Math.abs(means[j]!)) ? sd : 1;
  }
  return { means, scales };
}

/** Row-major standardised matrix for the logistic fit. */
export function standardise(
  rows: readonly number[][],
  s: { means: readonly number[]; scales: readonly number[] },
): Float64Array {
  const cols = s.means.length;
  const out = new Float64Array(rows.length * cols);
  rows.forEach((r, i) => {
    for (let j = 0; j < cols; j++) out[i * cols + j] = (r[j]! - s.means[j]!) / s.scales[j]!;
  });
  return out;
}

/** Fit the learned policy's model on the given stays (the validation split's audit). */
export function fitLearned(given: readonly PolicyStay[], c = DEFAULT_LEARNED_C): LearnedModel {
  if (given.length === 0) throw new RangeError('fitLearned: no stays to fit on');
  // Fitted in stay-id order, so the model does not depend on the order the stays came in
  // (floating-point sums do).
  const stays = [...given].sort((a, b) => a.stayId - b.stayId);
  const rows = stays.map(learnedFeatureVector);
  const s = standardisation(rows);
  const labels = stays.map((x) => (isError(x) ? 1 : 0));
  const fit = fitLogisticRegression(
    standardise(rows, s),
    rows.length,
    LEARNED_FEATURES.length,
    labels,
    { c },
  );
  return {
    features: [...LEARNED_FEATURES],
    means: s.means,
    scales: s.scales,
    coefficients: Array.from(fit.coefficients),
    intercept: fit.intercept,
    c,
    stays: stays.length,
    errors: labels.reduce((a: number, b) => a + b, 0),
    converged: fit.converged,
  };
}

/** The modelled probability that each stay's decision is wrong: its review score. */
export function scoreLearned(model: LearnedModel, stays: readonly PolicyStay[]): Float64Array {
  const fit = { coefficients: Float64Array.from(model.coefficients), intercept: model.intercept };
  return Float64Array.from(stays, (stay) => {
    const x = learnedFeatureVector(stay).map((v, j) => (v - model.means[j]!) / model.scales[j]!);
    return logisticProbability(fit, x);
  });
}

/** Fold of each stay: stays sorted by stay id, fold = rank mod `folds`. */
export function crossFitFolds(stays: readonly PolicyStay[], folds = CROSS_FIT_FOLDS): Uint8Array {
  const byId = stays.map((s, i) => [s.stayId, i] as const).sort((a, b) => a[0] - b[0]);
  const fold = new Uint8Array(stays.length);
  byId.forEach(([, i], rank) => (fold[i] = rank % folds));
  return fold;
}

/**
 * Learned scores for the stays the model is fitted on, without self-flattery: each stay is
 * scored by a model (its own standardisation included) fitted on the other folds.
 */
export function crossFittedLearnedScores(
  stays: readonly PolicyStay[],
  options: { c?: number; folds?: number } = {},
): Float64Array {
  const folds = options.folds ?? CROSS_FIT_FOLDS;
  if (!(Number.isInteger(folds) && folds >= 2))
    throw new RangeError(`crossFittedLearnedScores: folds must be an integer ≥ 2 (${folds})`);
  const fold = crossFitFolds(stays, folds);
  const scores = new Float64Array(stays.length);
  for (let f = 0; f < folds; f++) {
    const held = stays.filter((_, i) => fold[i] === f);
    if (held.length === 0) continue;
    const model = fitLearned(
      stays.filter((_, i) => fold[i] !== f),
      options.c,
    );
    const heldScores = scoreLearned(model, held);
    let k = 0;
    stays.forEach((_, i) => {
      if (fold[i] === f) scores[i] = heldScores[k++]!;
    });
  }
  return scores;
}

/** The model in words, for PolicyFigures.fitted. */
export function describeLearned(model: LearnedModel): string {
  const terms = model.coefficients
    .map((w, j) => `${w >= 0 ? '+' : '−'}${Math.abs(w).toFixed(2)}·${model.features[j]}`)
    .join(' ');
  return (
    `logistic model of error fitted on ${model.stays} validation stays (${model.errors} errors, ` +
    `L2, C = ${model.c}, standardised features): logit P(error) = ${fixed(model.intercept, 2)} ${terms}`
  );
}
