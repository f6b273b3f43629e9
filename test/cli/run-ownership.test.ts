/**
 * Who may continue an interrupted audit run, through the real `toe` command: of two
 * `toe resume` started together exactly one runs (the other exits 5, the run is not marked
 * failed, and it ends with one result per stay); a run left by another host is taken over
 * with --take-over only when its heartbeat is stale, after confirmation (--yes without a
 * terminal); and a run is never resumed on a bundle other than the one it started with.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_STALE_SECONDS } from '../../src/shared/audit';
import { writeSignature } from '../../src/main/core/models';
import { Store } from '../../src/main/core/store';
import {
  comparableResults,
  demoStore,
  resultsPerPlannedStay,
  type ComparableDetail,
} from '../support/audit-runs';
import { runToe, type ToeResult } from '../support/run-toe';
import { BUNDLE_DIR } from '../core/models/training-cohort';

const TOE = fileURLToPath(new URL('../../bin/toe.mjs', import.meta.url));
const ENV = { TOE_EXECUTION_PROVIDER: 'cpu' };
const AUDIT = ['audit', '--cohort', 'demo', '--task', 'E1', '--split', 'test', '--workers', '2'];

/** `toe` as a child process that does not block this one (so two can run at once). */
function toeAsync(args: string[], db: string): Promise<ToeResult> {
  const child = spawn(process.execPath, [TOE, '--db', db, ...args], {
    env: { ...process.env, ...ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('run ownership', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let expected: Map<string, ComparableDetail>;
  let runId: number;
  let bundle: string;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, ENV);

  /**
   * Puts the completed run back as a run interrupted after `keep` stays: the other results
   * gone, and 'running' under the given owner (default: a process of this host that is gone).
   */
  function interrupt(
    keep: number,
    owner: { pid: number; host: string; heartbeatAgeSeconds: number } = {
      pid: spawnSync(process.execPath, ['-e', '']).pid!,
      host: hostname(),
      heartbeatAgeSeconds: 1,
    },
  ): void {
    const db = new Database(demo.dbPath);
    db.pragma('foreign_keys = ON');
    db.prepare(
      `DELETE FROM run_results WHERE run_id = ? AND stay_id IN (
         SELECT stay_id FROM run_stays WHERE run_id = ? AND position >= ?)`,
    ).run(runId, runId, keep);
    db.prepare(
      `UPDATE runs SET status = 'running', finished_at = NULL, owner_pid = ?, owner_host = ?,
         lease_token = 'killed', heartbeat_at = ? WHERE id = ?`,
    ).run(
      owner.pid,
      owner.host,
      new Date(Date.now() - owner.heartbeatAgeSeconds * 1000).toISOString(),
      runId,
    );
    db.close();
  }

  const run = () => {
    const store = new Store(demo.dbPath);
    try {
      return {
        ...JSON.parse(toe('runs', '--json').stdout).find((r: { id: number }) => r.id === runId),
        perStay: resultsPerPlannedStay(store.db, runId),
        results: comparableResults(store, runId),
      };
    } finally {
      store.close();
    }
  };

  beforeAll(async () => {
    demo = await demoStore(400);
    // A copy of the shipped bundle, which the last test swaps.
    bundle = join(demo.dir, 'E1');
    cpSync(BUNDLE_DIR, bundle, { recursive: true });
    const audited = toe(...AUDIT, '--bundle', bundle, '--no-validation', '--json');
    expect(audited.status, audited.stderr).toBe(0);
    runId = JSON.parse(audited.stdout).id;
    const store = new Store(demo.dbPath);
    expected = comparableResults(store, runId);
    store.close();
  }, 300_000);
  afterAll(() => demo.dispose());

  it('runs exactly one of two `toe resume` started together', async () => {
    interrupt(3);
    expect(run()).toMatchObject({ status: 'running', interrupted: true, doneStays: 3 });
    const results = await Promise.all([
      toeAsync(['resume', String(runId)], demo.dbPath),
      toeAsync(['resume', String(runId)], demo.dbPath),
    ]);
    const ok = results.filter((r) => r.status === 0);
    const refused = results.filter((r) => r.status !== 0);
    expect(ok, results.map((r) => r.stderr).join('\n')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.status).toBe(5);
    expect(refused[0]!.stderr).toMatch(
      new RegExp(
        `Audit run ${runId} is already running \\(process \\d+ on host ${hostname()}, last heartbeat \\d+ s ago\\)`,
      ),
    );
    const after = run();
    expect(after).toMatchObject({ status: 'completed', error: null });
    expect(after.perStay.every((n: number) => n === 1)).toBe(true);
    expect(after.results).toEqual(expected);
  });

  it('takes over a stale run of another host only with --take-over, confirmed', () => {
    interrupt(5, {
      pid: 13754,
      host: 'ward-pc-old',
      heartbeatAgeSeconds: LEASE_STALE_SECONDS + 60,
    });
    const plain = toe('resume', String(runId));
    expect(plain.status).toBe(5);
    expect(plain.stderr).toContain(
      `Audit run ${runId} is already running (process 13754 on host ward-pc-old, last heartbeat`,
    );
    expect(plain.stderr).toContain(`toe resume ${runId} --take-over`);
    // Without a terminal to ask on, --take-over needs --yes.
    const unconfirmed = toe('resume', String(runId), '--take-over');
    expect(unconfirmed.status).toBe(2);
    expect(unconfirmed.stderr).toMatch(/Take it over\?[^]*No terminal to ask on: pass --yes/);
    expect(run()).toMatchObject({ status: 'running', error: null, doneStays: 5 });

    const taken = toe('resume', String(runId), '--take-over', '--yes');
    expect(taken.status, taken.stderr).toBe(0);
    expect(taken.stderr).toContain(
      `Taking over audit run ${runId} from process 13754 on host ward-pc-old`,
    );
    const after = run();
    expect(after).toMatchObject({ status: 'completed' });
    expect(after.results).toEqual(expected);
  });

  it('refuses to take over a run of another host whose heartbeat is fresh, even with the flag', () => {
    interrupt(5, { pid: 13754, host: 'ward-pc', heartbeatAgeSeconds: 3 });
    const refused = toe('resume', String(runId), '--take-over', '--yes');
    expect(refused.status).toBe(5);
    expect(refused.stderr).toMatch(
      /already running \(process 13754 on host ward-pc, last heartbeat \d+ s ago\)\. It is not taken over: its heartbeat is fresh/,
    );
    expect(run()).toMatchObject({ status: 'running', interrupted: false, doneStays: 5 });
  });

  it('refuses to resume a killed run after its bundle was swapped, naming what differs', () => {
    interrupt(5);
    const path = join(bundle, 'manifest.json');
    const genuine = readFileSync(path, 'utf8');
    const swapped = { ...JSON.parse(genuine), decisionThreshold: 0.05 };
    writeFileSync(path, JSON.stringify(swapped));
    writeSignature(bundle, swapped);
    const refused = toe('resume', String(runId));
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain(
      `is not the one audit run ${runId} started with (manifest.json: decisionThreshold is 0.05, the run started with 0.5)`,
    );
    // Left as it was: interrupted, resumable once the bundle is the genuine one again.
    expect(run()).toMatchObject({
      status: 'running',
      interrupted: true,
      error: null,
      doneStays: 5,
    });
  });
});
