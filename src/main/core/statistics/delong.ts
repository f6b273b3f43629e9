/**
 * DeLong, DeLong and Clarke-Pearson (Biometrics 1988): the AUROC's variance from its
 * structural components, for the difference of two AUROCs, paired (two models on the same
 * stays) or independent (two cohorts). Unlike the bootstrap it needs no resample to hold
 * both classes, so it answers with a handful of events where the bootstrap of a small run
 * is undefined in many resamples. The components are computed from midranks (Sun and Xu,
 * IEEE Signal Processing Letters 2014), O(n log n):
 *   V10_i = (R_all(x_i) − R_pos(x_i)) / n   for each positive i of m,
 *   V01_j = 1 − (R_all(y_j) − R_neg(y_j)) / m   for each negative j of n,
 * the AUROC is the mean of V10 (ties count one half), and
 * Var(AUROC) = S10/m + S01/n with S the components' sample variances.
 */
import type { Estimate } from '../../../shared/estimate';
import { standardNormalQuantile, twoSidedNormalP } from './special-functions';

/** One model's AUROC on one sample and its structural components. */
export interface AurocComponents {
  auroc: number;
  /** V10, one per positive, in the order positives appear. */
  positives: Float64Array;
  /** V01, one per negative, in the order negatives appear. */
  negatives: Float64Array;
}

/** Midranks (1-based, ties share their mean rank) of `values`. */
function midranks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(n);
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && values[order[end]!] === values[order[start]!]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]!] = rank;
    start = end;
  }
  return ranks;
}

/** The AUROC of `scores` against 0/1 `labels` with its components; null without both classes. */
export function aurocComponents(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
): AurocComponents | null {
  const pos: number[] = [];
  const neg: number[] = [];
  for (let i = 0; i < scores.length; i++) (labels[i] === 1 ? pos : neg).push(scores[i]!);
  const m = pos.length;
  const n = neg.length;
  if (m === 0 || n === 0) return null;
  const all = midranks([...pos, ...neg]);
  const withinPos = midranks(pos);
  const withinNeg = midranks(neg);
  const positives = Float64Array.from(pos, (_, i) => (all[i]! - withinPos[i]!) / n);
  const negatives = Float64Array.from(neg, (_, j) => 1 - (all[m + j]! - withinNeg[j]!) / m);
  const auroc = positives.reduce((s, v) => s + v, 0) / m;
  return { auroc, positives, negatives };
}

/** Sample covariance (denominator k − 1) of two equally long series. */
function covariance(x: Float64Array, y: Float64Array): number {
  const k = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / k;
  const my = y.reduce((s, v) => s + v, 0) / k;
  let sum = 0;
  for (let i = 0; i < k; i++) sum += (x[i]! - mx) * (y[i]! - my);
  return sum / (k - 1);
}

/** The variance of one AUROC: S10/m + S01/n; NaN with fewer than two of either class. */
export function aurocVariance(c: AurocComponents): number {
  const m = c.positives.length;
  const n = c.negatives.length;
  if (m < 2 || n < 2) return NaN;
  return covariance(c.positives, c.positives) / m + covariance(c.negatives, c.negatives) / n;
}

/** AUROC B − AUROC A with its normal interval and the two-sided p of "no difference". */
export interface AurocDifference {
  difference: number;
  standardError: number;
  lower: number;
  upper: number;
  pValue: number;
}

function aurocDifference(a: number, b: number, variance: number, level: number) {
  const difference = b - a;
  const standardError = Math.sqrt(Math.max(0, variance));
  const z = standardNormalQuantile(1 - (1 - level) / 2);
  return {
    difference,
    standardError,
    lower: Math.max(-1, difference - z * standardError),
    upper: Math.min(1, difference + z * standardError),
    pValue: standardError > 0 ? twoSidedNormalP(difference / standardError) : NaN,
  };
}

/**
 * Two AUROCs of independent samples (two cohorts): Var = Var(A) + Var(B). Null when either
 * sample has fewer than two stays of a class (no variance to estimate).
 */
export function independentAurocDifference(
  a: AurocComponents,
  b: AurocComponents,
  level = 0.95,
): AurocDifference | null {
  const variance = aurocVariance(a) + aurocVariance(b);
  if (!Number.isFinite(variance)) return null;
  return aurocDifference(a.auroc, b.auroc, variance, level);
}

/**
 * Two models' AUROCs on the same stays with the same labels (components in the same stay
 * order): Var(B − A) = (S10_aa + S10_bb − 2 S10_ab)/m + (S01_aa + S01_bb − 2 S01_ab)/n,
 * DeLong's paired test. Null with fewer than two stays of a class, or when the samples differ.
 */
export function pairedAurocDifference(
  a: AurocComponents,
  b: AurocComponents,
  level = 0.95,
): AurocDifference | null {
  const m = a.positives.length;
  const n = a.negatives.length;
  if (m !== b.positives.length || n !== b.negatives.length) return null;
  if (m < 2 || n < 2) return null;
  const part = (x: Float64Array, y: Float64Array) =>
    covariance(x, x) + covariance(y, y) - 2 * covariance(x, y);
  const variance = part(a.positives, b.positives) / m + part(a.negatives, b.negatives) / n;
  return aurocDifference(a.auroc, b.auroc, variance, level);
}

/**
 * One AUROC with DeLong's interval, formed on the logit scale so it stays inside (0, 1) and
 * around its estimate; withheld (method 'none') with fewer than two stays of a class or an
 * AUROC of exactly 0 or 1, where the logit has no interval.
 */
export function aurocEstimate(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  level = 0.95,
): Estimate {
  const none = { lower: null, upper: null, method: 'none', resamples: 0, skipped: 0 } as const;
  const components = aurocComponents(scores, labels);
  if (components === null) return { estimate: null, missing: 'undefined', ...none };
  const { auroc } = components;
  const variance = aurocVariance(components);
  if (!(variance > 0) || auroc <= 0 || auroc >= 1)
    return { estimate: auroc, missing: null, ...none };
  const z = standardNormalQuantile(1 - (1 - level) / 2);
  const centre = Math.log(auroc / (1 - auroc));
  // Delta method: Var(logit A) ≈ Var(A) / (A(1 − A))².
  const half = (z * Math.sqrt(variance)) / (auroc * (1 - auroc));
  const back = (x: number) => 1 / (1 + Math.exp(-x));
  return {
    estimate: auroc,
    missing: null,
    lower: back(centre - half),
    upper: back(centre + half),
    method: 'delong',
    resamples: 0,
    skipped: 0,
  };
}
