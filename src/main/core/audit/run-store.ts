/**
 * Audit runs in the store (migration 2): the run with its spec and provenance, its plan
 * (run_stays: every stay it will audit, in order) and one row per finished stay. Each result
 * is one transaction, so a crash loses nothing committed, and a second INSERT for a stay
 * fails, so nothing is done twice.
 *
 * Who executes a run is a lease (migration 5): the owner's pid and host, a token naming the
 * claim, and a heartbeat the engine refreshes every LEASE_HEARTBEAT_SECONDS. Claiming is one
 * IMMEDIATE transaction, so of two processes (or two calls in one) resuming the same run
 * exactly one gets it and the other a ConflictError, with the run left as it was. A lease
 * whose process is gone from this host is taken over automatically; one without a heartbeat
 * for LEASE_STALE_SECONDS only when the caller asks (`toe resume RUN --take-over`). Results
 * and the final status are written only while the token is still the run's.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  LEASE_HEARTBEAT_SECONDS,
  LEASE_STALE_SECONDS,
  searchExtentOf,
  type RunLeaseInfo,
} from '../../../shared/audit';
import { ConflictError, NotFoundError, type Store } from '../store';
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
import { refuseToeTunedWithoutPath } from './run-setup';

export interface NewRun {
  spec: RunSpec;
  provenance: RunProvenance;
  /** The plan, in audit order. */
  stayIds: readonly number[];
  /** Stays of the cohort (or split) left out for lack of a label. */
  excluded: number;
  /** The lease the new run starts under (default: a new one for this process). */
  lease?: RunLease;
  /** Canonical JSON of the bundle's manifest (so a resume can name a changed field). */
  bundleManifest?: string | null;
}

export const LEASE_HEARTBEAT_MS = LEASE_HEARTBEAT_SECONDS * 1000;
export const LEASE_STALE_MS = LEASE_STALE_SECONDS * 1000;

/** One claim on one run: whoever holds the token may write the run's results and status. */
export interface RunLease {
  token: string;
  pid: number;
  host: string;
}

/** A new lease for this process (not yet on any run). */
export function newLease(): RunLease {
  return { token: randomUUID(), pid: process.pid, host: hostname() };
}

/** Whom a caller agreed to take a stale run over from (what `toe resume --take-over` showed). */
export interface LeaseHolderRef {
  pid: number | null;
  host: string | null;
  token: string | null;
}

export interface ClaimOptions {
  /**
   * Take over a stale lease (no heartbeat for LEASE_STALE_SECONDS): true, or only if it is
   * still held by exactly this holder. A live lease is never taken over.
   */
  takeOver?: boolean | LeaseHolderRef;
}

/** A claim, with what the run looked like before it, to put back if the resume stops early. */
export interface RunClaim {
  runId: number;
  lease: RunLease;
  previous: Pick<RunRow, 'status' | 'error' | 'finished_at' | 'resumed_at'>;
  /** The lease taken over, if the run was held by another (gone or stale) process. */
  tookOverFrom: RunLeaseInfo | null;
}

/** A result or status write by a process whose lease was taken over meanwhile. */
export class LeaseLostError extends ConflictError {
  constructor(
    readonly runId: number,
    holder: RunLeaseInfo | null,
  ) {
    super(
      `Audit run ${runId} was taken over by ${holder?.pid ? `process ${holder.pid} on host ${holder.host}` : 'another process'} while this process ran it; this process stopped and left the run to it.`,
    );
    this.name = 'LeaseLostError';
  }
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
  lease_token: string | null;
  heartbeat_at: string | null;
  error: string | null;
  done: number;
  converged: number | null;
}

type LeaseRow = Pick<
  RunRow,
  | 'status'
  | 'owner_pid'
  | 'owner_host'
  | 'lease_token'
  | 'heartbeat_at'
  | 'started_at'
  | 'resumed_at'
>;

const RUN_COLUMNS = `r.id, r.spec, r.provenance, r.status, r.created_at, r.started_at,
  r.resumed_at, r.finished_at, r.total_stays, r.excluded_stays, r.owner_pid, r.owner_host,
  r.lease_token, r.heartbeat_at, r.error`;

const SUMMARY_SELECT = `
  SELECT ${RUN_COLUMNS}, COUNT(x.stay_id) AS done, SUM(x.status = 'converged') AS converged
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

  /** Creates the run and its plan in one transaction; the run is 'running', leased to us. */
  createRun(run: NewRun): number {
    const now = new Date().toISOString();
    const lease = run.lease ?? newLease();
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
            run.bundleManifest ?? null,
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

  /**
   * Commits one stay's result (one transaction). Throws if the stay already has one, and,
   * given the lease it runs under, a LeaseLostError if the run was taken over meanwhile.
   */
  saveResult(runId: number, detail: StayAuditDetail, lease?: RunLease): void {
    this.db.transaction(() => {
      if (lease) this.requireLease(runId, lease);
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
    refuseToeTunedWithoutPath(settings.policy, searchExtentOf(run.spec));
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

  /** The canonical manifest JSON the run started with (null: recorded before migration 5). */
  startedManifest(runId: number): string | null {
    const row = this.db.prepare('SELECT bundle_manifest FROM runs WHERE id = ?').get(runId) as
      { bundle_manifest: string | null } | undefined;
    return row?.bundle_manifest ?? null;
  }

  /** The run's lease as it stands (null when the run is not running). */
  lease(runId: number): RunLeaseInfo | null {
    return leaseInfo(this.leaseRow(runId));
  }

  /** Who holds the run's lease, exactly (for a take-over of that holder only). */
  leaseHolder(runId: number): LeaseHolderRef {
    const row = this.leaseRow(runId);
    return { pid: row.owner_pid, host: row.owner_host, token: row.lease_token };
  }

  private leaseRow(runId: number): LeaseRow {
    const row = this.db
      .prepare(
        `SELECT status, owner_pid, owner_host, lease_token, heartbeat_at, started_at, resumed_at
         FROM runs WHERE id = ?`,
      )
      .get(runId) as LeaseRow | undefined;
    if (!row)
      throw new NotFoundError(`No audit run ${runId} in this store. \`toe runs\` lists them.`);
    return row;
  }

  /**
   * Claims the run for this process in one IMMEDIATE transaction: a run that is not running,
   * has no owner, or whose owner's process is gone from this host is claimed; a live lease
   * is refused with a ConflictError naming its holder, and so is a stale one unless
   * `takeOver` says so. Null when the run is already complete (nothing to claim). The run is
   * 'running' under the new lease when this returns; `release` puts it back as it was.
   */
  claim(runId: number, options: ClaimOptions = {}): RunClaim | null {
    const lease = newLease();
    return this.db
      .transaction((): RunClaim | null => {
        const row = this.leaseRow(runId);
        const before = this.db
          .prepare('SELECT status, error, finished_at, resumed_at FROM runs WHERE id = ?')
          .get(runId) as RunClaim['previous'];
        if (row.status === 'completed') return null;
        const holder = leaseInfo(row);
        if (holder && (holder.state === 'live' || holder.state === 'stale')) {
          const takeOver = options.takeOver ?? false;
          if (holder.state === 'live' || takeOver === false) {
            throw new ConflictError(conflictMessage(runId, holder, takeOver !== false));
          }
          if (takeOver !== true && !sameHolder(row, takeOver)) {
            throw new ConflictError(
              `${alreadyRunning(runId, holder)} It changed hands since the take-over was confirmed: run \`toe resume ${runId} --take-over\` again.`,
            );
          }
        }
        const now = new Date().toISOString();
        this.db
          .prepare(
            `UPDATE runs SET status = 'running', resumed_at = ?, finished_at = NULL, error = NULL,
               owner_pid = ?, owner_host = ?, lease_token = ?, heartbeat_at = ? WHERE id = ?`,
          )
          .run(now, lease.pid, lease.host, lease.token, now, runId);
        return {
          runId,
          lease,
          previous: before,
          tookOverFrom: holder && holder.pid !== null ? holder : null,
        };
      })
      .immediate();
  }

  /**
   * Gives a claim back before the run did anything under it (the bundle or cohort check
   * failed): the run's status, error and times as they were, and no owner. Nothing happens
   * if the lease is no longer this claim's.
   */
  release(claim: RunClaim): void {
    const { previous } = claim;
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
        claim.runId,
        claim.lease.token,
      );
  }

  /** Refreshes the lease's heartbeat; false when the run is no longer held under it. */
  heartbeat(runId: number, lease: RunLease): boolean {
    const { changes } = this.db
      .prepare(`UPDATE runs SET heartbeat_at = ? WHERE id = ? AND lease_token = ?`)
      .run(new Date().toISOString(), runId, lease.token);
    return changes === 1;
  }

  private requireLease(runId: number, lease: RunLease): void {
    const row = this.leaseRow(runId);
    if (row.lease_token !== lease.token) throw new LeaseLostError(runId, leaseInfo(row));
  }

  /**
   * Settles the run: its status, the time, an error for a failed run, and no owner. Given
   * the lease it ran under, only while that lease is still the run's (else LeaseLostError:
   * the run belongs to whoever took it over).
   */
  markFinished(
    runId: number,
    status: Exclude<RunStatus, 'running'>,
    error: string | null = null,
    lease?: RunLease,
  ): void {
    this.db.transaction(() => {
      if (lease) this.requireLease(runId, lease);
      this.db
        .prepare(
          `UPDATE runs SET status = ?, finished_at = ?, error = ?, owner_pid = NULL,
             owner_host = NULL, lease_token = NULL, heartbeat_at = NULL WHERE id = ?`,
        )
        .run(status, new Date().toISOString(), error, runId);
    })();
  }
}

/** The lease of a running run, with its state; null when the run is not running. */
function leaseInfo(row: LeaseRow, now = Date.now()): RunLeaseInfo | null {
  if (row.status !== 'running') return null;
  const heartbeatAt = row.heartbeat_at ?? row.resumed_at ?? row.started_at;
  const age = Math.max(0, now - Date.parse(heartbeatAt));
  const heartbeatAgeSeconds = Math.round(age / 1000);
  const base = { pid: row.owner_pid, host: row.owner_host, heartbeatAt, heartbeatAgeSeconds };
  if (row.owner_pid === null) return { ...base, state: 'free' };
  if (row.owner_host === hostname() && !processExists(row.owner_pid)) {
    return { ...base, state: 'dead' };
  }
  return { ...base, state: age > LEASE_STALE_MS ? 'stale' : 'live' };
}

function sameHolder(row: LeaseRow, ref: LeaseHolderRef): boolean {
  return row.owner_pid === ref.pid && row.owner_host === ref.host && row.lease_token === ref.token;
}

function alreadyRunning(runId: number, holder: RunLeaseInfo): string {
  return `Audit run ${runId} is already running (process ${holder.pid} on host ${holder.host}, last heartbeat ${holder.heartbeatAgeSeconds} s ago).`;
}

function conflictMessage(runId: number, holder: RunLeaseInfo, askedToTakeOver: boolean): string {
  const head = alreadyRunning(runId, holder);
  if (holder.state === 'stale') {
    return `${head} No heartbeat for more than ${LEASE_STALE_SECONDS} s, so that process has probably stopped: if it has, take the run over with \`toe resume ${runId} --take-over\`.`;
  }
  const local = holder.host === hostname();
  const why = askedToTakeOver
    ? ` It is not taken over: its heartbeat is fresh (under ${LEASE_STALE_SECONDS} s), so it may still be running.`
    : '';
  return local
    ? `${head}${why} Wait for it to finish, or cancel it there.`
    : `${head}${why} Wait for it to finish; if that machine stopped, the run can be taken over once its heartbeat is more than ${LEASE_STALE_SECONDS} s old, with \`toe resume ${runId} --take-over\`.`;
}

function summaryFromRow(row: RunRow): RunSummary {
  const converged = row.converged ?? 0;
  const lease = leaseInfo(row);
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
    interrupted: row.status === 'running' && lease?.state !== 'live',
    lease,
  };
}

/** Whether a process of this host exists (EPERM: it does, but belongs to someone else). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
