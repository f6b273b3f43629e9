/**
 * Clinicians' verdicts on a run's stays (the reviews table, migration 2): one per stay and
 * run, replaced when the reviewer changes their mind. A review belongs to a result, so it
 * disappears with the run, and a stay without a result cannot be reviewed.
 */
import type { PhiPolicy } from '../../../shared/domain';
import { PhiGuard, REFUSE_PHI } from '../phi';
import { NotFoundError, ReviewRecords, type Store } from '../store';
import type { ReviewVerdict, StayReview } from './audit-types';

function screen(comment: string, phi: PhiPolicy): string {
  const guard = new PhiGuard(phi, 'review');
  const screened = guard.text(comment, { file: 'review', line: null, field: 'comment' });
  guard.check();
  return screened;
}

export class ReviewStore {
  private readonly reviews: ReviewRecords;

  constructor(store: Store) {
    this.reviews = new ReviewRecords(store);
  }

  get(runId: number, stayId: number): StayReview | null {
    return this.reviews.get(runId, stayId);
  }

  /**
   * Records (or replaces) the verdict on one stay's result. A new comment passes the PHI
   * guard like imported text: refused (PhiRefusedError, nothing saved) or redacted, as `phi`
   * says; the comment already saved was screened then (a changed verdict keeps it as it is).
   */
  set(
    runId: number,
    stayId: number,
    verdict: ReviewVerdict,
    comment = '',
    phi: PhiPolicy = REFUSE_PHI,
  ): StayReview {
    if (!this.reviews.hasResult(runId, stayId)) {
      throw new NotFoundError(`Audit run ${runId} has no result for stay ${stayId} to review.`);
    }
    const screened = comment === this.get(runId, stayId)?.comment ? comment : screen(comment, phi);
    const review: StayReview = {
      runId,
      stayId,
      verdict,
      comment: screened,
      reviewedAt: new Date().toISOString(),
    };
    this.reviews.put(review);
    return review;
  }

  /** A run's reviews, by stay id. */
  list(runId: number): StayReview[] {
    return this.reviews.list(runId);
  }

  delete(runId: number, stayId: number): boolean {
    return this.reviews.delete(runId, stayId);
  }
}
