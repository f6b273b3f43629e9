/**
 * What a bias audit measures in each subgroup: the model's performance and calibration
 * (as any fairness toolkit would) and, first-class, the faithfulness of its search (which
 * none does): how often the search exhausts, how often an alert would be withdrawn, how
 * much evidence the decision needs, and how well that evidence reproduces p_full.
 */
import { abstentionEffect, confusionCounts } from './exhaustion';
import { auroc } from './ranking';
import { expectedCalibrationError } from './calibration';
import { fidelityMae } from './faithfulness';
import { pick, pickFlags } from './bootstrap';
import {
  FAITHFULNESS_METRICS,
  GROUP_METRICS,
  PERFORMANCE_METRICS,
  type FaithfulnessMetric,
  type GroupMetric,
  type PerformanceMetric,
} from '../../../shared/bias-audit';
import type { EvidenceOutcomes } from './outcome-columns';

// The metric lists are part of the bias audit's output shape, so they live with its types.
export { FAITHFULNESS_METRICS, GROUP_METRICS, PERFORMANCE_METRICS };
export type { FaithfulnessMetric, GroupMetric, PerformanceMetric };

/**
 * Everything computed per group, in this order: prevalence first (reported, never compared:
 * a difference in base rate describes the population, not the model), then GROUP_METRICS.
 */
export const GROUP_FIGURES = ['prevalence', ...GROUP_METRICS] as const;
export type GroupFigure = (typeof GROUP_FIGURES)[number];

/**
 * Which value is favourable, for the 'best' reference: higher AUROC and PPV; an
 * observed/expected ratio nearest 1 (|log O/E| smallest); lower for every other metric
 * (less error, fewer exhaustions and withdrawals, smaller evidence: the paper finds wrong
 * predictions need more of it).
 */
export const FAVOURABLE: Record<GroupMetric, 'higher' | 'lower' | 'nearOne'> = {
  auroc: 'higher',
  ece: 'lower',
  observedExpected: 'nearOne',
  fpr: 'lower',
  fnr: 'lower',
  ppv: 'higher',
  exhaustionRate: 'lower',
  abstentionRate: 'lower',
  meanEvidenceSize: 'lower',
  fidelityMae: 'lower',
};

/** A value's distance from the favourable end, smaller is better; NaN stays NaN. */
export function unfavourability(metric: GroupMetric, value: number): number {
  switch (FAVOURABLE[metric]) {
    case 'higher':
      return -value;
    case 'lower':
      return value;
    case 'nearOne':
      return Math.abs(Math.log(value));
  }
}

function sum(values: Float64Array): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/**
 * Every GROUP_FIGURES value over the stays at `indices` (cohort indices, repeats allowed, as
 * a bootstrap resample gives them). Undefined figures (no negatives for the FPR, one class for
 * the AUROC, ...) are NaN; ratios with a zero denominator follow IEEE (x/0 = Infinity). The
 * calibration figures (ECE, observed/expected) are NaN without an outcome event: calibration
 * is judged against outcomes, and a resample without any is degenerate (a class absent), as
 * it is for the AUROC, not a calibration of 0.
 */
export function groupFigures(
  c: EvidenceOutcomes,
  indices: ArrayLike<number>,
  threshold: number,
  bins = 10,
): Float64Array {
  const n = indices.length;
  const pFull = pick(c.pFull, indices);
  const labels = pick(c.labels, indices);
  const exhausted = pickFlags(c.exhausted, indices);
  const counts = confusionCounts(pFull, labels, threshold);
  const withdrawn = abstentionEffect(pFull, labels, exhausted, threshold);
  let exhaustedCount = 0;
  for (const e of exhausted) if (e) exhaustedCount++;
  const events = sum(labels);
  const values: Record<GroupFigure, number> = {
    prevalence: events / n,
    auroc: auroc(pFull, labels),
    ece: events > 0 ? expectedCalibrationError(pFull, labels, bins) : NaN,
    observedExpected: events > 0 ? events / sum(pFull) : NaN,
    fpr: counts.fp / (counts.fp + counts.tn),
    fnr: counts.fn / (counts.fn + counts.tp),
    ppv: counts.tp / (counts.tp + counts.fp),
    exhaustionRate: exhaustedCount / n,
    abstentionRate: withdrawn.abstained / withdrawn.predictedPositive,
    meanEvidenceSize: sum(pick(c.sizes, indices)) / n,
    fidelityMae: fidelityMae(pFull, pick(c.pEvidence, indices)),
  };
  return Float64Array.from(GROUP_FIGURES, (f) => values[f]);
}

/** A group's exact counts: the denominators (and numerators) its figures are made of. */
export interface GroupCounts {
  n: number;
  /** Outcome events (y = 1). */
  events: number;
  /** Stays without the outcome (y = 0). */
  negatives: number;
  /** Positive predictions (p_full >= threshold): TP + FP. */
  predictedPositives: number;
  tp: number;
  fp: number;
  fn: number;
  exhausted: number;
  /** Positive predictions whose search exhausted (withdrawn by abstaining). */
  withdrawn: number;
}

export function groupCounts(
  c: EvidenceOutcomes,
  members: readonly number[],
  threshold: number,
): GroupCounts {
  const pFull = pick(c.pFull, members);
  const labels = pick(c.labels, members);
  const exhausted = pickFlags(c.exhausted, members);
  const counts = confusionCounts(pFull, labels, threshold);
  const effect = abstentionEffect(pFull, labels, exhausted, threshold);
  return {
    n: members.length,
    events: counts.tp + counts.fn,
    negatives: counts.fp + counts.tn,
    predictedPositives: counts.tp + counts.fp,
    tp: counts.tp,
    fp: counts.fp,
    fn: counts.fn,
    exhausted: exhausted.filter(Boolean).length,
    withdrawn: effect.abstained,
  };
}

/**
 * The figures that are proportions k / m of the group's own stays, as [k, m]: they get an
 * exact (Clopper–Pearson) interval, and their ratios Jeffreys-posterior draws, instead of a
 * bootstrap that collapses to a point at 0 of m or m of m.
 */
export const PROPORTIONS: Partial<Record<GroupFigure, (g: GroupCounts) => [number, number]>> = {
  prevalence: (g) => [g.events, g.n],
  fpr: (g) => [g.fp, g.negatives],
  fnr: (g) => [g.fn, g.events],
  ppv: (g) => [g.tp, g.predictedPositives],
  exhaustionRate: (g) => [g.exhausted, g.n],
  abstentionRate: (g) => [g.withdrawn, g.predictedPositives],
};
