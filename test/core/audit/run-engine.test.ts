/**
 * The run engine end to end on a small SYNTHETIC demo cohort (test split) and the shipped E1
 * bundle: results do not depend on the number of workers, a cancelled or crashed run
 * resumes to exactly the uninterrupted results, of two resumes at once exactly one runs, a
 * changed bundle is never resumed on, and a bundle that cannot read the cohort is refused
 * before any run exists.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunProgress, RunSummary } from '../../../src/main/core/audit/audit-types';
import { RunCancelledError, RunFailedError } from '../../../src/main/core/audit/run-errors';
import { resumeRun, startRun, type RunOptions } from '../../../src/main/core/audit/run-engine';
import { LeaseLostError, RunStore } from '../../../src/main/core/audit/run-store';
import { CancelledError } from '../../../src/main/core/jobs/progress';
import { readBundleCalibration } from '../../../src/main/core/calibration';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  canonicalJson,
  decisionFingerprint,
  readManifest,
  SIGNATURE_FILE,
  writeSignature,
} from '../../../src/main/core/models';
import { ConflictError } from '../../../src/main/core/store';
import { BUNDLE_DIR } from '../models/training-cohort';
import {
  comparableResults,
  demoStore,
  resultsPerPlannedStay,
  type ComparableDetail,
} from '../../support/audit-runs';
import { TINY_SCHEMA, tinyStay } from '../../support/temp-store';

const CRASHING_WORKER = new URL('../../support/crashing-audit-worker.ts', import.meta.url);
const cpu: RunOptions = { executionProvider: 'cpu' };

describe('audit runs', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let runs: RunStore;
  let reference: RunSummary;
  let expected: Map<string, ComparableDetail>;
  const request = () => ({ cohortId: demo.cohortId, task: 'E1', split: 'test' as const });

  /** Aborts once `count` results are committed (the engine commits on this thread). */
  function abortAfter(count: number): { signal: AbortSignal; stop: () => void } {
    const controller = new AbortController();
    const timer = setInterval(() => {
      const { n } = demo.store.db.prepare('SELECT COUNT(*) AS n FROM run_results').get() as {
        n: number;
      };
      if (n >= count) controller.abort();
    }, 5);
    return { signal: controller.signal, stop: () => clearInterval(timer) };
  }

  const countAll = () =>
    (demo.store.db.prepare('SELECT COUNT(*) AS n FROM run_results').get() as { n: number }).n;

  beforeAll(async () => {
    demo = await demoStore(300);
    runs = new RunStore(demo.store);
    const events: RunProgress[] = [];
    reference = await startRun(
      demo.store,
      { ...request(), workers: 1 },
      {
        ...cpu,
        progress: (p) => events.push(p),
      },
    );
    expected = comparableResults(demo.store, reference.id);
    // Progress: both phases reported, and the last auditing event says everything is done.
    expect(events.some((e) => e.phase === 'embedding')).toBe(true);
    const audited = events.filter((e) => e.phase === 'auditing');
    expect(audited.at(-1)).toMatchObject({ done: reference.totalStays, etaSeconds: 0 });
    expect(audited.map((e) => e.done)).toEqual(
      [...audited.map((e) => e.done)].sort((a, b) => a - b),
    );
  });
  afterAll(() => demo.dispose());

  it('audits every labelled test stay once and records where the numbers came from', () => {
    const testStays = demo.store.stayIds(demo.cohortId, 'test');
    expect(reference).toMatchObject({
      status: 'completed',
      totalStays: testStays.length,
      doneStays: testStays.length,
      excludedStays: 0,
      error: null,
    });
    expect(reference.convergedStays! + reference.exhaustedStays!).toBe(testStays.length);
    // The shipped bundle is calibrated: the threshold is the one its calibration file chose.
    const calibration = readBundleCalibration(
      BUNDLE_DIR,
      bundleFingerprint(bundleHashes(readManifest(BUNDLE_DIR))),
    )!;
    expect(reference.spec.decision).toMatchObject({
      mode: 'calibrated',
      map: calibration.calibration.map,
      fileSha256: calibration.sha256,
    });
    expect(reference.spec.params.threshold).toBe(calibration.calibration.threshold.value);
    expect(reference.provenance).toMatchObject({
      bundleTask: 'E1',
      executionProvider: 'cpu',
      cohortName: 'demo',
      synthetic: true,
      cohortContentHash: demo.store.cohortContentHash(demo.cohortId),
    });
    // Every file and the manifest; the run's fingerprint adds the calibration it decided on.
    const manifest = readManifest(BUNDLE_DIR);
    expect(Object.keys(reference.provenance.bundleHashes)).toHaveLength(manifest.files.length + 1);
    expect(reference.provenance.bundleHashes['manifest.json']).toBe(manifest.manifestSha256);
    expect(reference.provenance.bundleFingerprint).toBe(
      decisionFingerprint(bundleHashes(manifest), calibration.sha256),
    );
    expect(reference.provenance.bundleFingerprint).not.toBe(
      bundleFingerprint(bundleHashes(manifest)),
    );
    expect(runs.startedManifest(reference.id)).toBe(
      canonicalJson(JSON.parse(readFileSync(join(BUNDLE_DIR, 'manifest.json'), 'utf8'))),
    );
    expect(new Set(resultsPerPlannedStay(demo.store.db, reference.id))).toEqual(new Set([1]));
    const one = runs.detail(reference.id, testStays[0]!);
    expect(one.trace).toHaveLength(one.steps);
    expect(one.pWithoutEvidence).toBeGreaterThanOrEqual(0);
  });

  it('gives identical results with 2 workers', async () => {
    const run = await startRun(demo.store, { ...request(), workers: 2 }, cpu);
    expect(run.status).toBe('completed');
    expect(comparableResults(demo.store, run.id)).toEqual(expected);
  });

  it('cancels cleanly, keeps what was committed, and resumes to the same results', async () => {
    const before = countAll();
    const abort = abortAfter(before + 5);
    const cancelled = startRun(
      demo.store,
      { ...request(), workers: 2 },
      { ...cpu, signal: abort.signal },
    );
    await expect(cancelled).rejects.toThrow(RunCancelledError);
    await expect(cancelled).rejects.toThrow(/results are kept and the run can be resumed/);
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    abort.stop();
    const [run] = runs.listRuns().slice(-1);
    expect(run!.status).toBe('cancelled');
    expect(run!.doneStays).toBeGreaterThanOrEqual(5);
    expect(run!.doneStays).toBeLessThan(run!.totalStays);

    const resumed = await resumeRun(demo.store, run!.id, { workers: 2 });
    expect(resumed).toMatchObject({ status: 'completed', doneStays: run!.totalStays });
    expect(resultsPerPlannedStay(demo.store.db, run!.id).every((n) => n === 1)).toBe(true);
    expect(comparableResults(demo.store, run!.id)).toEqual(expected);
  });

  it('fails the run when a worker dies, and resumes it to the same results', async () => {
    const failed = startRun(
      demo.store,
      { ...request(), workers: 1 },
      {
        ...cpu,
        workerEntry: CRASHING_WORKER,
      },
    );
    await expect(failed).rejects.toThrow(RunFailedError);
    await expect(failed).rejects.toThrow(/worker 1 stopped unexpectedly \(exit code 7\)/);
    const [run] = runs.listRuns().slice(-1);
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/exit code 7/) });
    expect(run!.doneStays).toBeGreaterThan(0);

    const resumed = await resumeRun(demo.store, run!.id);
    expect(resumed.status).toBe('completed');
    expect(comparableResults(demo.store, run!.id)).toEqual(expected);
    // A completed run has nothing left: resuming it again changes nothing.
    expect(await resumeRun(demo.store, run!.id)).toEqual(runs.getRun(run!.id));
  });

  it('refuses a bundle that cannot read the cohort before creating a run', async () => {
    const tinyId = demo.store.createCohort(TINY_SCHEMA);
    demo.store.stayWriter(tinyId)(tinyStay('t1'));
    const before = runs.listRuns().length;
    await expect(startRun(demo.store, { cohortId: tinyId, task: 'E1' }, cpu)).rejects.toThrow(
      BundleError,
    );
    await expect(startRun(demo.store, { cohortId: tinyId, task: 'E1' }, cpu)).rejects.toThrow(
      /trained on another feature schema than cohort "tiny"/,
    );
    await expect(
      startRun(demo.store, { ...request(), task: 'E2', bundleDir: BUNDLE_DIR }, cpu),
    ).rejects.toThrow(/predicts E1, not E2/);
    await expect(
      startRun(demo.store, { ...request(), params: { tauConf: 2 } }, cpu),
    ).rejects.toThrow(/tauConf/);
    expect(runs.listRuns()).toHaveLength(before);
    demo.store.deleteCohort(tinyId);
  });

  /** A run cancelled after a few results, ready to resume. */
  async function interruptedRun(
    extra: Partial<ReturnType<typeof request>> & { bundleDir?: string } = {},
  ) {
    const abort = abortAfter(countAll() + 5);
    await expect(
      startRun(
        demo.store,
        { ...request(), workers: 2, ...extra },
        { ...cpu, signal: abort.signal },
      ),
    ).rejects.toThrow(RunCancelledError);
    abort.stop();
    const run = runs.listRuns().at(-1)!;
    expect(run.status).toBe('cancelled');
    expect(run.doneStays).toBeLessThan(run.totalStays);
    return run;
  }

  it('runs exactly one of two resumes started together; the other is refused, the run not failed', async () => {
    const run = await interruptedRun();
    const [a, b] = await Promise.allSettled([
      resumeRun(demo.store, run.id, { workers: 2 }),
      resumeRun(demo.store, run.id, { workers: 2 }),
    ]);
    const done = [a, b].filter((r) => r.status === 'fulfilled');
    const refused = [a, b].filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(ConflictError);
    expect(reason.message).toMatch(
      new RegExp(
        `^Audit run ${run.id} is already running \\(process ${process.pid} on host .+, last heartbeat \\d+ s ago\\)`,
      ),
    );
    expect(runs.getRun(run.id)).toMatchObject({ status: 'completed', error: null, lease: null });
    expect(resultsPerPlannedStay(demo.store.db, run.id).every((n) => n === 1)).toBe(true);
    expect(comparableResults(demo.store, run.id)).toEqual(expected);
  });

  it('refuses to resume on a changed bundle, naming what differs, and leaves the run as it was', async () => {
    const bundleDir = join(demo.dir, 'E1-swapped');
    cpSync(BUNDLE_DIR, bundleDir, { recursive: true });
    const run = await interruptedRun({ bundleDir });
    const path = join(bundleDir, 'manifest.json');
    const genuine = readFileSync(path, 'utf8');
    const signature = readFileSync(join(bundleDir, SIGNATURE_FILE), 'utf8');
    const edited = { ...JSON.parse(genuine), decisionThreshold: 0.05 };

    // Edited by hand: the bundle itself is refused.
    writeFileSync(path, JSON.stringify(edited));
    await expect(resumeRun(demo.store, run.id)).rejects.toThrow(
      /manifest\.json in .* was changed after the bundle was signed: decisionThreshold is 0\.05, the bundle was signed with 0\.5/,
    );
    expect(runs.getRun(run.id)).toMatchObject({ status: 'cancelled', lease: null });

    // Swapped for a consistent, signed bundle: not the one the run started with.
    writeSignature(bundleDir, edited);
    const refusal = resumeRun(demo.store, run.id);
    await expect(refusal).rejects.toThrow(BundleError);
    await expect(refusal).rejects.toThrow(
      `is not the one audit run ${run.id} started with (manifest.json: decisionThreshold is 0.05, the run started with 0.5)`,
    );
    expect(runs.getRun(run.id)).toMatchObject({ status: 'cancelled', error: null, lease: null });

    // The genuine bundle back: the run resumes to the uninterrupted results.
    writeFileSync(path, genuine);
    writeFileSync(join(bundleDir, SIGNATURE_FILE), signature);
    const resumed = await resumeRun(demo.store, run.id, { workers: 2 });
    expect(resumed.status).toBe('completed');
    expect(comparableResults(demo.store, run.id)).toEqual(expected);
  });

  it('stops, writing nothing more, when its run is taken over meanwhile', async () => {
    const before = countAll();
    const started = startRun(demo.store, { ...request(), workers: 1 }, { ...cpu, heartbeatMs: 20 });
    const runId = await new Promise<number>((resolve) => {
      const timer = setInterval(() => {
        if (countAll() >= before + 3) {
          clearInterval(timer);
          resolve(runs.listRuns().at(-1)!.id);
        }
      }, 5);
    });
    // Another process takes the run over (as `toe resume --take-over` would).
    demo.store.db
      .prepare(
        `UPDATE runs SET owner_pid = 1, owner_host = 'elsewhere', lease_token = 'theirs' WHERE id = ?`,
      )
      .run(runId);
    await expect(started).rejects.toThrow(LeaseLostError);
    await expect(started).rejects.toThrow(/was taken over by process 1 on host elsewhere/);
    expect(runs.getRun(runId)).toMatchObject({ status: 'running', error: null });
    expect(runs.leaseHolder(runId)).toEqual({ pid: 1, host: 'elsewhere', token: 'theirs' });
    runs.markFinished(runId, 'cancelled');
  });

  it('audits a chosen subset, scores without searching a stay without a label, and refuses a changed cohort', async () => {
    const keys = demo.store
      .listStays(demo.cohortId, { split: 'test', limit: 6 })
      .stays.map((s) => s.stayKey);
    const controller = new AbortController();
    controller.abort();
    const stopped = startRun(
      demo.store,
      { ...request(), stayKeys: keys },
      {
        ...cpu,
        signal: controller.signal,
      },
    );
    await expect(stopped).rejects.toThrow(RunCancelledError);
    const [cancelled] = runs.listRuns().slice(-1);

    // One stay loses its label: the cohort's content (and so its hash) changes.
    const unlabelled = demo.store.db
      .prepare('SELECT id FROM stays WHERE stay_key = ?')
      .get(keys[0]) as { id: number };
    demo.store.db
      .prepare(`DELETE FROM outcomes WHERE stay_id = ? AND task = 'E1'`)
      .run(unlabelled.id);
    await expect(resumeRun(demo.store, cancelled!.id)).rejects.toThrow(ConflictError);

    const subset = await startRun(demo.store, { ...request(), stayKeys: keys, workers: 2 }, cpu);
    expect(subset).toMatchObject({ status: 'completed', totalStays: 5, excludedStays: 1 });
    const results = comparableResults(demo.store, subset.id);
    expect([...results.keys()]).toEqual(keys.slice(1));
    for (const [key, result] of results) expect(result).toEqual(expected.get(key));

    // The stay without a label is scored, not searched: the risk its search gave it when it
    // had a label, on the same scale and with the same decision.
    const before = expected.get(keys[0]!)!;
    const scored = {
      stayId: unlabelled.id,
      pFull: before.pFull,
      rawPFull: before.rawPFull,
      yFull: before.yFull,
    };
    expect(runs.awaitingRisks(subset.id)).toEqual([scored]);
    expect(runs.unscoredAwaitingStayIds(subset.id)).toEqual([]);

    // Cancelled before it scored anything, a run scores its stays awaiting outcomes on resume.
    const halted = new AbortController();
    halted.abort();
    await expect(
      startRun(demo.store, { ...request(), stayKeys: keys }, { ...cpu, signal: halted.signal }),
    ).rejects.toThrow(RunCancelledError);
    const [again] = runs.listRuns().slice(-1);
    expect(runs.unscoredAwaitingStayIds(again!.id)).toEqual([unlabelled.id]);
    expect(runs.awaitingRisks(again!.id)).toEqual([]);
    await resumeRun(demo.store, again!.id, cpu);
    expect(runs.awaitingRisks(again!.id)).toEqual([scored]);
  });
});
