/**
 * Runs recorded before manifests were hashed and leases existed (no `manifest.json` in their
 * bundle hashes, no run fingerprint, no recorded manifest, no heartbeat) still open, report,
 * resume and get their dashboard evaluation, compared on the files they did record.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunProvenance } from '../../../src/shared/audit';
import { resumeRun, startRun } from '../../../src/main/core/audit/run-engine';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { evaluateBundle } from '../../../src/main/core/evaluation';
import { DEFAULT_EVALUATION } from '../../../src/shared/evaluation-settings';
import { bundleFingerprint, readManifest } from '../../../src/main/core/models';
import { gatherReportData } from '../../../src/main/core/report/audit-report-data';
import { BUNDLE_DIR } from '../models/training-cohort';
import { demoStore, resultsPerPlannedStay } from '../../support/audit-runs';

describe('a run recorded before manifest hashes and leases', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let runs: RunStore;
  let runId: number;

  beforeAll(async () => {
    demo = await demoStore(150);
    runs = new RunStore(demo.store);
    const keys = demo.store
      .listStays(demo.cohortId, { split: 'test', limit: 6 })
      .stays.map((s) => s.stayKey);
    const run = await startRun(
      demo.store,
      { cohortId: demo.cohortId, task: 'E1', split: 'test', stayKeys: keys, workers: 1 },
      { executionProvider: 'cpu' },
    );
    runId = run.id;
    // Rewritten as the previous release recorded it.
    const { 'manifest.json': _manifest, ...files } = run.provenance.bundleHashes;
    const { bundleFingerprint: _fingerprint, ...rest } = run.provenance;
    const legacy: RunProvenance = { ...rest, bundleHashes: files };
    demo.store.db
      .prepare('UPDATE runs SET provenance = ?, bundle_manifest = NULL WHERE id = ?')
      .run(JSON.stringify(legacy), runId);
  }, 120_000);
  afterAll(() => demo.dispose());

  it('opens and reports with the bundle’s details', () => {
    const run = runs.getRun(runId);
    expect(run.provenance.bundleHashes['manifest.json']).toBeUndefined();
    const data = gatherReportData(demo.store, runId, { seed: 7, resamples: 50 });
    expect(data.model.bundleProblem).toBeNull();
    expect(data.model.bundle).not.toBeNull();
  });

  it('is evaluated for its dashboard under the fingerprint it recorded', async () => {
    const run = runs.getRun(runId);
    const legacy = bundleFingerprint(run.provenance.bundleHashes);
    const { stored } = await evaluateBundle(demo.store, {
      cohort: String(demo.cohortId),
      task: 'E1',
      split: 'test',
      bundle: BUNDLE_DIR,
      expectedFingerprint: legacy,
      ks: [1],
      methods: ['toe'],
      ...DEFAULT_EVALUATION,
      limit: 2,
      abstention: false,
    });
    expect(stored.result.provenance.bundle.files.map((f) => f.path)).toContain('manifest.json');
  }, 120_000);

  it('resumes after a kill, its files compared, its lease taken from the dead process', async () => {
    demo.store.db
      .prepare(
        `DELETE FROM run_results WHERE run_id = ? AND stay_id IN (
           SELECT stay_id FROM run_stays WHERE run_id = ? AND position >= 3)`,
      )
      .run(runId, runId);
    demo.store.db
      .prepare(
        `UPDATE runs SET status = 'running', finished_at = NULL, owner_pid = ?, owner_host = ?,
           lease_token = NULL, heartbeat_at = NULL WHERE id = ?`,
      )
      .run(spawnSync(process.execPath, ['-e', '']).pid, hostname(), runId);
    expect(runs.getRun(runId)).toMatchObject({ interrupted: true, lease: { state: 'dead' } });
    const resumed = await resumeRun(demo.store, runId);
    expect(resumed).toMatchObject({ status: 'completed', doneStays: 6 });
    expect(resultsPerPlannedStay(demo.store.db, runId)).toEqual(Array(6).fill(1));
    // Its record stays as it was made.
    expect(resumed.provenance.bundleHashes).toEqual(
      Object.fromEntries(readManifest(BUNDLE_DIR).files.map((f) => [f.path, f.sha256])),
    );
  }, 120_000);
});
