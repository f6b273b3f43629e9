/**
 * Settled runs' figures kept in the store (run_figures, migration 7), one row per run and
 * request, with the fingerprint of what they were computed from. Whether a row is current,
 * and what its figures are, is the audit's (audit/stored-figures.ts).
 */
import type { Store } from './store';

/**
 * The figures kept for the run and request (a key of the request) if they were computed from
 * `fingerprint`; null when none are kept or they are stale (then not even decoded).
 */
export function readCachedFigures(
  store: Store,
  runId: number,
  request: string,
  fingerprint: string,
): unknown {
  const row = store.db
    .prepare('SELECT fingerprint, figures FROM run_figures WHERE run_id = ? AND request = ?')
    .get(runId, request) as { fingerprint: string; figures: string } | undefined;
  return row !== undefined && row.fingerprint === fingerprint ? JSON.parse(row.figures) : null;
}

/** Keeps the figures, replacing the row kept for the same run and request. */
export function cacheFigures(
  store: Store,
  kept: { runId: number; request: string; fingerprint: string; figures: unknown },
): void {
  store.db
    .prepare(
      `INSERT OR REPLACE INTO run_figures (run_id, request, fingerprint, figures, computed_at)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(
      kept.runId,
      kept.request,
      kept.fingerprint,
      JSON.stringify(kept.figures),
      new Date().toISOString(),
    );
}
