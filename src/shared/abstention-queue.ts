/**
 * The review queue of one run as it crosses IPC and HTTP: the stays its abstention policy
 * flags at its review budget, most likely wrong first (or, by scope, every exhausted search
 * or every stay), with why each search stopped and the reviewer's verdict. Rows are made by
 * the core's abstentionQueue (src/main/core/audit/abstention-queue.ts).
 */
import type { ReviewVerdict, StayReview } from './audit';
import type { ConfusionClass } from './audit-statistics';

/**
 * Why a search exhausted:
 * - 'unreachable': p_full makes convergence impossible (method.md, "Reachability");
 * - 'confidence': reachable, the best state's C < τ_conf (its S passed);
 * - 'stability': reachable, the best state's S < τ_suff (its C passed);
 * - 'both': reachable, C < τ_conf and S < τ_suff;
 * - 'unexplained': reachable and both passed, which a correct search never returns as
 *   exhausted: it flags inconsistent results (or τ that are not the run's);
 * - 'converged': the search did not exhaust; the stay is listed for its review score.
 */
export type AbstentionReason = (typeof ABSTENTION_REASONS)[number];

/** Queue order of reasons: the confidence-forced first, the inconsistent last. */
export const ABSTENTION_REASONS = [
  'unreachable',
  'both',
  'confidence',
  'stability',
  'unexplained',
  'converged',
] as const;

/**
 * Which stays the queue lists: those the run's policy flags at its budget (the queue a
 * reviewer works through), every exhausted search (the paper's list), or every stay.
 */
export const QUEUE_SCOPES = ['flagged', 'exhausted', 'all'] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

/** What the queue needs of a review (the store's StayReview, one per stay and run). */
export type QueuedReview = Pick<StayReview, 'stayId' | 'verdict' | 'comment' | 'reviewedAt'>;

export interface AbstentionRow {
  stayId: number;
  stayKey: string;
  /** The policy's review score (higher = more likely wrong) and rank (1 = first to review). */
  reviewScore: number;
  rank: number;
  /** Whether the run's policy flags the stay at its budget. */
  flagged: boolean;
  reason: AbstentionReason;
  reachable: boolean;
  /** The best state's C and S, and whether each missed its threshold. */
  confidence: number;
  stability: number;
  failsConfidence: boolean;
  failsStability: boolean;
  pFull: number;
  predicted: 0 | 1;
  label: 0 | 1;
  outcome: ConfusionClass;
  evidenceSize: number;
  noteUnits: number;
  review: Omit<QueuedReview, 'stayId'> | null;
}

export const ABSTENTION_SORT_KEYS = ['rank', 'pFull', 'reason', 'evidenceSize', 'review'] as const;
export type AbstentionSortKey = (typeof ABSTENTION_SORT_KEYS)[number];
export type ReviewState = 'unreviewed' | ReviewVerdict;
/** Review order: what still needs a reviewer first, settled agreement last. */
export const REVIEW_STATES: readonly ReviewState[] = ['unreviewed', 'discuss', 'disagree', 'agree'];
