/**
 * Sizing the review queue by the team's budget (shared/abstention.ts, ReviewBudget).
 *
 * - 'stays' (N) and 'share' (x: N = ⌊x · n⌋ of the n audited stays): the queue is the N stays
 *   with the highest review score; ties in score are broken by stay id, ascending, so the
 *   queue is the same on every run. A policy with its own flag (exhausted: the search
 *   exhausted; toe-tuned: it would not converge under the tuned thresholds; guaranteed: not
 *   accepted by its cut) queues only stays it flags: the N highest-scoring flagged stays, so
 *   the queue never holds more than the budget and may hold fewer.
 * - 'max-error' (α, δ): the queue is every stay NOT accepted by the guaranteed cut on the
 *   policy's own score, fitted on the validation split (guarantee.ts); its size is whatever
 *   the guarantee needs. The caller passes that cut's flags as `ownFlags`.
 */
import { checkedReviewBudget, type ReviewBudget } from '../../../shared/abstention';

/** Throws unless the budget is well-formed (by the one schema, src/shared/abstention.ts). */
export function checkBudget(budget: ReviewBudget): void {
  const checked = checkedReviewBudget(budget);
  if ('error' in checked) throw new RangeError(checked.error);
}

/** N for a 'stays' or 'share' budget over n stays (at most n); null for 'max-error'. */
export function budgetCount(budget: ReviewBudget, n: number): number | null {
  checkBudget(budget);
  if (budget.kind === 'stays') return Math.min(budget.count, n);
  if (budget.kind === 'share') return Math.floor(budget.share * n + 1e-9);
  return null;
}

/**
 * The share of stays a 'stays'/'share' budget allows on the audited split, to size a cut
 * fitted on validation (toe-tuned's a); null for 'max-error'.
 */
export function budgetShare(budget: ReviewBudget, auditedStays: number): number | null {
  checkBudget(budget);
  if (budget.kind === 'share') return budget.share;
  if (budget.kind === 'stays')
    return auditedStays > 0 ? Math.min(1, budget.count / auditedStays) : 0;
  return null;
}

/** Stay indices in review order: highest score first, ties by stay id ascending. */
export function reviewOrder(
  scores: ArrayLike<number>,
  stays: readonly { stayId: number }[],
): number[] {
  if (scores.length !== stays.length)
    throw new RangeError(`reviewOrder: ${scores.length} scores for ${stays.length} stays`);
  return Array.from({ length: stays.length }, (_, i) => i).sort(
    (a, b) => scores[b]! - scores[a]! || stays[a]!.stayId - stays[b]!.stayId,
  );
}

/**
 * Which stays go to review under the budget (see the module comment). `ownFlags` is the
 * policy's own flag (null when it has none); under 'max-error' it must be the guaranteed
 * cut's flags, and exactly those stays are queued.
 */
export function flagForReview(
  scores: ArrayLike<number>,
  ownFlags: readonly boolean[] | null,
  budget: ReviewBudget,
  stays: readonly { stayId: number }[],
): boolean[] {
  const n = stays.length;
  if (ownFlags && ownFlags.length !== n)
    throw new RangeError(`flagForReview: ${ownFlags.length} flags for ${n} stays`);
  const count = budgetCount(budget, n);
  if (count === null) {
    if (!ownFlags)
      throw new RangeError('flagForReview: a max-error budget needs the guaranteed cut’s flags');
    return [...ownFlags];
  }
  const flagged = new Array<boolean>(n).fill(false);
  let queued = 0;
  for (const i of reviewOrder(scores, stays)) {
    if (queued >= count) break;
    if (ownFlags && !ownFlags[i]) continue;
    flagged[i] = true;
    queued++;
  }
  return flagged;
}
