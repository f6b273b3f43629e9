/**
 * Audit runs in the store (migration 2): the run with its spec and provenance, its plan
 * (run_stays: every stay it will audit, in order) and one row per finished stay. The run
 * engine's thread is the only writer; each result is one autocommitted INSERT, so a crash
 * loses nothing committed, and a second INSERT for a stay fails, so nothing is done twice.
 */
import { hostname } from 'node:os';
import { NotFoundError, type Store } from '../store';
import type { Db } from '../store';
import type {
  RunProvenance,
  RunSpec,
  RunStatus,
  RunSummary,
  StayAuditDetail,
  StayAuditResult,
} from './audit-types';
import type { RunAbstention } from '../../../shared/audit';
import {
  ALL_COLUMNS,
  detailFromRow,
  pathRow,
  resultFromRow,
  type PathColumns,
  resultRow,
  SUMMARY_COLUMNS,
  type ResultRow,
} from './run-result-rows';

export interface NewRun {
  spec: RunSpec;
  provenance: RunProvenance;
  /** The plan, in audit order. */
  stayIds: readonly number[];
  /** Stays of the cohort (or split) left out for lack of a label. */
  excluded: number;
}

interface RunRow {
  id: number;
  spec: string;
  provenance: string;
  status: RunStatus;
  created_at: string;
  started_at: string;
  resumed_at: string | null;
  finished_at: string | null;
  total_stays: number;
  excluded_stays: number;
  owner_pid: number | null;
  owner_host: string | null;
  error: string | null;
  done: number;
  converged: number | null;
}

const SUMMARY_SELECT = `
  SELECT r.*, COUNT(x.stay_id) AS done, SUM(x.status = 'converged') AS converged
  FROM runs r LEFT JOIN run_results x ON x.run_id = r.id`;

export class RunStore {
  private readonly db: Db;
  private readonly insertResult;
  private readonly insertPath;

  constructor(store: Store) {
    this.db = store.db;
    const columns = ALL_COLUMNS.join(', ');
    const values = ALL_COLUMNS.map((c) => `@${c}`).join(', ');
    this.insertResult = this.db.prepare<[ResultRow]>(
      `INSERT INTO run_results (${columns}) VALUES (${values})`,
    );
    this.insertPath = this.db.prepare<[ReturnType<typeof pathRow>]>(
      `INSERT INTO run_result_paths (run_id, stay_id, raw_p_full, leader_path)
       VALUES (@run_id, @stay_id, @raw_p_full, @leader_path)`,
    );
  }

  /** Creates the run and its plan in one transaction; the run is 'running', owned by us. */
  createRun(run: NewRun): number {
    const now = new Date().toISOString();
    return this.db.transaction(() => {
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO runs (cohort_id, task, split, spec, provenance, status, created_at,
               started_at, total_stays, excluded_stays, owner_pid, owner_host)
             VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            run.spec.cohortId,
            run.spec.task,
            run.spec.split,
            JSON.stringify(run.spec),
            JSON.stringify(run.provenance),
            now,
            now,
            run.stayIds.length,
            run.excluded,
            process.pid,
            hostname(),
          ).lastInsertRowid,
      );
      const plan = this.db.prepare(
        'INSERT INTO run_stays (run_id, position, stay_id) VALUES (?, ?, ?)',
      );
      run.stayIds.forEach((stayId, position) => plan.run(id, position, stayId));
      return id;
    })();
  }

  listRuns(): RunSummary[] {
    const rows = this.db.prepare(`${SUMMARY_SELECT} GROUP BY r.id ORDER BY r.id`).all() as RunRow[];
    return rows.map(summaryFromRow);
  }

  getRun(runId: number): RunSummary {
    const row = this.db.prepare(`${SUMMARY_SELECT} WHERE r.id = ? GROUP BY r.id`).get(runId) as
      RunRow | undefined;
    if (!row)
      throw new NotFoundError(`No audit run ${runId} in this store. \`toe runs\` lists them.`);
    return summaryFromRow(row);
  }

  /** The planned stays, in plan order. */
  plannedStayIds(runId: number): number[] {
    const rows = this.db
      .prepare('SELECT stay_id FROM run_stays WHERE run_id = ? ORDER BY position')
      .all(runId) as { stay_id: number }[];
    return rows.map((r) => r.stay_id);
  }

  /** Whether the stay is in the run's plan (audited or still to be). */
  plansStay(runId: number, stayId: number): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM run_stays WHERE run_id = ? AND stay_id = ?')
        .get(runId, stayId) !== undefined
    );
  }

  /** Planned stays without a result yet, in plan order: exactly what a resume must do. */
  remainingStayIds(runId: number): number[] {
    const rows = this.db
      .prepare(
        `SELECT p.stay_id FROM run_stays p
         LEFT JOIN run_results x ON x.run_id = p.run_id AND x.stay_id = p.stay_id
         WHERE p.run_id = ? AND x.stay_id IS NULL ORDER BY p.position`,
      )
      .all(runId) as { stay_id: number }[];
    return rows.map((r) => r.stay_id);
  }

  /** Commits one stay's result (one transaction). Throws if the stay already has one. */
  saveResult(runId: number, detail: StayAuditDetail): void {
    this.db.transaction(() => {
      this.insertResult.run(resultRow(runId, detail, new Date().toISOString()));
      this.insertPath.run(pathRow(runId, detail));
    })();
  }

  /** Results without traces, in plan order; a page of them when offset/limit are given. */
  results(runId: number, page: { offset?: number; limit?: number } = {}): StayAuditResult[] {
    const columns = SUMMARY_COLUMNS.map((c) => `x.${c}`).join(', ');
    const rows = this.db
      .prepare(
        `SELECT ${columns}, y.raw_p_full, y.leader_path FROM run_results x
         JOIN run_stays p ON p.run_id = x.run_id AND p.stay_id = x.stay_id
         LEFT JOIN run_result_paths y ON y.run_id = x.run_id AND y.stay_id = x.stay_id
         WHERE x.run_id = ? ORDER BY p.position LIMIT ? OFFSET ?`,
      )
      .all(runId, page.limit ?? -1, page.offset ?? 0) as (Omit<ResultRow, 'candidates' | 'trace'> &
      PathColumns)[];
    return rows.map(resultFromRow);
  }

  /** One stay's result with its trace and candidates. */
  detail(runId: number, stayId: number): StayAuditDetail {
    const row = this.db
      .prepare(
        `SELECT x.*, y.raw_p_full, y.leader_path FROM run_results x
         LEFT JOIN run_result_paths y ON y.run_id = x.run_id AND y.stay_id = x.stay_id
         WHERE x.run_id = ? AND x.stay_id = ?`,
      )
      .get(runId, stayId) as (ResultRow & PathColumns) | undefined;
    if (!row) {
      this.getRun(runId);
      throw new NotFoundError(`Audit run ${runId} has no result for stay ${stayId}.`);
    }
    return detailFromRow(row);
  }

  /**
   * Changes the run's review policy and budget (a reviewer's setting; the search's results
   * do not depend on it). The validation audit it is fitted on stays the run's own.
   */
  setAbstention(runId: number, settings: Omit<RunAbstention, 'validationRunId'>): RunSummary {
    const run = this.getRun(runId);
    const spec: RunSpec = {
      ...run.spec,
      abstention: {
        ...settings,
        validationRunId: run.spec.abstention?.validationRunId ?? null,
      },
    };
    this.db.prepare('UPDATE runs SET spec = ? WHERE id = ?').run(JSON.stringify(spec), runId);
    return this.getRun(runId);
  }

  /** A resume takes the run over: running again, owned by this process, error cleared. */
  markResumed(runId: number): void {
    this.db
      .prepare(
        `UPDATE runs SET status = 'running', resumed_at = ?, finished_at = NULL, error = NULL,
           owner_pid = ?, owner_host = ? WHERE id = ?`,
      )
      .run(new Date().toISOString(), process.pid, hostname(), runId);
  }

  markFinished(runId: number, status: Exclude<RunStatus, 'running'>, error: string | null = null) {
    this.db
      .prepare(
        `UPDATE runs SET status = ?, finished_at = ?, error = ?, owner_pid = NULL,
           owner_host = NULL WHERE id = ?`,
      )
      .run(status, new Date().toISOString(), error, runId);
  }

  /** The process executing a running run, unless it is known to be gone. */
  liveOwner(runId: number): { pid: number; host: string } | null {
    const row = this.db
      .prepare(`SELECT status, owner_pid, owner_host FROM runs WHERE id = ?`)
      .get(runId) as Pick<RunRow, 'status' | 'owner_pid' | 'owner_host'> | undefined;
    if (!row || row.status !== 'running' || row.owner_pid === null) return null;
    return ownerAlive(row) ? { pid: row.owner_pid, host: row.owner_host ?? 'unknown host' } : null;
  }
}

function summaryFromRow(row: RunRow): RunSummary {
  const converged = row.converged ?? 0;
  return {
    id: row.id,
    spec: JSON.parse(row.spec) as RunSpec,
    provenance: JSON.parse(row.provenance) as RunProvenance,
    status: row.status,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    totalStays: row.total_stays,
    doneStays: row.done,
    error: row.error,
    excludedStays: row.excluded_stays,
    convergedStays: converged,
    exhaustedStays: row.done - converged,
    resumedAt: row.resumed_at,
    interrupted: row.status === 'running' && !ownerAlive(row),
  };
}

/**
 * Whether the process recorded as a run's owner still exists. Only decidable on the same
 * machine; a run owned elsewhere counts as alive, so it is never taken over by mistake.
 */
function ownerAlive(row: Pick<RunRow, 'owner_pid' | 'owner_host'>): boolean {
  if (row.owner_pid === null) return false;
  if (row.owner_host !== hostname()) return true;
  try {
    process.kill(row.owner_pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
