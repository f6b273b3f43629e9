/**
 * Abstention as a QI team sizes and defends it (issue 12): a policy turns each audited stay
 * into a review score (higher = more likely wrong), a review budget sizes the queue, and
 * every run proves — or fails to prove — that the policy beats the model's own confidence.
 * Plain data: it crosses IPC and HTTP. The core's abstention folder computes it.
 * docs/abstention.md explains every policy and figure.
 */
import type { Estimate } from './estimate';

export const ABSTENTION_POLICIES = [
  'exhausted',
  'confidence',
  'toe-tuned',
  'learned',
  'guaranteed',
] as const;
export type AbstentionPolicyName = (typeof ABSTENTION_POLICIES)[number];

/** What each policy is, in a reviewer's words (CLI help, the run form, the PDF). */
export const ABSTENTION_POLICY_LABELS: Record<AbstentionPolicyName, string> = {
  exhausted: 'search exhausted (the paper’s rule)',
  confidence: 'model confidence: logit distance from the threshold (no search)',
  'toe-tuned': 'ToE convergence, thresholds set on validation relative to the decision threshold',
  learned: 'logistic model of confidence and trace features, fitted on validation',
  guaranteed: 'confidence cut with a distribution-free bound on the error among accepted',
};

/** Policies that need the validation split's audit to be fitted. */
export const POLICIES_NEEDING_VALIDATION: readonly AbstentionPolicyName[] = [
  'toe-tuned',
  'learned',
  'guaranteed',
];

/**
 * How many stays the team can review:
 * - 'stays': the N stays most likely wrong;
 * - 'share': that share of the audited stays (0 < share ≤ 1), rounded down;
 * - 'max-error': as few as possible such that, with probability ≥ 1 − delta, the error
 *   rate among accepted (not flagged) predictions is ≤ alpha (cut chosen on validation).
 */
export type ReviewBudget =
  | { kind: 'stays'; count: number }
  | { kind: 'share'; share: number }
  | { kind: 'max-error'; alpha: number; delta: number };

export const DEFAULT_REVIEW_BUDGET: ReviewBudget = { kind: 'share', share: 0.1 };

/** The policy a calibrated run uses unless told otherwise (docs/method.md says why). */
export const DEFAULT_ABSTENTION_POLICY: AbstentionPolicyName = 'confidence';

/** A budget as people write it: "10%", "25" (stays), "max-error 0.1". */
export function describeBudget(budget: ReviewBudget): string {
  switch (budget.kind) {
    case 'stays':
      return `the ${budget.count} stays most likely wrong`;
    case 'share':
      return `the ${formatShare(budget.share)} of stays most likely wrong`;
    case 'max-error':
      return `error ≤ ${budget.alpha} among accepted predictions, with probability ≥ ${1 - budget.delta}`;
  }
}

function formatShare(share: number): string {
  return `${Number((share * 100).toFixed(2))}%`;
}

/** Figures of one policy at the budget, on one set of stays (all, or reachable only). */
export interface BudgetFigures {
  stays: number;
  flagged: number;
  errors: number;
  errorsFlagged: number;
  /** Errors among flagged ÷ flagged; among accepted ÷ accepted. */
  errorRateFlagged: Estimate;
  errorRateAccepted: Estimate;
  /** errorRateFlagged ÷ errorRateAccepted: how much the queue concentrates errors. */
  enrichment: Estimate;
  /**
   * Positive predictions withdrawn because flagged (alerts held back for review). "With
   * abstention" counts them as neither TP nor FP: precisionWith = TP kept ÷ (TP + FP kept),
   * sensitivityWith = TP kept ÷ stays with label 1.
   */
  alertsWithdrawn: number;
  precisionWithout: Estimate;
  precisionWith: Estimate;
  sensitivityWithout: Estimate;
  sensitivityWith: Estimate;
}

/**
 * One point of a risk–coverage curve: accept the `coverage` share least likely wrong (stays
 * in increasing score order; tied scores count as the average over their orders). At most
 * 101 points per curve, always including the first stay and full coverage.
 */
export interface RiskCoveragePoint {
  coverage: number;
  /** Error rate among the accepted stays. */
  risk: number;
}

export interface PolicyFigures {
  policy: AbstentionPolicyName;
  /** Why the policy could not be scored on this run (e.g. no validation audit), else null. */
  unavailable: string | null;
  /** What was fitted, in words (thresholds, coefficients, cut). */
  fitted: string;
  /**
   * Area under the risk–coverage curve, (1/n) Σ_k risk(k) (Geifman et al. 2019): lower is
   * better; with its bootstrap interval. null when the policy is unavailable.
   */
  aurc: Estimate | null;
  /**
   * AURC of this policy − AURC of confidence, paired bootstrap: < 0 means better. Only for
   * the ToE-based policies (exhausted, toe-tuned, learned); null for confidence itself and
   * for guaranteed, whose score is confidence's.
   */
  aurcVsConfidence: Estimate | null;
  riskCoverage: RiskCoveragePoint[];
  /** Figures at the budget among all audited stays; null when the queue cannot be sized. */
  all: BudgetFigures | null;
  /** The same among stays whose convergence was reachable under the run's τ (same queue). */
  reachable: BudgetFigures | null;
}

/** Likelihood-ratio test: do trace features predict errors beyond the model's confidence? */
export interface TraceFeatureTest {
  /** The trace features added beyond |m(p_full)| (those that vary on the stays tested). */
  features: string[];
  stays: number;
  errors: number;
  /** 2 · (log-likelihood with trace features − with confidence only). */
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

export type AbstentionWarningKind =
  | 'forced-by-reachability'
  | 'degenerate-interval'
  | 'inconclusive-ratio'
  | 'too-few-errors'
  | 'no-validation'
  /** A guaranteed cut found no candidate meeting the bound: it flags every stay. */
  | 'no-guarantee';

export interface AbstentionWarning {
  kind: AbstentionWarningKind;
  message: string;
}

/** Everything a run says about abstention: the dashboard, PDF, CLI and evaluate read it. */
export interface AbstentionAnalysis {
  runId: number;
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  /** Stays the run's policy flags at its budget: the review queue's size (0 if unavailable). */
  queueSize: number;
  /** The validation-split audit the fitted policies came from, if any. */
  validationRunId: number | null;
  policies: PolicyFigures[];
  /** Null when the test could not be run (fewer than 10 errors or 10 correct; see warnings). */
  traceFeatureTest: TraceFeatureTest | null;
  /** One plain sentence: whether the ToE-based policies beat confidence alone here. */
  verdict: string;
  warnings: AbstentionWarning[];
  parameters: { seed: number; resamples: number; level: number };
}

/**
 * A budget as typed on the command line or in the run form: "10%" (a share of the audited
 * stays) or "25" (stays). Returns the reason when the text is not a budget.
 */
export function parseReviewBudget(text: string): ReviewBudget | { error: string } {
  const trimmed = text.trim();
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  if (percent) {
    const share = Number(percent[1]) / 100;
    if (share > 0 && share <= 1) return { kind: 'share', share };
    return { error: `a share of stays must be above 0% and at most 100%, got ${trimmed}` };
  }
  if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1) {
    return { kind: 'stays', count: Number(trimmed) };
  }
  return { error: `expected a share such as 10% or a number of stays such as 25, got "${text}"` };
}
