// How a run's decision, review policy and budget, and its abstention figures read on screen
// (docs/abstention.md). The sentences themselves (verdict, warnings, fitted) come from the core.
import {
  ABSTENTION_POLICY_LABELS,
  type AbstentionPolicyName,
  type AbstentionWarningKind,
  type ReviewBudget,
  type TraceFeatureTest,
} from '../../../shared/abstention';
import type { CalibrationMap } from '../../../shared/calibration';
import { pValueText } from '../../../shared/figure-text';
import { formatCount } from './locale-format';

// One definition of a run's review settings and decision, shared with the core.
export { runAbstention, runDecision } from '../../../shared/audit';

/** "confidence: model confidence: logit distance …" for selects and headers. */
export function policyText(policy: AbstentionPolicyName): string {
  return `${policy}: ${ABSTENTION_POLICY_LABELS[policy]}`;
}

/** A budget in a table cell: "10%", "25 stays", "error ≤ 0.1 (δ = 0.1)". */
export function budgetShort(budget: ReviewBudget): string {
  switch (budget.kind) {
    case 'stays':
      return `${formatCount(budget.count)} ${budget.count === 1 ? 'stay' : 'stays'}`;
    case 'share':
      return `${Number((budget.share * 100).toFixed(2))}%`;
    case 'max-error':
      return `error ≤ ${budget.alpha} (δ = ${budget.delta})`;
  }
}

/** "9 stays queued for review". */
export function queueText(size: number): string {
  return `${formatCount(size)} ${size === 1 ? 'stay' : 'stays'} queued for review`;
}

const METHOD_WORDS: Record<CalibrationMap['method'], string> = {
  temperature: 'temperature scaling',
  platt: 'Platt scaling',
  isotonic: 'isotonic regression',
};

/** Three decimals with a true minus sign. */
const signedFixed = (x: number) => x.toFixed(3).replace('-', '−');

/** The calibration map in words, with its fitted parameters. */
export function calibrationText(map: CalibrationMap): string {
  switch (map.method) {
    case 'temperature':
      return `${METHOD_WORDS.temperature} (T = ${signedFixed(map.temperature)})`;
    case 'platt':
      return `${METHOD_WORDS.platt} (slope ${signedFixed(map.slope)}, intercept ${signedFixed(map.intercept)})`;
    case 'isotonic':
      return `${METHOD_WORDS.isotonic} (${formatCount(map.x.length)} knots)`;
  }
}

const WARNING_TITLES: Record<AbstentionWarningKind, string> = {
  'forced-by-reachability': 'Exhaustion mostly restates the model’s confidence',
  'inconclusive-ratio': 'Inconclusive',
  'guarantee-not-held': 'Guarantee not held',
  'too-few-errors': 'Too few errors',
  'no-validation': 'No validation audit',
  'no-guarantee': 'No guarantee',
};

export function warningTitle(kind: AbstentionWarningKind): string {
  return WARNING_TITLES[kind];
}

/** The likelihood-ratio test in one sentence. */
export function traceTestText(test: TraceFeatureTest | null): string {
  if (!test) {
    return 'Likelihood-ratio test of the trace features beyond the model’s confidence: not run, because this run has fewer than 10 wrong (or 10 right) decisions.';
  }
  return `Likelihood-ratio test of the trace features (${test.features.join(', ')}) beyond the model’s confidence, on ${formatCount(test.stays)} stays with ${formatCount(test.errors)} wrong decisions: χ² = ${test.statistic.toFixed(2)} on ${test.degreesOfFreedom} degrees of freedom, ${pValueText(test.pValue)}.`;
}
