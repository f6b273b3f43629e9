/**
 * Clinicians' verdicts on a run's stays (the reviews table, migration 2): one per stay and
 * run, replaced when the reviewer changes their mind. A review belongs to a result, so it
 * disappears with the run, and a stay without a result cannot be reviewed.
 */
import type { PhiPolicy } from '../../../shared/domain';
import { PhiGuard, REFUSE_PHI } from '../phi';
import { NotFoundError, type Db, type Store } from '../store';
import type { ReviewVerdict, StayReview } from './audit-types';

interface ReviewRow {
  run_id: number;
  stay_id: number;
  verdict: ReviewVerdict;
  comment: string;
  reviewed_at: string;
}

const fromRow = (row: ReviewRow): StayReview => ({
  runId: row.run_id,
  stayId: row.stay_id,
  verdict: row.verdict,
  comment: row.comment,
  reviewedAt: row.reviewed_at,
});

function screen(comment: string, phi: PhiPolicy): string {
  const guard = new PhiGuard(phi, 'review');
  const screened = guard.text(comment, { file: 'review', line: null, field: 'comment' });
  guard.check();
  return screened;
}

export class ReviewStore {
  private readonly db: Db;

  constructor(store: Store) {
    this.db = store.db;
  }

  get(runId: number, stayId: number): StayReview | null {
    const row = this.db
      .prepare('SELECT * FROM reviews WHERE run_id = ? AND stay_id = ?')
      .get(runId, stayId) as ReviewRow | undefined;
    return row ? fromRow(row) : null;
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
    const result = this.db
      .prepare('SELECT 1 FROM run_results WHERE run_id = ? AND stay_id = ?')
      .get(runId, stayId);
    if (!result) {
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
    this.db
      .prepare(
        `INSERT OR REPLACE INTO reviews (run_id, stay_id, verdict, comment, reviewed_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(runId, stayId, verdict, review.comment, review.reviewedAt);
    return review;
  }

  /** A run's reviews, by stay id. */
  list(runId: number): StayReview[] {
    const rows = this.db
      .prepare('SELECT * FROM reviews WHERE run_id = ? ORDER BY stay_id')
      .all(runId) as ReviewRow[];
    return rows.map(fromRow);
  }

  delete(runId: number, stayId: number): boolean {
    return (
      this.db.prepare('DELETE FROM reviews WHERE run_id = ? AND stay_id = ?').run(runId, stayId)
        .changes > 0
    );
  }
}
