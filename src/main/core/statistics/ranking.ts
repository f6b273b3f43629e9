/**
 * Ranking metrics of scores against binary labels (sufficiency AUROC / AUPRC), computed
 * the way scikit-learn does so that figures agree with the paper's Python pipeline.
 */
import { checkBinary, checkFinite, sameLength, type Numbers } from './inputs';

/** Positives and negatives per distinct score, highest score first. */
interface TiedGroups {
  pos: Uint32Array;
  neg: Uint32Array;
  count: number;
}

/**
 * Stays ordered by score, highest first, cut into groups of equal score: each group is one
 * distinct threshold, which is how both sklearn curves treat ties (all-or-nothing).
 * Positive and negative scores are sorted apart with the native numeric typed-array sort
 * (no comparator: several times faster, which matters inside a 1,000-resample bootstrap)
 * and merged from the top.
 */
function tiedGroups(scores: Numbers, labels: Numbers): TiedGroups {
  const n = scores.length;
  let positives = 0;
  for (let i = 0; i < n; i++) positives += labels[i]!;
  const posScores = new Float64Array(positives);
  const negScores = new Float64Array(n - positives);
  for (let i = 0, p = 0, q = 0; i < n; i++) {
    if (labels[i] === 1) posScores[p++] = scores[i]!;
    else negScores[q++] = scores[i]!;
  }
  posScores.sort();
  negScores.sort();
  const pos = new Uint32Array(n);
  const neg = new Uint32Array(n);
  let count = 0;
  let p = posScores.length - 1;
  let q = negScores.length - 1;
  while (p >= 0 || q >= 0) {
    const s = Math.max(p >= 0 ? posScores[p]! : -Infinity, q >= 0 ? negScores[q]! : -Infinity);
    // === groups -0 with 0, which the typed-array sort keeps adjacent.
    for (; p >= 0 && posScores[p] === s; p--) pos[count]!++;
    for (; q >= 0 && negScores[q] === s; q--) neg[count]!++;
    count++;
  }
  return { pos, neg, count };
}

function checked(name: string, scores: Numbers, labels: Numbers): void {
  sameLength(name, scores, labels);
  checkFinite(name, scores);
  checkBinary(name, labels);
}

/**
 * Area under the ROC curve = Mann–Whitney U / (P·N): a tied positive–negative pair counts
 * 1/2, identical to sklearn.metrics.roc_auc_score (trapezoids between distinct thresholds).
 * Returns NaN when either class is absent (sklearn raises there): the AUROC is undefined,
 * and NaN lets the bootstrap skip such a resample.
 */
export function auroc(scores: Numbers, labels: Numbers): number {
  checked('auroc', scores, labels);
  let posAbove = 0; // positives ranked strictly above the current group
  let area = 0; // in pairs: each negative earns the positives above it, plus half its ties
  let positives = 0;
  let negatives = 0;
  const groups = tiedGroups(scores, labels);
  for (let g = 0; g < groups.count; g++) {
    const pos = groups.pos[g]!;
    const neg = groups.neg[g]!;
    area += neg * (posAbove + pos / 2);
    posAbove += pos;
    positives += pos;
    negatives += neg;
  }
  if (positives === 0 || negatives === 0) return NaN;
  return area / (positives * negatives);
}

/**
 * Average precision exactly as sklearn.metrics.average_precision_score: the step sum
 * Σ (R_t − R_{t−1}) · P_t over distinct score thresholds t, highest first, with no
 * interpolation; tied scores enter together as one threshold.
 * Returns NaN when there is no positive label (sklearn warns and returns 0 there; recall is
 * undefined, and NaN lets the bootstrap skip such a resample).
 */
export function averagePrecision(scores: Numbers, labels: Numbers): number {
  checked('averagePrecision', scores, labels);
  let positives = 0;
  for (let i = 0; i < labels.length; i++) positives += labels[i]!;
  if (positives === 0) return NaN;
  let tp = 0;
  let fp = 0;
  let previousRecall = 0;
  let ap = 0;
  const groups = tiedGroups(scores, labels);
  for (let g = 0; g < groups.count; g++) {
    tp += groups.pos[g]!;
    fp += groups.neg[g]!;
    const recall = tp / positives;
    ap += (recall - previousRecall) * (tp / (tp + fp));
    previousRecall = recall;
  }
  return ap;
}
