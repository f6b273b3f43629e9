/**
 * Run leases on their own (no model): claiming is one transaction that either takes the run
 * or refuses with a ConflictError naming the holder and leaves the run untouched; a lease
 * whose process is gone from this host is taken over at once, a stale one (no heartbeat for
 * LEASE_STALE_SECONDS) only when asked, a fresh one never; and a process whose lease was
 * taken over can write nothing more.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEASE_STALE_SECONDS } from '../../../src/shared/audit';
import type {
  RunProvenance,
  RunSpec,
  StayAuditDetail,
} from '../../../src/main/core/audit/audit-types';
import {
  LEASE_STALE_MS,
  LeaseLostError,
  RunStore,
  type RunLease,
} from '../../../src/main/core/audit/run-store';
import { SEARCH_PARAM_DEFAULTS } from '../../../src/main/core/search';
import { ConflictError, type Store } from '../../../src/main/core/store';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const provenance: RunProvenance = {
  appVersion: '0.0.0-test',
  bundleTask: 'E1',
  bundleHashes: { 'ts_head.onnx': 'ab'.repeat(32) },
  executionProvider: 'cpu',
  cohortContentHash: 'cd'.repeat(32),
  cohortName: 'tiny',
  synthetic: true,
};

/** The pid of a process that has exited: nobody on this host has it (for a while). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

function result(stayId: number): StayAuditDetail {
  return {
    stayId,
    stayKey: `k${stayId}`,
    label: 0,
    pFull: 0.2,
    rawPFull: 0.2,
    yFull: 0,
    evidence: [],
    pEvidence: 0.2,
    pWithoutEvidence: 0.2,
    leaderPath: [0.2],
    confidence: 0.8,
    stability: 1,
    score: 1,
    status: 'converged',
    reachable: true,
    steps: 0,
    statesScored: 1,
    noteUnits: 0,
    elapsedMs: 1,
    trace: [],
    candidates: [],
  };
}

describe('run leases', () => {
  let temp: ReturnType<typeof tempStore>;
  let store: Store;
  let runs: RunStore;
  let stayIds: number[];
  let spec: RunSpec;

  /** Makes the run look held by another process: `pid` on `host`, last heartbeat `age` s ago. */
  function heldBy(runId: number, pid: number, host: string, age: number | null, token = 'other') {
    store.db
      .prepare(
        `UPDATE runs SET status = 'running', owner_pid = ?, owner_host = ?, lease_token = ?,
           heartbeat_at = ? WHERE id = ?`,
      )
      .run(pid, host, token, age === null ? null : secondsAgo(age), runId);
  }

  beforeEach(() => {
    temp = tempStore();
    store = temp.store;
    const cohortId = store.createCohort(TINY_SCHEMA);
    const write = store.stayWriter(cohortId);
    stayIds = ['a', 'b', 'c'].map((key) => write(tinyStay(key)));
    runs = new RunStore(store);
    spec = {
      cohortId,
      task: 'E1',
      split: null,
      bundleDir: '/bundles/E1',
      params: SEARCH_PARAM_DEFAULTS,
      workers: 1,
      stayKeys: null,
    };
  });
  afterEach(() => temp.dispose());

  const newRun = () => runs.createRun({ spec, provenance, stayIds, excluded: 0 });

  it('refuses a second claim while the first is live, and leaves the run to it', () => {
    const runId = newRun();
    runs.markFinished(runId, 'cancelled');
    const first = runs.claim(runId)!;
    expect(first.lease).toMatchObject({ pid: process.pid, host: hostname() });
    const second = () => runs.claim(runId);
    expect(second).toThrow(ConflictError);
    expect(second).toThrow(
      new RegExp(
        `^Audit run ${runId} is already running \\(process ${process.pid} on host ${hostname()}, last heartbeat \\d+ s ago\\)\\. Wait for it to finish, or cancel it there\\.$`,
      ),
    );
    // Not failed, not released: still running under the first claim.
    expect(runs.getRun(runId)).toMatchObject({ status: 'running', error: null });
    expect(runs.heartbeat(runId, first.lease)).toBe(true);
    runs.saveResult(runId, result(stayIds[0]!), first.lease);
  });

  it('takes over at once a lease whose process is gone from this host', () => {
    const runId = newRun();
    const pid = deadPid();
    heldBy(runId, pid, hostname(), 1);
    expect(runs.getRun(runId)).toMatchObject({ interrupted: true, lease: { state: 'dead', pid } });
    const claim = runs.claim(runId)!;
    expect(claim.tookOverFrom).toMatchObject({ pid, state: 'dead' });
    expect(runs.lease(runId)).toMatchObject({ pid: process.pid, state: 'live' });
  });

  it('takes a stale lease of another host over only when asked', () => {
    const runId = newRun();
    heldBy(runId, 13754, 'ward-pc-old', LEASE_STALE_SECONDS + 60);
    expect(runs.getRun(runId)).toMatchObject({ interrupted: true, lease: { state: 'stale' } });
    expect(() => runs.claim(runId)).toThrow(
      new RegExp(
        `Audit run ${runId} is already running \\(process 13754 on host ward-pc-old, last heartbeat 18\\d s ago\\)\\. No heartbeat for more than ${LEASE_STALE_SECONDS} s[^]*toe resume ${runId} --take-over`,
      ),
    );
    expect(runs.getRun(runId).status).toBe('running');
    // Only from the holder the caller was shown.
    const shown = runs.leaseHolder(runId);
    expect(shown).toEqual({ pid: 13754, host: 'ward-pc-old', token: 'other' });
    expect(() => runs.claim(runId, { takeOver: { ...shown, token: 'another' } })).toThrow(
      /changed hands since the take-over was confirmed/,
    );
    const claim = runs.claim(runId, { takeOver: shown })!;
    expect(claim.tookOverFrom).toMatchObject({ pid: 13754, host: 'ward-pc-old', state: 'stale' });
    expect(runs.lease(runId)).toMatchObject({ pid: process.pid, host: hostname(), state: 'live' });
  });

  it('never takes over a fresh lease, even when asked', () => {
    const runId = newRun();
    heldBy(runId, 13754, 'ward-pc', 5);
    expect(runs.getRun(runId)).toMatchObject({ interrupted: false, lease: { state: 'live' } });
    const attempt = () => runs.claim(runId, { takeOver: true });
    expect(attempt).toThrow(ConflictError);
    expect(attempt).toThrow(
      /already running \(process 13754 on host ward-pc, last heartbeat \d s ago\)\. It is not taken over: its heartbeat is fresh/,
    );
    expect(runs.leaseHolder(runId)).toEqual({ pid: 13754, host: 'ward-pc', token: 'other' });
  });

  it('treats a run recorded before leases by when it last started', () => {
    const runId = newRun();
    store.db
      .prepare(
        `UPDATE runs SET owner_host = 'ward-pc-old', owner_pid = 1, lease_token = NULL,
           heartbeat_at = NULL, started_at = ?, resumed_at = NULL WHERE id = ?`,
      )
      .run(secondsAgo(3 * 3600), runId);
    expect(runs.lease(runId)).toMatchObject({ state: 'stale', heartbeatAgeSeconds: 10800 });
    expect(runs.claim(runId, { takeOver: { pid: 1, host: 'ward-pc-old', token: null } })).not.toBe(
      null,
    );
  });

  it('stops a process whose lease was taken over from writing anything more', () => {
    const runId = newRun();
    const old: RunLease = { token: 'old', pid: 13754, host: 'ward-pc-old' };
    heldBy(runId, old.pid, old.host, LEASE_STALE_MS / 1000 + 1, old.token);
    const claim = runs.claim(runId, { takeOver: true })!;
    expect(runs.heartbeat(runId, old)).toBe(false);
    expect(() => runs.saveResult(runId, result(stayIds[0]!), old)).toThrow(LeaseLostError);
    expect(() => runs.markFinished(runId, 'failed', 'late', old)).toThrow(
      new RegExp(`Audit run ${runId} was taken over by process ${process.pid}`),
    );
    expect(runs.getRun(runId)).toMatchObject({ status: 'running', doneStays: 0 });
    runs.saveResult(runId, result(stayIds[0]!), claim.lease);
    runs.markFinished(runId, 'cancelled', null, claim.lease);
    expect(runs.getRun(runId)).toMatchObject({ status: 'cancelled', doneStays: 1, lease: null });
  });

  it('has nothing to claim in a completed run', () => {
    const runId = newRun();
    runs.markFinished(runId, 'completed');
    expect(runs.claim(runId)).toBeNull();
  });
});
