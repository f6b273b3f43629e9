/**
 * The review queue: the stays the run's abstention policy flags at its review budget, most
 * likely wrong first (or, by scope, every exhausted search, or every stay), each with why
 * its search stopped, so reviewers see at once which exhaustions the model's own confidence
 * forced and which the search found. Scores and flags come from the abstention module's
 * review order (run-abstention.ts), computed once per request.
 */
import {
  ABSTENTION_REASONS,
  QUEUE_SCOPES,
  REVIEW_STATES,
  type AbstentionReason,
  type AbstentionRow,
  type AbstentionSortKey,
  type QueuedReview,
  type QueueScope,
  type ReviewState,
} from '../../../shared/abstention-queue';
import type { QueueEntry } from '../abstention';
import { outcomeOf, type ConfusionClass } from '../../../shared/audit-statistics';
import { convergenceReachable } from '../search/objective';
import type { StayAuditResult } from './audit-types';

// The queue's row and its vocabularies cross the API, so they live in src/shared.
export { ABSTENTION_REASONS, QUEUE_SCOPES, REVIEW_STATES };
export type {
  AbstentionReason,
  AbstentionRow,
  AbstentionSortKey,
  QueuedReview,
  QueueScope,
  ReviewState,
} from '../../../shared/abstention-queue';

export interface AbstentionQueueOptions {
  /** The run's convergence thresholds and stability space (default 'probability'). */
  tauConf: number;
  tauSuff: number;
  stability?: 'probability' | 'logit';
  /** Which stays to list (default 'flagged': the policy's queue at its budget). */
  scope?: QueueScope;
  /** Default: by rank, ascending (review order); ties always by stay id. */
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
  if (result.status === 'converged') return 'converged';
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
  entry: QueueEntry,
  options: AbstentionQueueOptions,
  review?: QueuedReview,
): AbstentionRow {
  return {
    stayId: result.stayId,
    stayKey: result.stayKey,
    reviewScore: entry.score,
    rank: entry.rank,
    flagged: entry.flagged,
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

const reviewState = (r: AbstentionRow): ReviewState => r.review?.verdict ?? 'unreviewed';

const SORT_VALUE: Record<AbstentionSortKey, (r: AbstentionRow) => number> = {
  rank: (r) => r.rank,
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

const IN_SCOPE: Record<QueueScope, (r: AbstentionRow) => boolean> = {
  flagged: (r) => r.flagged,
  exhausted: (r) => r.reason !== 'converged',
  all: () => true,
};

/**
 * The stays in scope with their review score, rank, reason and review, filtered and sorted.
 * `order` is the policy's review order over every audited stay (one entry per result).
 */
export function abstentionQueue(
  results: readonly StayAuditResult[],
  order: readonly QueueEntry[],
  reviews: readonly QueuedReview[],
  options: AbstentionQueueOptions,
): AbstentionRow[] {
  const byStay = latestReviews(reviews);
  const entries = new Map(order.map((e) => [e.stayId, e]));
  const { key, direction = 'asc' } = options.sort ?? { key: 'rank' };
  const sign = direction === 'asc' ? 1 : -1;
  const value = SORT_VALUE[key];
  const inScope = IN_SCOPE[options.scope ?? 'flagged'];
  return results
    .map((r) => row(r, entryOf(entries, r.stayId), options, byStay.get(r.stayId)))
    .filter((r) => inScope(r) && (!options.filter || matches(r, options.filter)))
    .sort((a, b) => sign * (value(a) - value(b)) || a.stayId - b.stayId);
}

/**
 * A stay without an entry (the policy could not be scored, e.g. no validation audit) is
 * listed unranked and unflagged rather than dropped: the exhausted and all scopes still work.
 */
function entryOf(entries: Map<number, QueueEntry>, stayId: number): QueueEntry {
  return (
    entries.get(stayId) ?? {
      stayId,
      score: Number.NaN,
      flagged: false,
      rank: Number.MAX_SAFE_INTEGER,
    }
  );
}
