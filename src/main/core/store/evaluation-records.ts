/**
 * Evaluations in the store (migration 3): an evaluation's result kept whole as JSON, beside
 * the keys a run's dashboard finds it by. Written once and never changed; deleted with their
 * cohort.
 */
import type { EvaluationResult } from '../../../shared/charts';
import type { StoredEvaluation } from '../../../shared/evaluations';
import type { Db } from './database';
import type { Store } from './store';
import type { EvaluationKey } from './types';

interface EvaluationRow {
  id: number;
  created_at: string;
  result: string;
}

export class EvaluationRecords {
  private readonly db: Db;

  constructor(store: Store) {
    this.db = store.db;
  }

  /** Keeps `result`, an evaluation of `cohortId`, under the bundle `fingerprint`. */
  insert(cohortId: number, result: EvaluationResult, fingerprint: string): StoredEvaluation {
    const { cohort } = result.provenance;
    const createdAt = new Date().toISOString();
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO evaluations (cohort_id, task, split, bundle_fingerprint, cohort_content_hash,
           stays_evaluated, created_at, result)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        cohortId,
        result.settings.task,
        cohort.split,
        fingerprint,
        cohort.contentSha256,
        cohort.staysEvaluated,
        createdAt,
        JSON.stringify(result),
      );
    return { id: Number(lastInsertRowid), createdAt, result };
  }

  /** The newest evaluation with exactly this key, or null. */
  newest(key: EvaluationKey): StoredEvaluation | null {
    const row = this.db
      .prepare(
        `SELECT id, created_at, result FROM evaluations
         WHERE cohort_id = ? AND task = ? AND split = ? AND bundle_fingerprint = ?
           AND cohort_content_hash = ?
         ORDER BY id DESC LIMIT 1`,
      )
      .get(key.cohortId, key.task, key.split, key.bundleFingerprint, key.cohortContentHash) as
      EvaluationRow | undefined;
    if (!row) return null;
    return {
      id: row.id,
      createdAt: row.created_at,
      result: JSON.parse(row.result) as EvaluationResult,
    };
  }
}
