/**
 * Audit runs in the store (migration 2; their rows are store/run-records.ts's): the run with
 * its spec and provenance, its plan (run_stays: every stay it will audit, in order) and one
 * row per finished stay. Each result is one transaction, so a crash loses nothing committed,
 * and a second INSERT for a stay fails, so nothing is done twice.
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
import {
  ConflictError,
  NotFoundError,
  RunRecords,
  type RunLease,
  type RunLeaseRecord,
  type RunRecord,
  type RunStateRecord,
  type Store,
} from '../store';
import type {
  AwaitingStayRisk,
  RunProvenance,
  RunSpec,
  RunStatus,
  RunSummary,
  StayAuditDetail,
  StayAuditResult,
} from './audit-types';
import type { RunAbstention } from '../../../shared/audit';
import { refuseToeTunedWithoutPath } from './run-setup';

export type { RunLease } from '../store';

export interface NewRun {
  spec: RunSpec;
  provenance: RunProvenance;
  /** The plan, in audit order. */
  stayIds: readonly number[];
  /** Stays of the cohort (or split) left out of the audit for lack of a label. */
  excluded: number;
  /** Those stays, to be scored for the forecast of outcomes not in yet (default: none). */
  awaitingStayIds?: readonly number[];
  /** The lease the new run starts under (default: a new one for this process). */
  lease?: RunLease;
  /** Canonical JSON of the bundle's manifest (so a resume can name a changed field). */
  bundleManifest?: string | null;
}

export const LEASE_HEARTBEAT_MS = LEASE_HEARTBEAT_SECONDS * 1000;
export const LEASE_STALE_MS = LEASE_STALE_SECONDS * 1000;

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
  previous: RunStateRecord;
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

export class RunStore {
  private readonly records: RunRecords;

  constructor(store: Store) {
    this.records = new RunRecords(store);
  }

  /** Creates the run and its plan in one transaction; the run is 'running', leased to us. */
  createRun(run: NewRun): number {
    return this.records.insert({
      spec: run.spec,
      provenance: run.provenance,
      stayIds: run.stayIds,
      excluded: run.excluded,
      awaitingStayIds: run.awaitingStayIds ?? [],
      lease: run.lease ?? newLease(),
      bundleManifest: run.bundleManifest ?? null,
    });
  }

  listRuns(): RunSummary[] {
    return this.records.all().map(summaryFromRecord);
  }

  getRun(runId: number): RunSummary {
    const record = this.records.get(runId);
    if (!record) throw runNotFound(runId);
    return summaryFromRecord(record);
  }

  /** The planned stays, in plan order. */
  plannedStayIds(runId: number): number[] {
    return this.records.plannedStayIds(runId);
  }

  /** Whether the stay is in the run's plan (audited or still to be). */
  plansStay(runId: number, stayId: number): boolean {
    return this.records.plansStay(runId, stayId);
  }

  /** Planned stays without a result yet, in plan order: exactly what a resume must do. */
  remainingStayIds(runId: number): number[] {
    return this.records.remainingStayIds(runId);
  }

  /**
   * Commits one stay's result (one transaction). Throws if the stay already has one, and,
   * given the lease it runs under, a LeaseLostError if the run was taken over meanwhile.
   */
  saveResult(runId: number, detail: StayAuditDetail, lease?: RunLease): void {
    this.records.insertResultOf(
      runId,
      detail,
      lease ? () => this.requireLease(runId, lease) : undefined,
    );
  }

  /** Stays awaiting an outcome that the run has still to score. */
  unscoredAwaitingStayIds(runId: number): number[] {
    return this.records.unscoredAwaitingStayIds(runId);
  }

  /** Records risks of stays awaiting an outcome, under the run's lease when given. */
  scoreAwaiting(runId: number, risks: readonly AwaitingStayRisk[], lease?: RunLease): void {
    this.records.scoreAwaiting(
      runId,
      risks,
      lease ? () => this.requireLease(runId, lease) : undefined,
    );
  }

  /** The run's scored stays awaiting an outcome, in stay order. */
  awaitingRisks(runId: number): AwaitingStayRisk[] {
    return this.records.awaitingRisks(runId);
  }

  /** Results without traces, in plan order; a page of them when offset/limit are given. */
  results(runId: number, page: { offset?: number; limit?: number } = {}): StayAuditResult[] {
    return this.records.results(runId, page);
  }

  /** One stay's result with its trace and candidates. */
  detail(runId: number, stayId: number): StayAuditDetail {
    const detail = this.records.detail(runId, stayId);
    if (!detail) {
      this.getRun(runId);
      throw new NotFoundError(`Audit run ${runId} has no result for stay ${stayId}.`);
    }
    return detail;
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
    this.records.setSpec(runId, spec);
    return this.getRun(runId);
  }

  /** The canonical manifest JSON the run started with (null: recorded before migration 5). */
  startedManifest(runId: number): string | null {
    return this.records.startedManifest(runId);
  }

  /** The run's lease as it stands (null when the run is not running). */
  lease(runId: number): RunLeaseInfo | null {
    return leaseInfo(this.leaseRecord(runId));
  }

  /** Who holds the run's lease, exactly (for a take-over of that holder only). */
  leaseHolder(runId: number): LeaseHolderRef {
    const row = this.leaseRecord(runId);
    return { pid: row.owner_pid, host: row.owner_host, token: row.lease_token };
  }

  private leaseRecord(runId: number): RunLeaseRecord {
    const row = this.records.lease(runId);
    if (!row) throw runNotFound(runId);
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
    return this.records.claim(runId, lease, (): RunClaim | null => {
      const row = this.leaseRecord(runId);
      const before = this.records.state(runId);
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
      return {
        runId,
        lease,
        previous: before,
        tookOverFrom: holder && holder.pid !== null ? holder : null,
      };
    });
  }

  /**
   * Gives a claim back before the run did anything under it (the bundle or cohort check
   * failed): the run's status, error and times as they were, and no owner. Nothing happens
   * if the lease is no longer this claim's.
   */
  release(claim: RunClaim): void {
    this.records.release(claim.runId, claim.lease.token, claim.previous);
  }

  /** Refreshes the lease's heartbeat; false when the run is no longer held under it. */
  heartbeat(runId: number, lease: RunLease): boolean {
    return this.records.heartbeat(runId, lease.token);
  }

  private requireLease(runId: number, lease: RunLease): void {
    const row = this.leaseRecord(runId);
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
    this.records.finish(
      runId,
      status,
      error,
      lease ? () => this.requireLease(runId, lease) : undefined,
    );
  }
}

function runNotFound(runId: number): NotFoundError {
  return new NotFoundError(`No audit run ${runId} in this store. \`toe runs\` lists them.`);
}

/** The lease of a running run, with its state; null when the run is not running. */
function leaseInfo(row: RunLeaseRecord, now = Date.now()): RunLeaseInfo | null {
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

function sameHolder(row: RunLeaseRecord, ref: LeaseHolderRef): boolean {
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

function summaryFromRecord(row: RunRecord): RunSummary {
  const converged = row.converged ?? 0;
  const lease = leaseInfo(row);
  return {
    id: row.id,
    spec: row.spec,
    provenance: row.provenance,
    status: row.status,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    totalStays: row.total_stays,
    doneStays: row.done,
    error: row.error,
    excludedStays: row.excluded_stays,
    awaitingScoredStays: row.awaiting_scored,
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
