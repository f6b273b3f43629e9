/**
 * Clinicians' verdicts on a run's stays (the reviews table, migration 2): one per stay and
 * run, replaced when the reviewer changes their mind, and gone with the run.
 */
import type { ReviewVerdict, StayReview } from '../../../shared/audit';
import type { Db } from './database';
import type { Store } from './store';

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

export class ReviewRecords {
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

  /** Whether the stay has a result in the run: only a result can be reviewed. */
  hasResult(runId: number, stayId: number): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM run_results WHERE run_id = ? AND stay_id = ?')
        .get(runId, stayId) !== undefined
    );
  }

  /** Records the review, replacing the stay's previous one. */
  put(review: StayReview): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO reviews (run_id, stay_id, verdict, comment, reviewed_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(review.runId, review.stayId, review.verdict, review.comment, review.reviewedAt);
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

  /** How many reviews the run has and when the last was made: changes with any review. */
  tally(runId: number): { n: number; last: string | null } {
    return this.db
      .prepare('SELECT COUNT(*) AS n, MAX(reviewed_at) AS last FROM reviews WHERE run_id = ?')
      .get(runId) as { n: number; last: string | null };
  }
}
