/**
 * Abstention as a QI team sizes and defends it (issue 12): a policy turns each audited stay
 * into a review score (higher = more likely wrong), a review budget sizes the queue, and
 * every run proves — or fails to prove — that the policy beats the model's own confidence.
 * Plain data: it crosses IPC and HTTP. The core's abstention folder computes it.
 * docs/abstention.md explains every policy and figure.
 */
import { z } from 'zod';
import type { Estimate } from './estimate';
import { describeIssues } from './validation-issues';

export const ABSTENTION_POLICIES = [
  'error-probability',
  'exhausted',
  'confidence',
  'toe-tuned',
  'learned',
  'guaranteed',
] as const;
export type AbstentionPolicyName = (typeof ABSTENTION_POLICIES)[number];

/** What each policy is, in a reviewer's words (CLI help, the run form, the PDF). */
export const ABSTENTION_POLICY_LABELS: Record<AbstentionPolicyName, string> = {
  'error-probability': 'the model’s own estimate that this decision is wrong (no search)',
  exhausted: 'the search found no small set of evidence (the paper’s rule)',
  confidence: 'how close the model’s risk is to the alert threshold (no search)',
  'toe-tuned':
    'how readily the search explained the decision, its cut-offs set on the validation stays',
  learned:
    'logistic model of the decision, its confidence and the trace features, fitted on validation',
  guaranteed:
    'the model’s own error estimate, cut so that the error among accepted decisions is bounded',
};

/**
 * The strongest ranking the model alone gives, which every search-based policy must beat
 * (docs/abstention.md, "The reference"): the calibrated probability that the decision is
 * wrong, 1 − p for an alert and p otherwise. It needs no search and no fit of its own.
 */
export const REFERENCE_POLICY: AbstentionPolicyName = 'error-probability';

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
export const reviewBudgetSchema = z.discriminatedUnion('kind', [
  // 0 stays is an empty queue: what a policy that flags nothing is matched to.
  z.object({ kind: z.literal('stays'), count: z.number().int().min(0).max(10_000_000) }).strict(),
  z.object({ kind: z.literal('share'), share: z.number().gt(0).max(1) }).strict(),
  z
    .object({
      kind: z.literal('max-error'),
      alpha: z.number().gt(0).lt(1),
      delta: z.number().gt(0).lt(1).default(0.1),
    })
    .strict(),
]);

export type ReviewBudget = z.output<typeof reviewBudgetSchema>;

/** The budget if it is one, else what is wrong with it, field by field (the schema's words). */
export function checkedReviewBudget(value: unknown): ReviewBudget | { error: string } {
  const parsed = reviewBudgetSchema.safeParse(value);
  return parsed.success
    ? parsed.data
    : { error: describeIssues(parsed.error.issues, 'review budget') };
}

export const DEFAULT_REVIEW_BUDGET: ReviewBudget = { kind: 'share', share: 0.1 };

/** The policy a calibrated run uses unless told otherwise (docs/method.md says why). */
export const DEFAULT_ABSTENTION_POLICY: AbstentionPolicyName = REFERENCE_POLICY;

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
   * Fisher's exact test (two-sided) of errors among flagged against accepted stays: whether
   * the queue holds more errors than chance, with few errors where the ratio's interval is
   * wide. null when either side has no stays.
   */
  enrichmentPValue: number | null;
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
   * Area under the generalized risk–coverage curve, (1/n) Σ_k errors accepted(k) / n (Traub
   * et al. 2024): the share of all stays that are wrong and accepted, averaged over
   * coverage; lower is better and, unlike AURC, it does not over-weight the first stays.
   */
  augrc: Estimate | null;
  /**
   * AURC of this policy − AURC of the reference (REFERENCE_POLICY), paired bootstrap: < 0
   * means better. null for the reference itself and for guaranteed, whose score is the
   * reference's.
   */
  aurcVsReference: Estimate | null;
  /**
   * The same difference with its interval widened for the number of search-based policies
   * compared (Bonferroni): what the verdict reads. null where aurcVsReference is, and for
   * policies that are not search-based.
   */
  aurcVsReferenceAdjusted: Estimate | null;
  /** AUGRC of this policy − AUGRC of the reference, paired bootstrap. */
  augrcVsReference: Estimate | null;
  /**
   * The policy orders the audited stays exactly as the reference does (the logit distance at
   * a threshold of 0.5, for one), so every difference is 0 by construction: reports say
   * "same ranking as the reference" instead of an interval.
   */
  sameRankingAsReference: boolean;
  riskCoverage: RiskCoveragePoint[];
  /** Figures at the budget among all audited stays; null when the queue cannot be sized. */
  all: BudgetFigures | null;
  /** The same among stays whose convergence was reachable under the run's τ (same queue). */
  reachable: BudgetFigures | null;
}

/**
 * Likelihood-ratio test: do trace features predict errors beyond what the model itself
 * says? Both models hold the decision (alert or not) and its confidence, which together
 * determine the model's own error estimate; the full model adds the trace features.
 */
export interface TraceFeatureTest {
  /** What both models hold (the decision and its confidence, where they vary). */
  reducedFeatures: string[];
  /** The trace features added: those that vary and are not a combination of the others. */
  features: string[];
  /**
   * Trace features left out because, on these stays, they are a linear combination of the
   * features before them (e.g. steps, |E| and exhausted when every search stopped at step 1
   * or at S_max), or constant. Counting them would inflate the degrees of freedom.
   */
  aliased: string[];
  stays: number;
  errors: number;
  /** 2 · (log-likelihood with trace features − without). */
  statistic: number;
  /** The rank the trace features add to the centred design: `features.length`. */
  degreesOfFreedom: number;
  pValue: number;
}

export type AbstentionWarningKind =
  | 'forced-by-reachability'
  | 'inconclusive-ratio'
  | 'too-few-errors'
  | 'no-validation'
  /** A guaranteed cut found no candidate meeting the bound: it flags every stay. */
  | 'no-guarantee'
  /** The error among accepted audited stays exceeded the guaranteed bound α. */
  | 'guarantee-not-held';

export interface AbstentionWarning {
  kind: AbstentionWarningKind;
  message: string;
}

/**
 * What became of a guaranteed cut on the audited stays: the bound certified on the
 * validation split, and the error actually found among the stays it accepted. The guarantee
 * is on the population rate; "held" compares the audited rate with α.
 */
export interface GuaranteeOutcome {
  /** The policy whose cut it is (the run's). */
  policy: AbstentionPolicyName;
  alpha: number;
  delta: number;
  certified: boolean;
  /** Validation: stays, accepted, errors among accepted, the Clopper–Pearson bound (≤ α). */
  validationStays: number;
  acceptedValidation: number;
  errorsAcceptedValidation: number;
  validationBound: number | null;
  /** The certified cut on the policy's score (null: every stay accepted, or none certified). */
  cut: number | null;
  /** The audited split: stays accepted (not queued), errors among them, their rate (exact). */
  acceptedAudited: number;
  errorsAcceptedAudited: number;
  errorRateAcceptedAudited: Estimate;
  /**
   * Whether the audited error among accepted is at most α; null when nothing was accepted.
   * False also when the review budget capped the queue below what the cut needed.
   */
  held: boolean | null;
  /** The review budget capped the queue, so stays the cut would flag were accepted. */
  cappedByBudget: boolean;
}

/** What the verdict concluded, for code that styles or tests it; `verdict` says it in words. */
export type VerdictKind = 'adds' | 'not-shown' | 'worse' | 'too-few-errors' | 'not-compared';

/** Everything a run says about abstention: the dashboard, PDF, CLI and evaluate read it. */
export interface AbstentionAnalysis {
  runId: number;
  policy: AbstentionPolicyName;
  /** The model-only policy every search-based policy is compared with. */
  reference: AbstentionPolicyName;
  budget: ReviewBudget;
  /** Stays the run's policy flags at its budget: the review queue's size (0 if unavailable). */
  queueSize: number;
  /**
   * Every other policy's budget figures are taken at this same queue size (the N stays it
   * ranks most likely wrong), so enrichment and yield compare like with like under every
   * budget kind.
   */
  comparedQueueSize: number;
  /** The validation-split audit the fitted policies came from, if any. */
  validationRunId: number | null;
  policies: PolicyFigures[];
  /** Null when the test could not be run (fewer than 10 errors or 10 correct; see warnings). */
  traceFeatureTest: TraceFeatureTest | null;
  /**
   * One plain sentence: whether the search adds to the model's own error estimate, by the
   * rule of docs/abstention.md ("The verdict"), the same in every front end.
   */
  verdict: string;
  verdictKind: VerdictKind;
  /** The guaranteed cut's outcome, under a max-error budget or the guaranteed policy. */
  guarantee: GuaranteeOutcome | null;
  warnings: AbstentionWarning[];
  parameters: { seed: number; resamples: number; level: number };
  /**
   * The run's queue by group of each attribute (docs/abstention.md, "The queue by
   * subgroup"); null when it was not computed (no attributes, or no queue).
   */
  subgroups: import('./queue-subgroups').QueueBySubgroup | null;
}

/**
 * What stands in a table's "against the reference" cell when no difference is shown: the
 * reference itself, a policy with the reference's own score, or one that ranks the stays
 * exactly as it does. null when the policy's difference should be shown.
 */
export function referenceComparisonWords(
  p: Pick<PolicyFigures, 'policy' | 'aurcVsReference' | 'sameRankingAsReference'>,
  reference: AbstentionPolicyName,
): string | null {
  if (p.policy === reference) return 'the reference';
  if (p.sameRankingAsReference) return 'same ranking as the reference';
  if (p.aurcVsReference === null) return 'the reference’s own score';
  return null;
}

/**
 * A budget as typed on the command line or in the run form: "10%" (a share of the audited
 * stays) or "25" (stays). Returns the reason when the text is not a budget.
 */
export function parseReviewBudget(text: string): ReviewBudget | { error: string } {
  const trimmed = text.trim();
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  if (percent) {
    const budget = checkedReviewBudget({ kind: 'share', share: Number(percent[1]) / 100 });
    if (!('error' in budget)) return budget;
    return { error: `a share of stays must be above 0% and at most 100%, got ${trimmed}` };
  }
  if (/^\d+$/.test(trimmed)) {
    const budget = checkedReviewBudget({ kind: 'stays', count: Number(trimmed) });
    if (!('error' in budget)) return budget;
  }
  return { error: `expected a share such as 10% or a number of stays such as 25, got "${text}"` };
}
