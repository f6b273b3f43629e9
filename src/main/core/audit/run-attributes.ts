/**
 * The attributes (sex, age band, …) of a run's stays as the store holds them, for the bias
 * audit: one query over the run's plan, so no tensor is loaded to read a few strings.
 */
import type { Store } from '../store';
import type { AttributesByStay } from './subgroups';

export function runStayAttributes(store: Store, runId: number): AttributesByStay {
  const rows = store.db
    .prepare(
      `SELECT a.stay_id, a.name, a.value FROM run_stays p
       JOIN attributes a ON a.stay_id = p.stay_id
       WHERE p.run_id = ? ORDER BY p.position, a.name`,
    )
    .all(runId) as { stay_id: number; name: string; value: string }[];
  const byStay = new Map<number, Record<string, string>>();
  for (const row of rows) {
    const entry = byStay.get(row.stay_id) ?? {};
    entry[row.name] = row.value;
    byStay.set(row.stay_id, entry);
  }
  return byStay;
}
