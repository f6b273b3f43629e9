// Opening a large completed run in the app: its dashboard figures (cohort statistics,
// abstention analysis, bias audit), its review queue and its PDF report, each through the
// API as the app calls it. The run is built cheaply: a demo cohort of N stays (default
// 10,000; --open-stays 100000 for the size), a real audit of a few of its test stays
// with the shipped E1 bundle, and those results copied onto every stay of a new run marked
// completed. Each call is timed cold (nothing stored, the store opened afresh with a fresh
// handler set: the first open after completion, as every open was before migration 7) and
// warm (the figures stored, the store opened afresh again: the app reopened), and the warm
// answers are checked against the cold ones.
import { cpus } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import type { StayAuditDetail } from '../src/main/core/audit/audit-types';
import { dispatch } from '../src/main/core/api/dispatch';
import { createHandlers } from '../src/main/core/api/handlers';
import { startRun } from '../src/main/core/audit/run-engine';
import { RunStore } from '../src/main/core/audit/run-store';
import { createDemoCohort } from '../src/main/core/import/demo';
import { Store } from '../src/main/core/store';
import { E1_BUNDLE, type BenchFixtures } from './fixtures';
import type { BenchmarkResult, SectionBody } from './measure';

/** Stays really audited; their results are copied onto the run's N stays. */
const TEMPLATE_STAYS = 40;

/** The calls a user's first look at a run makes, as the renderer makes them. */
const CALLS: [string, Record<string, unknown>][] = [
  ['runs.statistics', {}],
  ['runs.abstention', {}],
  ['runs.bias', { reference: 'largest' }],
  ['abstentions.list', {}],
  ['runs.monitoring', {}],
  ['reports.pdf', {}],
];

export async function completedRun(store: Store, stays: number): Promise<number> {
  await createDemoCohort(store, { name: 'demo', stays, seed: 7, spurious: false }, {});
  const cohortId = store.resolveCohort('demo');
  const stayKeys = store
    .listStays(cohortId, { split: 'test', limit: TEMPLATE_STAYS })
    .stays.map((s) => s.stayKey);
  const template = await startRun(
    store,
    { cohortId, task: 'E1', split: 'test', stayKeys, bundleDir: E1_BUNDLE, workers: 1 },
    { executionProvider: 'cpu' },
  );
  const runs = new RunStore(store);
  const details: StayAuditDetail[] = runs
    .results(template.id)
    .map((r) => runs.detail(template.id, r.stayId));
  const planned = store.db
    .prepare('SELECT id, stay_key FROM stays WHERE cohort_id = ? ORDER BY id')
    .all(cohortId) as { id: number; stay_key: string }[];
  const ids = planned.map((s) => s.id);
  const runId = runs.createRun({
    spec: template.spec,
    provenance: template.provenance,
    stayIds: ids,
    excluded: 0,
  });
  store.db.transaction(() => {
    ids.forEach((stayId, i) => {
      const detail = details[i % details.length]!;
      runs.saveResult(runId, { ...detail, stayId, stayKey: planned[i]!.stay_key });
    });
  })();
  runs.markFinished(runId, 'completed');
  return runId;
}

/**
 * One call through a store opened afresh and a fresh handler set, as in an app just
 * started: nothing kept in memory by an earlier call (opening the store is timed too).
 */
async function timeCall(path: string, runId: number, [name, args]: (typeof CALLS)[number]) {
  const started = performance.now();
  const store = new Store(path);
  try {
    const handlers = createHandlers({ store, transport: 'http', emit: () => {} });
    const outcome = await dispatch(handlers, name, { runId, ...args });
    const seconds = (performance.now() - started) / 1000;
    if (!outcome.ok) throw new Error(`${name}: ${outcome.error.message}`);
    return { seconds, value: outcome.value };
  } finally {
    store.close();
  }
}

/**
 * Times each call a first look at a completed run makes, cold (nothing stored, fresh
 * handlers) and warm (figures stored, fresh handlers again), checking warm against cold.
 */
export async function timeOpening(store: Store, runId: number, label: string) {
  const path = store.path;
  const cold: Record<string, number> = {};
  const computed: Record<string, unknown> = {};
  for (const call of CALLS) {
    // Cold for each call alone: what an earlier call stored would make it warm.
    store.db.prepare('DELETE FROM run_figures').run();
    const { seconds, value } = await timeCall(path, runId, call);
    cold[call[0]] = seconds;
    computed[call[0]] = value;
  }
  // The last cold call (the report) stored every figure it prints, as the dashboard's.
  const warm: Record<string, number> = {};
  const same: Record<string, boolean> = {};
  for (const call of CALLS) {
    const { seconds, value } = await timeCall(path, runId, call);
    warm[call[0]] = seconds;
    // The PDF carries its date; the figures it prints are the dashboard's.
    if (call[0] !== 'reports.pdf') same[call[0]] = isDeepStrictEqual(value, computed[call[0]]);
  }
  if (Object.values(same).some((equal) => !equal)) {
    throw new Error(`warm answers differ from cold ones: ${JSON.stringify(same)}`);
  }
  const slowest = (t: Record<string, number>) =>
    Object.entries(t).reduce((a, b) => (b[1] > a[1] ? b : a));
  const [coldName, coldS] = slowest(cold);
  const [warmName, warmS] = slowest(warm);
  const results: BenchmarkResult[] = [
    { name: `${label}: slowest call, cold`, value: coldS, unit: `s (${coldName})` },
    { name: `${label}: slowest call, warm`, value: warmS, unit: `s (${warmName})` },
    ...CALLS.flatMap(([name]) => [
      { name: `${label}: ${name}, cold`, value: cold[name]!, unit: 's' },
      { name: `${label}: ${name}, warm`, value: warm[name]!, unit: 's' },
    ]),
  ];
  return { results, cold, warm, warmEqualsCold: same };
}

export async function openRunBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const stays = fixtures.options.openStays;
  const store = new Store(join(fixtures.dir, 'open-run.sqlite'));
  try {
    const built = performance.now();
    const runId = await completedRun(store, stays);
    const buildS = (performance.now() - built) / 1000;
    const { results, ...timings } = await timeOpening(store, runId, `open ${stays}-stay run`);
    return {
      results,
      details: { stays, buildS, ...timings, cpu: cpus()[0]?.model ?? 'unknown' },
    };
  } finally {
    store.close();
  }
}
