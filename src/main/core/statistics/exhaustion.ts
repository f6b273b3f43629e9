/**
 * Search exhaustion as a reliability signal (paper, "Auditing Model Reliability via Search
 * Behavior"): how often the search exhausts for true vs false positives, what abstaining on
 * exhausted searches buys, and how much of it reachability alone already explains.
 *
 * Definitions (method.md leaves them open):
 * - A stay is predicted positive iff p_full >= threshold (the run's decision threshold), as
 *   y_full is defined. TP/FP/TN/FN compare that decision with the true label.
 * - Abstaining withdraws a positive prediction: the stay is no longer flagged. Precision is
 *   then TP kept / positive predictions kept, and sensitivity is TP kept / ALL true positives
 *   (label 1), so every abstained TP is a lost detection. Abstaining on a negative prediction
 *   changes neither figure, so only positive predictions are counted as abstentions here.
 * - Ratios follow IEEE division and say so: 0/0 is NaN (undefined), x/0 with x > 0 is Infinity.
 */
import type {
  AbstentionCounts,
  ConfusionClass,
  ConfusionCounts,
} from '../../../shared/audit-statistics';
import { checkBinary, checkProbabilities, sameLength, type Flags, type Numbers } from './inputs';

export type { ConfusionClass, ConfusionCounts };

/** Where one stay falls: positive decision iff p_full >= threshold, against the true label. */
export function confusionClass(pFull: number, label: number, threshold = 0.5): ConfusionClass {
  const predicted = pFull >= threshold;
  if (predicted) return label === 1 ? 'TP' : 'FP';
  return label === 1 ? 'FN' : 'TN';
}

export function confusionCounts(pFull: Numbers, labels: Numbers, threshold = 0.5): ConfusionCounts {
  const n = checked('confusionCounts', pFull, labels);
  const counts: ConfusionCounts = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (let i = 0; i < n; i++) {
    const c = confusionClass(pFull[i]!, labels[i]!, threshold);
    if (c === 'TP') counts.tp++;
    else if (c === 'FP') counts.fp++;
    else if (c === 'TN') counts.tn++;
    else counts.fn++;
  }
  return counts;
}

export interface ExhaustionRates {
  tp: number;
  fp: number;
  tpExhausted: number;
  fpExhausted: number;
  /** tpExhausted / tp; NaN when there is no true positive. */
  tpRate: number;
  /** fpExhausted / fp; NaN when there is no false positive. */
  fpRate: number;
  /** fpRate / tpRate: Infinity if only FPs exhaust, NaN if neither does or a rate is NaN. */
  ratio: number;
}

/** Exhaustion rate among true positives and among false positives, and their ratio FP/TP. */
export function exhaustionRates(
  pFull: Numbers,
  labels: Numbers,
  exhausted: Flags,
  threshold = 0.5,
): ExhaustionRates {
  const n = checked('exhaustionRates', pFull, labels, exhausted);
  let tp = 0;
  let fp = 0;
  let tpExhausted = 0;
  let fpExhausted = 0;
  for (let i = 0; i < n; i++) {
    const c = confusionClass(pFull[i]!, labels[i]!, threshold);
    if (c === 'TP') {
      tp++;
      if (exhausted[i]) tpExhausted++;
    } else if (c === 'FP') {
      fp++;
      if (exhausted[i]) fpExhausted++;
    }
  }
  const tpRate = tpExhausted / tp;
  const fpRate = fpExhausted / fp;
  return { tp, fp, tpExhausted, fpExhausted, tpRate, fpRate, ratio: fpRate / tpRate };
}

/**
 * What withdrawing the flagged positive predictions does to precision and sensitivity: the
 * exact counts (shared with the statistics' JSON) and the rates as plain numbers.
 */
export interface AbstentionEffect extends AbstentionCounts {
  /** TP / (TP + FP); NaN with no positive prediction. */
  precisionWithout: number;
  /** TP kept / (TP + FP kept); NaN when every positive prediction was withdrawn. */
  precisionWith: number;
  /** precisionWith − precisionWithout. */
  precisionGained: number;
  /** TP / positives; NaN with no positive label. */
  sensitivityWithout: number;
  /** TP kept / positives. */
  sensitivityWith: number;
  /** sensitivityWithout − sensitivityWith (>= 0: abstaining never adds detections). */
  sensitivityLost: number;
}

/** Precision and sensitivity with and without abstaining wherever `abstain` is true. */
export function abstentionEffect(
  pFull: Numbers,
  labels: Numbers,
  abstain: Flags,
  threshold = 0.5,
): AbstentionEffect {
  const n = checked('abstentionEffect', pFull, labels, abstain);
  let positives = 0;
  let tp = 0;
  let fp = 0;
  let tpAbstained = 0;
  let fpAbstained = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] === 1) positives++;
    const c = confusionClass(pFull[i]!, labels[i]!, threshold);
    if (c === 'TP') {
      tp++;
      if (abstain[i]) tpAbstained++;
    } else if (c === 'FP') {
      fp++;
      if (abstain[i]) fpAbstained++;
    }
  }
  const precisionWithout = tp / (tp + fp);
  const precisionWith = (tp - tpAbstained) / (tp - tpAbstained + fp - fpAbstained);
  const sensitivityWithout = tp / positives;
  const sensitivityWith = (tp - tpAbstained) / positives;
  return {
    positives,
    predictedPositive: tp + fp,
    abstained: tpAbstained + fpAbstained,
    tpAbstained,
    fpAbstained,
    precisionWithout,
    precisionWith,
    precisionGained: precisionWith - precisionWithout,
    sensitivityWithout,
    sensitivityWith,
    sensitivityLost: sensitivityWithout - sensitivityWith,
  };
}

/** Per-stay inputs of the exhaustion audit. */
export interface ExhaustionInput {
  pFull: Numbers;
  labels: Numbers;
  /** The audit-mode search ran S_max steps without converging. */
  exhausted: Flags;
  /** Convergence was possible at all given p_full (method.md, "Reachability"); optional. */
  reachable?: Flags;
  /** Decision threshold of the run (default 0.5). */
  threshold?: number;
}

/** Share of exhausted searches that reachability alone forces (unreachable ⇒ exhausted). */
export interface ReachabilityShare {
  /** Among exhausted positive predictions (TP + FP). */
  positive: number;
  tp: number;
  fp: number;
}

/** What reachability (method.md) says about the exhaustion figures. */
export interface ReachabilityAudit {
  /** Rates among reachable stays only: the exhaustion the search itself discovered. */
  reachableRates: ExhaustionRates;
  /** Confidence-only rule: abstain wherever convergence was unreachable, no search needed. */
  abstainOnUnreachable: AbstentionEffect;
  /** #(exhausted ∧ unreachable) / #exhausted, per group; NaN where nothing exhausted. */
  explainedShare: ReachabilityShare;
  /**
   * Stays marked unreachable that nonetheless converged: impossible for a correct search,
   * so a count above 0 flags inconsistent inputs.
   */
  unreachableButConverged: number;
}

export interface ExhaustionReport {
  threshold: number;
  counts: ConfusionCounts;
  rates: ExhaustionRates;
  /** Abstain on every exhausted search. */
  abstainOnExhaustion: AbstentionEffect;
  /** Needs `reachable`; null without it. */
  reachability: ReachabilityAudit | null;
}

/** The whole exhaustion audit of a cohort: rates, both abstention rules, reachability share. */
export function exhaustionReport(input: ExhaustionInput): ExhaustionReport {
  const { pFull, labels, exhausted, reachable } = input;
  const threshold = input.threshold ?? 0.5;
  const n = checked(
    'exhaustionReport',
    pFull,
    labels,
    exhausted,
    ...(reachable ? [reachable] : []),
  );
  const base = {
    threshold,
    counts: confusionCounts(pFull, labels, threshold),
    rates: exhaustionRates(pFull, labels, exhausted, threshold),
    abstainOnExhaustion: abstentionEffect(pFull, labels, exhausted, threshold),
  };
  if (!reachable) return { ...base, reachability: null };

  const reachableIdx: number[] = [];
  let unreachableButConverged = 0;
  for (let i = 0; i < n; i++) {
    if (reachable[i]) reachableIdx.push(i);
    else if (!exhausted[i]) unreachableButConverged++;
  }
  const classes = Array.from({ length: n }, (_, i) =>
    confusionClass(pFull[i]!, labels[i]!, threshold),
  );
  // #(exhausted ∧ unreachable) / #exhausted among the stays of the given classes.
  const explained = (...group: ConfusionClass[]): number => {
    let all = 0;
    let forced = 0;
    for (let i = 0; i < n; i++) {
      if (!exhausted[i] || !group.includes(classes[i]!)) continue;
      all++;
      if (!reachable[i]) forced++;
    }
    return forced / all;
  };
  const unreachable = Array.from({ length: n }, (_, i) => !reachable[i]);
  const at = <T>(values: ArrayLike<T>): T[] => reachableIdx.map((i) => values[i]!);
  return {
    ...base,
    reachability: {
      reachableRates: exhaustionRates(at(pFull), at(labels), at(exhausted), threshold),
      abstainOnUnreachable: abstentionEffect(pFull, labels, unreachable, threshold),
      explainedShare: { positive: explained('TP', 'FP'), tp: explained('TP'), fp: explained('FP') },
      unreachableButConverged,
    },
  };
}

function checked(name: string, pFull: Numbers, labels: Numbers, ...flags: Flags[]): number {
  const n = sameLength(name, pFull, labels, ...flags);
  checkProbabilities(name, pFull);
  checkBinary(name, labels);
  return n;
}
