/**
 * The audit runs' tables: runs with their spec, provenance and lease (migrations 2 and 5),
 * their plans (run_stays) and one result per finished stay (run_results, run_result_paths,
 * migration 4). Rows in and out, with their JSON columns encoded here; what a lease or a run
 * summary means is the audit's (audit/run-store.ts). A write that must see the run as it
 * stands first takes a `guard`, called inside the write's transaction, that throws to refuse.
 */
import type {
  AwaitingStayRisk,
  RunProvenance,
  RunSpec,
  RunStatus,
  StayAuditDetail,
  StayAuditResult,
} from '../../../shared/audit';
import type { Db } from './database';
import {
  ALL_COLUMNS,
  detailFromRow,
  pathRow,
  resultFromRow,
  resultRow,
  SUMMARY_COLUMNS,
  type PathColumns,
  type ResultRow,
} from './run-result-rows';
import type { Store } from './store';
import type { RunLease } from './types';

/** A runs row with its result counts, spec and provenance decoded. */
export interface RunRecord {
  id: number;
  spec: RunSpec;
  provenance: RunProvenance;
  status: RunStatus;
  created_at: string;
  started_at: string;
  resumed_at: string | null;
  finished_at: string | null;
  total_stays: number;
  excluded_stays: number;
  owner_pid: number | null;
  owner_host: string | null;
  lease_token: string | null;
  heartbeat_at: string | null;
  error: string | null;
  done: number;
  converged: number | null;
  /** Stays awaiting an outcome that the run has scored (migration 8; 0 for earlier runs). */
  awaiting_scored: number;
}

/** Who holds a run, and since when. */
export type RunLeaseRecord = Pick<
  RunRecord,
  | 'status'
  | 'owner_pid'
  | 'owner_host'
  | 'lease_token'
  | 'heartbeat_at'
  | 'started_at'
  | 'resumed_at'
>;

/** What a claim changes on a run, as it was before (to put back if the resume stops early). */
export type RunStateRecord = Pick<RunRecord, 'status' | 'error' | 'finished_at' | 'resumed_at'>;

export interface NewRunRecord {
  spec: RunSpec;
  provenance: RunProvenance;
  /** The plan, in audit order. */
  stayIds: readonly number[];
  excluded: number;
  /** Stays in scope without a label: scored for the forecast, not audited. */
  awaitingStayIds: readonly number[];
  lease: RunLease;
  bundleManifest: string | null;
}

type StoredRunRow = Omit<RunRecord, 'spec' | 'provenance'> & { spec: string; provenance: string };

const RUN_COLUMNS = `r.id, r.spec, r.provenance, r.status, r.created_at, r.started_at,
  r.resumed_at, r.finished_at, r.total_stays, r.excluded_stays, r.owner_pid, r.owner_host,
  r.lease_token, r.heartbeat_at, r.error`;

const SUMMARY_SELECT = `
  SELECT ${RUN_COLUMNS}, COUNT(x.stay_id) AS done, SUM(x.status = 'converged') AS converged,
    (SELECT COUNT(*) FROM run_awaiting_stays w WHERE w.run_id = r.id AND w.p_full IS NOT NULL)
      AS awaiting_scored
  FROM runs r LEFT JOIN run_results x ON x.run_id = r.id`;

function recordFromRow(row: StoredRunRow): RunRecord {
  return {
    ...row,
    spec: JSON.parse(row.spec) as RunSpec,
    provenance: JSON.parse(row.provenance) as RunProvenance,
  };
}

export class RunRecords {
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

  /** Inserts the run and its plan in one transaction; the run is 'running' under `lease`. */
  insert(run: NewRunRecord): number {
    const now = new Date().toISOString();
    const { lease } = run;
    return this.db.transaction(() => {
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO runs (cohort_id, task, split, spec, provenance, status, created_at,
               started_at, total_stays, excluded_stays, owner_pid, owner_host, lease_token,
               heartbeat_at, bundle_manifest)
             VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
            lease.pid,
            lease.host,
            lease.token,
            now,
            run.bundleManifest,
          ).lastInsertRowid,
      );
      const plan = this.db.prepare(
        'INSERT INTO run_stays (run_id, position, stay_id) VALUES (?, ?, ?)',
      );
      run.stayIds.forEach((stayId, position) => plan.run(id, position, stayId));
      const awaiting = this.db.prepare(
        'INSERT INTO run_awaiting_stays (run_id, stay_id) VALUES (?, ?)',
      );
      for (const stayId of run.awaitingStayIds) awaiting.run(id, stayId);
      return id;
    })();
  }

  all(): RunRecord[] {
    const rows = this.db
      .prepare(`${SUMMARY_SELECT} GROUP BY r.id ORDER BY r.id`)
      .all() as StoredRunRow[];
    return rows.map(recordFromRow);
  }

  get(runId: number): RunRecord | null {
    const row = this.db.prepare(`${SUMMARY_SELECT} WHERE r.id = ? GROUP BY r.id`).get(runId) as
      StoredRunRow | undefined;
    return row ? recordFromRow(row) : null;
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

  /** Planned stays without a result yet, in plan order. */
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

  /** Stays awaiting an outcome that the run has not scored yet, in stay order. */
  unscoredAwaitingStayIds(runId: number): number[] {
    const rows = this.db
      .prepare(
        'SELECT stay_id FROM run_awaiting_stays WHERE run_id = ? AND p_full IS NULL ORDER BY stay_id',
      )
      .all(runId) as { stay_id: number }[];
    return rows.map((r) => r.stay_id);
  }

  /** Records the risks of stays awaiting an outcome in one transaction, after `guard`. */
  scoreAwaiting(runId: number, risks: readonly AwaitingStayRisk[], guard?: () => void): void {
    const update = this.db.prepare(
      `UPDATE run_awaiting_stays SET p_full = ?, raw_p_full = ?, y_full = ?
       WHERE run_id = ? AND stay_id = ? AND p_full IS NULL`,
    );
    this.db.transaction(() => {
      guard?.();
      for (const r of risks) {
        const { changes } = update.run(r.pFull, r.rawPFull, r.yFull, runId, r.stayId);
        if (changes !== 1)
          throw new Error(`Audit run ${runId} has no unscored awaiting stay ${r.stayId}.`);
      }
    })();
  }

  /** The scored stays awaiting an outcome, in stay order. */
  awaitingRisks(runId: number): AwaitingStayRisk[] {
    const rows = this.db
      .prepare(
        `SELECT stay_id, p_full, raw_p_full, y_full FROM run_awaiting_stays
         WHERE run_id = ? AND p_full IS NOT NULL ORDER BY stay_id`,
      )
      .all(runId) as { stay_id: number; p_full: number; raw_p_full: number; y_full: 0 | 1 }[];
    return rows.map((r) => ({
      stayId: r.stay_id,
      pFull: r.p_full,
      rawPFull: r.raw_p_full,
      yFull: r.y_full,
    }));
  }

  /** Inserts one stay's result in one transaction, after `guard`; a second one for it fails. */
  insertResultOf(runId: number, detail: StayAuditDetail, guard?: () => void): void {
    this.db.transaction(() => {
      guard?.();
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

  /** One stay's result with its trace and candidates, or null. */
  detail(runId: number, stayId: number): StayAuditDetail | null {
    const row = this.db
      .prepare(
        `SELECT x.*, y.raw_p_full, y.leader_path FROM run_results x
         LEFT JOIN run_result_paths y ON y.run_id = x.run_id AND y.stay_id = x.stay_id
         WHERE x.run_id = ? AND x.stay_id = ?`,
      )
      .get(runId, stayId) as (ResultRow & PathColumns) | undefined;
    return row ? detailFromRow(row) : null;
  }

  setSpec(runId: number, spec: RunSpec): void {
    this.db.prepare('UPDATE runs SET spec = ? WHERE id = ?').run(JSON.stringify(spec), runId);
  }

  /** The canonical manifest JSON the run started with (null: recorded before migration 5). */
  startedManifest(runId: number): string | null {
    const row = this.db.prepare('SELECT bundle_manifest FROM runs WHERE id = ?').get(runId) as
      { bundle_manifest: string | null } | undefined;
    return row?.bundle_manifest ?? null;
  }

  lease(runId: number): RunLeaseRecord | null {
    const row = this.db
      .prepare(
        `SELECT status, owner_pid, owner_host, lease_token, heartbeat_at, started_at, resumed_at
         FROM runs WHERE id = ?`,
      )
      .get(runId) as RunLeaseRecord | undefined;
    return row ?? null;
  }

  /** The run's status, error and times, as a claim would change them. */
  state(runId: number): RunStateRecord {
    return this.db
      .prepare('SELECT status, error, finished_at, resumed_at FROM runs WHERE id = ?')
      .get(runId) as RunStateRecord;
  }

  /**
   * In one IMMEDIATE transaction, so of two claimers exactly one wins: `decide` (which reads
   * the run, throws to refuse, or returns null when there is nothing to claim), then the run
   * is 'running' under `lease`, resumed now.
   */
  claim<T>(runId: number, lease: RunLease, decide: () => T | null): T | null {
    return this.db
      .transaction((): T | null => {
        const claim = decide();
        if (claim === null) return null;
        const now = new Date().toISOString();
        this.db
          .prepare(
            `UPDATE runs SET status = 'running', resumed_at = ?, finished_at = NULL, error = NULL,
               owner_pid = ?, owner_host = ?, lease_token = ?, heartbeat_at = ? WHERE id = ?`,
          )
          .run(now, lease.pid, lease.host, lease.token, now, runId);
        return claim;
      })
      .immediate();
  }

  /** Puts the run's state back, without an owner, if the lease is still `token`. */
  release(runId: number, token: string, previous: RunStateRecord): void {
    this.db
      .prepare(
        `UPDATE runs SET status = ?, error = ?, finished_at = ?, resumed_at = ?, owner_pid = NULL,
           owner_host = NULL, lease_token = NULL, heartbeat_at = NULL
         WHERE id = ? AND lease_token = ?`,
      )
      .run(
        previous.status,
        previous.error,
        previous.finished_at,
        previous.resumed_at,
        runId,
        token,
      );
  }

  /** Refreshes the heartbeat; false when the lease is no longer `token`. */
  heartbeat(runId: number, token: string): boolean {
    const { changes } = this.db
      .prepare(`UPDATE runs SET heartbeat_at = ? WHERE id = ? AND lease_token = ?`)
      .run(new Date().toISOString(), runId, token);
    return changes === 1;
  }

  /** Settles the run, finished now and without an owner, in one transaction after `guard`. */
  finish(
    runId: number,
    status: Exclude<RunStatus, 'running'>,
    error: string | null,
    guard?: () => void,
  ): void {
    this.db.transaction(() => {
      guard?.();
      this.db
        .prepare(
          `UPDATE runs SET status = ?, finished_at = ?, error = ?, owner_pid = NULL,
             owner_host = NULL, lease_token = NULL, heartbeat_at = NULL WHERE id = ?`,
        )
        .run(status, new Date().toISOString(), error, runId);
    })();
  }
}
