/**
 * The run tables on their own (no model): plan, remaining stays, one result per stay,
 * exact round trip of results and traces, reviews, and cleanup with the cohort.
 */
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  RunProvenance,
  RunSpec,
  StayAuditDetail,
} from '../../../src/main/core/audit/audit-types';

import { ReviewStore } from '../../../src/main/core/audit/review-store';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { SEARCH_PARAM_DEFAULTS } from '../../../src/main/core/search';
import { ConflictError, NotFoundError, Store } from '../../../src/main/core/store';
import { deleteCohort } from '../../../src/main/core/audit/cohort-deletion';
import { schemaVersion } from '../../../src/main/core/store/database';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const provenance: RunProvenance = {
  appVersion: '0.0.0-test',
  bundleTask: 'E1',
  bundleHashes: { 'manifest.json': 'ab'.repeat(32) },
  executionProvider: 'cpu',
  cohortContentHash: 'cd'.repeat(32),
  cohortName: 'tiny',
  synthetic: true,
};

function detail(stayId: number, stayKey: string, overrides: Partial<StayAuditDetail> = {}) {
  const result: StayAuditDetail = {
    stayId,
    stayKey,
    label: 1,
    pFull: 5 / 6,
    rawPFull: 0.8,
    yFull: 1,
    evidence: [0, 3],
    pEvidence: 0.91 + 1e-16,
    pWithoutEvidence: 0.123456789,
    leaderPath: [0.7, 0.91 + 1e-16, 0.95],
    confidence: 0.91 + 1e-16,
    stability: 1 - 1 / 7,
    score: 5 / 6 + 0.91 - 0.05 * 2,
    status: 'converged',
    reachable: true,
    steps: 2,
    statesScored: 7,
    noteUnits: 1,
    elapsedMs: 12.5,
    trace: [
      {
        step: 1,
        childrenScored: 4,
        kept: [
          {
            units: [3],
            parent: [],
            p: 0.7,
            confidence: 0.7,
            stability: 0.87,
            size: 1,
            score: 1.52,
          },
        ],
        leader: 0,
      },
    ],
    candidates: [0, 1, 3],
    ...overrides,
  };
  return result;
}

describe('RunStore and ReviewStore', () => {
  let temp: ReturnType<typeof tempStore>;
  let store: Store;
  let runs: RunStore;
  let stayIds: number[];
  let spec: RunSpec;

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
      split: 'test',
      bundleDir: '/bundles/E1',
      params: SEARCH_PARAM_DEFAULTS,
      workers: 2,
      stayKeys: null,
    };
  });
  afterEach(() => temp.dispose());

  it('is migration 2 of the store (leases: 5), which is at the latest version', () => {
    expect(MIGRATIONS.find((m) => m.sql.includes('CREATE TABLE runs'))?.version).toBe(2);
    expect(MIGRATIONS.find((m) => m.sql.includes('ADD COLUMN heartbeat_at'))?.version).toBe(5);
    expect(schemaVersion(store.db)).toBe(MIGRATIONS.at(-1)!.version);
  });

  it('keeps the plan, and what remains of it, in plan order', () => {
    const planned = [stayIds[2]!, stayIds[0]!, stayIds[1]!];
    const runId = runs.createRun({ spec, provenance, stayIds: planned, excluded: 4 });
    expect(runs.plannedStayIds(runId)).toEqual(planned);
    runs.saveResult(runId, detail(stayIds[0]!, 'a'));
    expect(runs.remainingStayIds(runId)).toEqual([stayIds[2]!, stayIds[1]!]);
    const summary = runs.getRun(runId);
    expect(summary).toMatchObject({
      status: 'running',
      totalStays: 3,
      doneStays: 1,
      excludedStays: 4,
      convergedStays: 1,
      exhaustedStays: 0,
      interrupted: false,
      spec,
      provenance,
    });
    expect(runs.listRuns().map((r) => r.id)).toEqual([runId]);
  });

  it('refuses to delete a cohort while an audit runs on it, then deletes runs with it', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    expect(() => deleteCohort(store, spec.cohortId)).toThrow(ConflictError);
    expect(() => deleteCohort(store, spec.cohortId)).toThrow(/being audited now \(run \d+\)/);
    expect(store.listCohorts()).toHaveLength(1);
    runs.markFinished(runId, 'cancelled');
    expect(deleteCohort(store, spec.cohortId)).toBe(true);
    expect(runs.listRuns()).toEqual([]);
  });

  it('refuses a second result for a stay: nothing is ever done twice', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    runs.saveResult(runId, detail(stayIds[0]!, 'a'));
    expect(() => runs.saveResult(runId, detail(stayIds[0]!, 'a'))).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(runs.getRun(runId).doneStays).toBe(1);
  });

  it('refuses a result for a stay outside the plan', () => {
    const runId = runs.createRun({ spec, provenance, stayIds: [stayIds[0]!], excluded: 0 });
    expect(() => runs.saveResult(runId, detail(stayIds[1]!, 'b'))).toThrow(/FOREIGN KEY/);
  });

  it('reads results back exactly, in plan order, with and without the trace', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    const b = detail(stayIds[1]!, 'b', { status: 'exhausted', reachable: false, label: 0 });
    const a = detail(stayIds[0]!, 'a', { evidence: [], noteUnits: 0, pEvidence: 1 / 3 });
    runs.saveResult(runId, b);
    runs.saveResult(runId, a);
    expect(runs.detail(runId, stayIds[1]!)).toEqual(b);
    const { trace: _t, candidates: _c, ...withoutTrace } = a;
    expect(runs.results(runId)[0]).toEqual(withoutTrace);
    expect(runs.results(runId, { offset: 1, limit: 5 }).map((r) => r.stayKey)).toEqual(['b']);
    expect(() => runs.detail(runId, stayIds[2]!)).toThrow(NotFoundError);
    expect(() => runs.getRun(999)).toThrow(NotFoundError);
  });

  it('records how a session ended and who holds a running run', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    expect(runs.lease(runId)).toMatchObject({ pid: process.pid, host: hostname(), state: 'live' });
    expect(runs.getRun(runId)).toMatchObject({ interrupted: false, lease: { state: 'live' } });
    runs.markFinished(runId, 'failed', 'worker 1 crashed');
    expect(runs.getRun(runId)).toMatchObject({ status: 'failed', error: 'worker 1 crashed' });
    expect(runs.lease(runId)).toBeNull();
    const claim = runs.claim(runId)!;
    expect(runs.getRun(runId)).toMatchObject({ status: 'running', error: null, finishedAt: null });
    expect(runs.getRun(runId).resumedAt).not.toBeNull();
    expect(claim.tookOverFrom).toBeNull();
    // Given back before it did anything: the run is as it was.
    runs.release(claim);
    expect(runs.getRun(runId)).toMatchObject({ status: 'failed', error: 'worker 1 crashed' });
  });

  it('stores one review per result, replaced on change, refused without a result', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    runs.saveResult(runId, detail(stayIds[0]!, 'a'));
    const reviews = new ReviewStore(store);
    expect(reviews.get(runId, stayIds[0]!)).toBeNull();
    reviews.set(runId, stayIds[0]!, 'disagree', 'evidence is all artefact');
    reviews.set(runId, stayIds[0]!, 'discuss');
    expect(reviews.list(runId)).toEqual([
      expect.objectContaining({ stayId: stayIds[0]!, verdict: 'discuss', comment: '' }),
    ]);
    expect(() => reviews.set(runId, stayIds[1]!, 'agree')).toThrow(NotFoundError);
    runs.saveResult(runId, detail(stayIds[1]!, 'b'));
    expect(() =>
      store.db
        .prepare(`INSERT INTO reviews VALUES (?, ?, 'maybe', '', '2026-01-01')`)
        .run(runId, stayIds[1]!),
    ).toThrow(/CHECK/);
    expect(reviews.delete(runId, stayIds[0]!)).toBe(true);
  });

  it('gives workers a store that reads stays but cannot write', () => {
    const reader = Store.openReadOnly(store.path);
    try {
      expect(reader.loadStays([stayIds[1]!])).toEqual(store.loadStays([stayIds[1]!]));
      expect(() => reader.db.prepare('DELETE FROM stays').run()).toThrow(/readonly/);
    } finally {
      reader.close();
    }
    expect(store.stayIds(spec.cohortId)).toHaveLength(3);
  });

  it('goes with its cohort', () => {
    const runId = runs.createRun({ spec, provenance, stayIds, excluded: 0 });
    runs.saveResult(runId, detail(stayIds[0]!, 'a'));
    new ReviewStore(store).set(runId, stayIds[0]!, 'agree');
    store.deleteCohort(spec.cohortId);
    for (const table of ['runs', 'run_stays', 'run_results', 'reviews']) {
      const { n } = store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
      expect(n, table).toBe(0);
    }
  });
});
