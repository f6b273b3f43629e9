/**
 * Where pool workers run (jobs/pool-thread.ts): in this process when it has
 * --single-threaded-gc, else each in a host process started with it, as the desktop app's
 * must be. Through host processes the workers run with the flag, a real audit gives exactly
 * the results of in-process threads, and a worker that dies still fails the run.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayAuditDetail } from '../../../src/main/core/audit/audit-types';
import { RunFailedError } from '../../../src/main/core/audit/run-errors';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { runAuditPool } from '../../../src/main/core/audit/worker-pool';
import { poolHost, SINGLE_THREADED_GC } from '../../../src/main/core/jobs/pool-thread';
import { comparableResults, demoStore } from '../../support/audit-runs';
import { plainTempDir } from '../../support/plain-temp-dir';
import type { WhereItRan } from '../../support/gc-flag-worker';

const FLAG_WORKER = new URL('../../support/gc-flag-worker.ts', import.meta.url);
const CRASHING_WORKER = new URL('../../support/crashing-audit-worker.ts', import.meta.url);

describe('poolHost', () => {
  it('keeps threads in a process started with the flag, else hosts them', () => {
    expect(poolHost({}, [SINGLE_THREADED_GC])).toBe('thread');
    expect(poolHost({ NODE_OPTIONS: `--max-old-space-size=4096 ${SINGLE_THREADED_GC}` }, [])).toBe(
      'thread',
    );
    expect(poolHost({}, [])).toBe('process');
    expect(poolHost({}, ['--inspect'])).toBe('process');
    expect(poolHost({ TOE_POOL_HOST: 'thread' }, [])).toBe('thread');
    expect(poolHost({ TOE_POOL_HOST: 'process' }, [SINGLE_THREADED_GC])).toBe('process');
  });
});

describe('pool workers in host processes', () => {
  const chosen = process.env.TOE_POOL_HOST;
  beforeAll(() => {
    // As in the desktop app: this test process runs without the flag.
    expect(process.execArgv).not.toContain(SINGLE_THREADED_GC);
    process.env.TOE_POOL_HOST = 'process';
  });
  afterAll(() => {
    process.env.TOE_POOL_HOST = chosen;
  });

  it('runs each worker thread in a process of its own that has --single-threaded-gc', async () => {
    const seen: WhereItRan[] = [];
    const signIn = plainTempDir('toe-pool-barrier-');
    process.env.TOE_TEST_WORKER_BARRIER = `${join(signIn, 'workers')}:2`;
    try {
      await runAuditPool([11, 12, 13, 14, 15, 16], {
        size: 2,
        batchSize: 1,
        entry: FLAG_WORKER,
        data: {} as never,
        onResult: (detail) => seen.push(detail as unknown as WhereItRan),
      });
    } finally {
      delete process.env.TOE_TEST_WORKER_BARRIER;
      rmSync(signIn, { recursive: true, force: true });
    }
    expect(seen.map((s) => s.stayId).sort()).toEqual([11, 12, 13, 14, 15, 16]);
    expect(seen.every((s) => s.workerThread && s.execArgv.includes(SINGLE_THREADED_GC))).toBe(true);
    const pids = new Set(seen.map((s) => s.pid));
    expect(pids.size).toBe(2);
    expect(pids.has(process.pid)).toBe(false);
  });

  it('runs threads in this process when told to, without the flag', async () => {
    process.env.TOE_POOL_HOST = 'thread';
    const seen: WhereItRan[] = [];
    try {
      await runAuditPool([1, 2], {
        size: 2,
        batchSize: 1,
        entry: FLAG_WORKER,
        data: {} as never,
        onResult: (detail: StayAuditDetail) => seen.push(detail as unknown as WhereItRan),
      });
    } finally {
      process.env.TOE_POOL_HOST = 'process';
    }
    expect(seen.every((s) => s.pid === process.pid && s.workerThread)).toBe(true);
    expect(seen.every((s) => !s.execArgv.includes(SINGLE_THREADED_GC))).toBe(true);
  });

  describe('a real audit', () => {
    let demo: Awaited<ReturnType<typeof demoStore>>;
    beforeAll(async () => {
      demo = await demoStore(120);
    }, 120_000);
    afterAll(() => demo?.dispose());
    const request = () => ({ cohortId: demo.cohortId, task: 'E1', split: 'test' as const });

    it('gives exactly the results of in-process threads', async () => {
      const hosted = await startRun(
        demo.store,
        { ...request(), workers: 2 },
        { executionProvider: 'cpu' },
      );
      process.env.TOE_POOL_HOST = 'thread';
      let threaded;
      try {
        threaded = await startRun(
          demo.store,
          { ...request(), workers: 2 },
          { executionProvider: 'cpu' },
        );
      } finally {
        process.env.TOE_POOL_HOST = 'process';
      }
      expect(hosted.status).toBe('completed');
      const results = comparableResults(demo.store, hosted.id);
      expect(results.size).toBeGreaterThan(10);
      expect(results).toEqual(comparableResults(demo.store, threaded.id));
    }, 300_000);

    it('fails the run when a hosted worker dies, naming its exit code', async () => {
      const failed = startRun(
        demo.store,
        { ...request(), workers: 1 },
        { executionProvider: 'cpu', workerEntry: CRASHING_WORKER },
      );
      await expect(failed).rejects.toThrow(RunFailedError);
      await expect(failed).rejects.toThrow(/worker 1 stopped unexpectedly \(exit code 7\)/);
      const [run] = new RunStore(demo.store).listRuns().slice(-1);
      expect(run).toMatchObject({ status: 'failed' });
    }, 300_000);
  });
});
