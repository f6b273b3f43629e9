/**
 * What a bias audit measures in each subgroup: the model's performance and calibration
 * (as any fairness toolkit would) and, first-class, the faithfulness of its search (which
 * none does): how often the search exhausts, how often an alert would be withdrawn, how
 * much evidence the decision needs, and how well that evidence reproduces p_full.
 */
import {
  abstentionEffect,
  auroc,
  confusionCounts,
  expectedCalibrationError,
  fidelityMae,
  pick,
  pickFlags,
} from '../metrics';
import {
  FAITHFULNESS_METRICS,
  GROUP_METRICS,
  PERFORMANCE_METRICS,
  type FaithfulnessMetric,
  type GroupMetric,
  type PerformanceMetric,
} from '../../../shared/bias-audit';
import type { StayColumns } from './stay-columns';

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
 * the AUROC, ...) are NaN; ratios with a zero denominator follow IEEE (x/0 = Infinity).
 */
export function groupFigures(
  c: StayColumns,
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
  const values: Record<GroupFigure, number> = {
    prevalence: sum(labels) / n,
    auroc: auroc(pFull, labels),
    ece: expectedCalibrationError(pFull, labels, bins),
    observedExpected: sum(labels) / sum(pFull),
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
