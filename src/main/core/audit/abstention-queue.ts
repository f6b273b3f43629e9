/**
 * The abstention queue: every stay whose search exhausted (the alerts ToE would withdraw or
 * hand to a clinician), with the reason it exhausted, so that reviewers see at once which
 * exhaustions the model's own confidence forced and which the search found.
 */
import {
  ABSTENTION_REASONS,
  REVIEW_STATES,
  type AbstentionReason,
  type AbstentionRow,
  type AbstentionSortKey,
  type QueuedReview,
  type ReviewState,
} from '../../../shared/abstention-queue';
import type { ConfusionClass } from '../../../shared/audit-statistics';
import { convergenceReachable } from '../search/objective';
import type { StayAuditResult } from './audit-types';

// The queue's row and its vocabularies cross the API, so they live in src/shared.
export { ABSTENTION_REASONS, REVIEW_STATES };
export type {
  AbstentionReason,
  AbstentionRow,
  AbstentionSortKey,
  QueuedReview,
  ReviewState,
} from '../../../shared/abstention-queue';

export interface AbstentionQueueOptions {
  /** The run's convergence thresholds and stability space (default 'probability'). */
  tauConf: number;
  tauSuff: number;
  stability?: 'probability' | 'logit';
  /** Default: by reason, ascending (queue order); ties always by stay id. */
  sort?: { key: AbstentionSortKey; direction?: 'asc' | 'desc' };
  /** Each given criterion must hold; an empty list matches nothing. */
  filter?: {
    reasons?: readonly AbstentionReason[];
    outcomes?: readonly ConfusionClass[];
    reviewed?: boolean;
  };
}

/**
 * Reachability is recomputed from p_full, y_full and the τ given (convergenceReachable, the
 * search's own test), so the reason follows the same τ as the C and S checks; for the run's
 * own parameters it equals the stored `reachable` flag.
 */
export function abstentionReason(
  result: StayAuditResult,
  options: Pick<AbstentionQueueOptions, 'tauConf' | 'tauSuff' | 'stability'>,
): AbstentionReason {
  const { tauConf, tauSuff, stability = 'probability' } = options;
  if (!convergenceReachable(result, { tauConf, tauSuff, stability })) return 'unreachable';
  const failsConfidence = result.confidence < tauConf;
  const failsStability = result.stability < tauSuff;
  if (failsConfidence && failsStability) return 'both';
  if (failsConfidence) return 'confidence';
  return failsStability ? 'stability' : 'unexplained';
}

/** The latest review of each stay (by reviewedAt, then by list order). */
function latestReviews(reviews: readonly QueuedReview[]): Map<number, QueuedReview> {
  const latest = new Map<number, QueuedReview>();
  for (const review of reviews) {
    const seen = latest.get(review.stayId);
    if (!seen || Date.parse(review.reviewedAt) >= Date.parse(seen.reviewedAt))
      latest.set(review.stayId, review);
  }
  return latest;
}

function row(
  result: StayAuditResult,
  options: AbstentionQueueOptions,
  review?: QueuedReview,
): AbstentionRow {
  return {
    stayId: result.stayId,
    stayKey: result.stayKey,
    reason: abstentionReason(result, options),
    reachable: result.reachable,
    confidence: result.confidence,
    stability: result.stability,
    failsConfidence: result.confidence < options.tauConf,
    failsStability: result.stability < options.tauSuff,
    pFull: result.pFull,
    predicted: result.yFull,
    label: result.label,
    outcome: outcomeOf(result),
    evidenceSize: result.evidence.length,
    noteUnits: result.noteUnits,
    review: review
      ? { verdict: review.verdict, comment: review.comment, reviewedAt: review.reviewedAt }
      : null,
  };
}

/** The stored decision y_full (taken at the run's threshold) against the true label. */
function outcomeOf(result: StayAuditResult): ConfusionClass {
  if (result.yFull === 1) return result.label === 1 ? 'TP' : 'FP';
  return result.label === 1 ? 'FN' : 'TN';
}

const reviewState = (r: AbstentionRow): ReviewState => r.review?.verdict ?? 'unreviewed';

const SORT_VALUE: Record<AbstentionSortKey, (r: AbstentionRow) => number> = {
  pFull: (r) => r.pFull,
  reason: (r) => ABSTENTION_REASONS.indexOf(r.reason),
  evidenceSize: (r) => r.evidenceSize,
  review: (r) => REVIEW_STATES.indexOf(reviewState(r)),
};

function matches(r: AbstentionRow, filter: NonNullable<AbstentionQueueOptions['filter']>): boolean {
  if (filter.reasons && !filter.reasons.includes(r.reason)) return false;
  if (filter.outcomes && !filter.outcomes.includes(r.outcome)) return false;
  if (filter.reviewed !== undefined && (r.review !== null) !== filter.reviewed) return false;
  return true;
}

/** Every exhausted stay with its reason and review, filtered and sorted. */
export function abstentionQueue(
  results: readonly StayAuditResult[],
  reviews: readonly QueuedReview[],
  options: AbstentionQueueOptions,
): AbstentionRow[] {
  const byStay = latestReviews(reviews);
  const { key, direction = 'asc' } = options.sort ?? { key: 'reason' };
  const sign = direction === 'asc' ? 1 : -1;
  const value = SORT_VALUE[key];
  return results
    .filter((r) => r.status === 'exhausted')
    .map((r) => row(r, options, byStay.get(r.stayId)))
    .filter((r) => !options.filter || matches(r, options.filter))
    .sort((a, b) => sign * (value(a) - value(b)) || a.stayId - b.stayId);
}
