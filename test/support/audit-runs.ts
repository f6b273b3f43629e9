import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { StayAuditDetail } from '../../src/main/core/audit/audit-types';
import { RunStore } from '../../src/main/core/audit/run-store';
import { createDemoCohort } from '../../src/main/core/import/demo';
import type { Store } from '../../src/main/core/store';
import { tempStore } from './temp-store';

/** A temp store holding one SYNTHETIC demo cohort named "demo". */
export async function demoStore(stays: number, seed = 7) {
  const temp = tempStore();
  await createDemoCohort(temp.store, { name: 'demo', stays, seed, spurious: false }, {});
  return {
    ...temp,
    dbPath: join(temp.dir, 'store.sqlite'),
    cohortId: temp.store.resolveCohort('demo'),
  };
}

/** A consistent copy of a store file (WAL included), as another store to run on. */
export function copyStore(sourcePath: string, targetPath: string): void {
  const source = new Database(sourcePath, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(targetPath);
  } finally {
    source.close();
  }
}

export type ComparableDetail = Omit<StayAuditDetail, 'elapsedMs' | 'stayId'>;

/**
 * Every result of a run with its trace, by stay key, without what may legitimately differ
 * between two runs of the same stays: the time taken and (across store copies) the row id.
 */
export function comparableResults(store: Store, runId: number): Map<string, ComparableDetail> {
  const runs = new RunStore(store);
  const out = new Map<string, ComparableDetail>();
  for (const result of runs.results(runId)) {
    const { elapsedMs: _elapsed, stayId: _id, ...rest } = runs.detail(runId, result.stayId);
    out.set(result.stayKey, rest);
  }
  return out;
}

/** Planned stays of a run with how many results each has (exactly one, when complete). */
export function resultsPerPlannedStay(db: Database.Database, runId: number): number[] {
  const rows = db
    .prepare(
      `SELECT COUNT(x.stay_id) AS n FROM run_stays p
       LEFT JOIN run_results x ON x.run_id = p.run_id AND x.stay_id = p.stay_id
       WHERE p.run_id = ? GROUP BY p.stay_id ORDER BY p.position`,
    )
    .all(runId) as { n: number }[];
  return rows.map((r) => r.n);
}
