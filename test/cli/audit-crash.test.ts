/**
 * THE CRASH TEST. The real `toe audit` (node bin/toe.mjs, no npm in between, so the pid is
 * the process running the audit) is killed with SIGKILL mid-run, then `toe resume` finishes
 * it: every planned stay must have exactly one result, equal to an uninterrupted run's on
 * a copy of the cohort (everything but elapsedMs). The same for Ctrl-C (SIGINT), which must
 * cancel cleanly and say how to resume.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/main/core/store';
import {
  comparableResults,
  copyStore,
  demoStore,
  resultsPerPlannedStay,
  type ComparableDetail,
} from '../support/audit-runs';
import { runToe } from '../support/run-toe';

const TOE = fileURLToPath(new URL('../../bin/toe.mjs', import.meta.url));
const ENV = { TOE_EXECUTION_PROVIDER: 'cpu' };
// Without the validation audit, so the run killed is the one compared (the validation pair
// resumes through the same resumeRun: test/core/audit/validation-run.test.ts).
const AUDIT = [
  'audit',
  '--cohort',
  'demo',
  '--task',
  'E1',
  '--split',
  'test',
  '--workers',
  '2',
  '--no-validation',
];

/** Starts `toe audit` and resolves once `count` results of its new run are committed. */
async function auditUntil(db: string, count: number) {
  // Polls the store as a reader would: read-only, beside the audit's own writes (WAL).
  const reader = new Database(db, { readonly: true, fileMustExist: true });
  const { last } = reader.prepare('SELECT COALESCE(MAX(id), 0) AS last FROM runs').get() as {
    last: number;
  };
  const child = spawn(process.execPath, [TOE, '--db', db, ...AUDIT], {
    env: { ...process.env, ...ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  try {
    for (;;) {
      const run = reader
        .prepare(
          `SELECT r.id, r.total_stays AS total, COUNT(x.stay_id) AS done FROM runs r
           LEFT JOIN run_results x ON x.run_id = r.id
           WHERE r.id > ? GROUP BY r.id`,
        )
        .get(last) as { id: number; total: number; done: number } | undefined;
      if (run && run.done >= count) return { child, exited, run, stderr: () => stderr };
      if (child.exitCode !== null) throw new Error(`toe audit ended early: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    reader.close();
  }
}

describe('an audit killed mid-run', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let expected: Map<string, ComparableDetail>;

  beforeAll(async () => {
    // ~150 test stays: several seconds of auditing, a wide window to kill it in.
    demo = await demoStore(1000);
    const copy = join(demo.dir, 'uninterrupted.sqlite');
    copyStore(demo.dbPath, copy);
    const reference = runToe([...AUDIT, '--json'], copy, ENV);
    expect(reference.status, reference.stderr).toBe(0);
    const referenceStore = new Store(copy);
    expected = comparableResults(referenceStore, JSON.parse(reference.stdout).id);
    referenceStore.close();
    expect(expected.size).toBe(demo.store.stayIds(demo.cohortId, 'test').length);
  });
  afterAll(() => demo.dispose());

  it('resumes after SIGKILL with exactly one result per stay, equal to an uninterrupted run', async () => {
    const { child, exited, run } = await auditUntil(demo.dbPath, 10);
    process.kill(child.pid!, 'SIGKILL');
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(run.done).toBeLessThan(run.total);

    const left = JSON.parse(runToe(['runs', '--json'], demo.dbPath, ENV).stdout);
    expect(left.at(-1)).toMatchObject({ id: run.id, status: 'running', interrupted: true });
    expect(left.at(-1).doneStays).toBeGreaterThanOrEqual(run.done);
    expect(left.at(-1).doneStays).toBeLessThan(run.total);

    const resumed = runToe(['resume', String(run.id), '--json'], demo.dbPath, ENV);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'completed', doneStays: run.total });
    const perStay = resultsPerPlannedStay(demo.store.db, run.id);
    expect(perStay).toHaveLength(run.total);
    expect(perStay.every((n) => n === 1)).toBe(true);
    expect(comparableResults(demo.store, run.id)).toEqual(expected);
  });

  it('cancels on Ctrl-C, says how to resume, and resumes to the same results', async () => {
    const { child, exited, run, stderr } = await auditUntil(demo.dbPath, 10);
    process.kill(child.pid!, 'SIGINT');
    expect((await exited).code).toBe(130);
    expect(stderr()).toMatch(
      new RegExp(
        `Audit run ${run.id} was cancelled after \\d+ of ${run.total} stays[^]*toe resume ${run.id}`,
      ),
    );
    const resumed = runToe(['resume', String(run.id)], demo.dbPath, ENV);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resultsPerPlannedStay(demo.store.db, run.id).every((n) => n === 1)).toBe(true);
    expect(comparableResults(demo.store, run.id)).toEqual(expected);
  });
});
