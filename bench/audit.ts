// The whole-cohort audit a QI team runs: a demo cohort of N stays (default 10,000, seed 7)
// audited for E1 with the shipped bundle through the run engine (note embedding on the main
// thread, then the worker pool), with 1 worker and with every core, twice each, alternating
// (1, n, 1, n) and keeping each count's faster run, because others share this machine: each
// run records how much CPU other processes took meanwhile. Each run is a process of its own
// (bench/audit-run.ts) on its own copy of the freshly generated store, so no run finds
// another's cached embeddings and each peak memory is that run's alone. Audit processes run
// with --single-threaded-gc, as `toe` does; the gc section measures what that flag is worth,
// and what the desktop app gets from its workers' host processes (jobs/pool-thread.ts).
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createDemoCohort } from '../src/main/core/import/demo';
import { RunStore } from '../src/main/core/audit/run-store';
import { Store } from '../src/main/core/store';
import { timeOpening } from './open-run';
import type { SearchExtent } from '../src/shared/audit';
import type { BenchFixtures } from './fixtures';
import { machineCpuSeconds, type BenchmarkResult, type SectionBody } from './measure';

/**
 * How the audit's process and its workers collect garbage: `flag`, started with
 * --single-threaded-gc and threads in process (as `toe` runs); `default`, V8's default
 * collector with threads in process (the desktop app before pool-thread.ts); `hosted`,
 * started without the flag, each worker in a host process that has it (the desktop app now).
 */
type GcMode = 'flag' | 'default' | 'hosted';

const GC_MODE_LABELS: Record<GcMode, string> = {
  flag: '--single-threaded-gc (toe)',
  default: "V8's default GC, threads in process",
  hosted: 'no flag, workers in host processes with it (desktop app)',
};

interface AuditRun {
  /** The audited copy of the store, the run in it. */
  path: string;
  workers: number;
  gc: GcMode;
  totalS: number;
  embeddingS: number;
  auditingS: number;
  stays: number;
  status: string;
  peakMiB: number;
  cpuS: number;
  /** Share of all cores other processes used during the run (null off Linux). */
  othersShare: number | null;
}

const ROUNDS = 2;
const GC_MODES: readonly GcMode[] = ['default', 'flag', 'hosted'];

function auditOnce(
  fixtures: BenchFixtures,
  source: string,
  workers: number,
  round: number,
  gc: GcMode = 'flag',
  extent: SearchExtent | 'default' = 'to-limit',
): AuditRun {
  const path = join(fixtures.dir, `audit-${workers}-${round}-${gc}-${extent}.sqlite`);
  const db = new Database(source, { readonly: true });
  db.prepare('VACUUM INTO ?').run(path);
  db.close();
  const script = fileURLToPath(new URL('./audit-run.ts', import.meta.url));
  const before = machineCpuSeconds();
  const own = process.cpuUsage();
  const output = execFileSync(
    process.execPath,
    // As `toe` runs (bin/toe.mjs): each worker thread collects its own garbage.
    [
      ...(gc === 'flag' ? ['--single-threaded-gc'] : []),
      '--import',
      'tsx',
      script,
      path,
      String(workers),
      extent,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TOE_POOL_HOST: gc === 'hosted' ? 'process' : 'thread' },
    },
  );
  const after = machineCpuSeconds();
  const ownUsed = process.cpuUsage(own);
  const run = JSON.parse(output.trim().split('\n').pop()!) as Omit<
    AuditRun,
    'workers' | 'gc' | 'othersShare' | 'path'
  >;
  const others =
    before && after
      ? after.busy - before.busy - run.cpuS - (ownUsed.user + ownUsed.system) / 1e6
      : null;
  const othersShare =
    others === null ? null : Math.max(0, others) / (run.totalS * availableParallelism());
  return { ...run, workers, gc, othersShare, path };
}

async function generateCohort(fixtures: BenchFixtures, stays: number, file: string) {
  const source = join(fixtures.dir, file);
  const generator = new Store(source);
  await createDemoCohort(generator, { name: 'demo', stays, seed: 7, spurious: false }, {});
  generator.close();
  return source;
}

export async function auditBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const stays = fixtures.options.auditStays;
  const source = await generateCohort(fixtures, stays, 'audit-source.sqlite');

  const counts = [...new Set([1, availableParallelism()])];
  const runs: AuditRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of counts) runs.push(auditOnce(fixtures, source, workers, round));
  }
  const best = (workers: number) =>
    runs.filter((r) => r.workers === workers).reduce((a, b) => (b.totalS < a.totalS ? b : a));

  const results: BenchmarkResult[] = [];
  for (const workers of counts) {
    const r = best(workers);
    const all = runs.filter((x) => x.workers === workers).map((x) => x.totalS.toFixed(0));
    const label = `audit ${stays} stays, ${workers} worker${workers > 1 ? 's' : ''}`;
    results.push(
      {
        name: `${label}: total`,
        value: r.totalS,
        unit: `s (best of ${all.join(', ')} s; ${r.embeddingS.toFixed(1)} s embedding)`,
      },
      { name: `${label}: stays/s`, value: r.stays / r.totalS, unit: 'stays/s' },
      { name: `${label}: peak memory`, value: r.peakMiB, unit: 'MiB RSS' },
    );
  }
  if (counts.length > 1) {
    const [one, all] = [best(counts[0]!), best(counts[1]!)];
    results.push(
      {
        name: `audit: ${counts[1]} vs 1 worker, total`,
        value: one.totalS / all.totalS,
        unit: 'x faster (best runs)',
      },
      {
        name: `audit: ${counts[1]} vs 1 worker, searching`,
        value: one.auditingS / all.auditingS,
        unit: 'x faster (worker phase)',
      },
    );
  }
  const shares = runs.map((r) => r.othersShare).filter((s): s is number => s !== null);
  if (shares.length > 0) {
    results.push({
      name: 'audit: CPU taken by others per run',
      value: 100 * Math.max(...shares),
      unit: `% of cores at most (${shares.map((s) => (100 * s).toFixed(1)).join(', ')})`,
    });
  }
  return {
    results,
    details: { stays, runs },
    childCpuSeconds: runs.reduce((a, r) => a + r.cpuS, 0),
  };
}

/**
 * What --single-threaded-gc is worth: 1 and 2 workers on a smaller demo cohort, with V8's
 * default collector (helper threads), with each thread collecting its own garbage, and with
 * workers in host processes started with the flag from a process without it, alternating
 * the six configurations over two rounds and keeping each one's faster run.
 */
export async function gcBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const stays = fixtures.options.gcStays;
  const source = await generateCohort(fixtures, stays, 'gc-source.sqlite');
  const counts = [...new Set([1, availableParallelism()])];
  const runs: AuditRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const gc of GC_MODES) {
      for (const workers of counts) runs.push(auditOnce(fixtures, source, workers, round, gc));
    }
  }
  const best = (workers: number, gc: GcMode) =>
    runs
      .filter((r) => r.workers === workers && r.gc === gc)
      .reduce((a, b) => (b.auditingS < a.auditingS ? b : a));
  const results: BenchmarkResult[] = [];
  for (const gc of GC_MODES) {
    const collector = GC_MODE_LABELS[gc];
    for (const workers of counts) {
      const r = best(workers, gc);
      results.push({
        name: `${collector}, ${workers} worker${workers > 1 ? 's' : ''}`,
        value: r.auditingS,
        unit: `s searching ${stays} stays (${(r.cpuS / r.totalS).toFixed(2)} cores busy)`,
      });
    }
    if (counts.length > 1) {
      results.push({
        name: `${collector}: ${counts[1]} vs 1 worker`,
        value: best(counts[0]!, gc).auditingS / best(counts[1]!, gc).auditingS,
        unit: 'x faster (worker phase, best runs)',
      });
    }
  }
  return {
    results,
    details: { stays, runs },
    childCpuSeconds: runs.reduce((a, r) => a + r.cpuS, 0),
  };
}

/** Issue 17's goals for a 100,000-stay audit on this 2-core machine. */
const SCALE_GOALS = { seconds: 30 * 60, peakMiB: 1.5 * 1024 };

/**
 * The audit at hospital scale: a demo cohort of N stays (default 100,000) audited once with
 * a worker per core, as `toe audit` runs, with its time and peak memory against the goals;
 * then the run's dashboard, queue and report opened through the API, cold and warm. The
 * scale section audits as `toe audit` does by default (each search stops where it converges,
 * the default policy needing no path); the scale-to-limit section as `toe audit
 * --search-to-limit` (or toe-tuned) does, each search going on to S_max, and does not open the
 * run again (opening does not depend on how far the searches went, and takes minutes cold).
 */
export function scaleBenchmark(extent: 'default' | 'to-limit') {
  return async (fixtures: BenchFixtures): Promise<SectionBody> => {
    const stays = fixtures.options.scaleStays;
    const source = await generateCohort(fixtures, stays, 'scale-source.sqlite');
    const run = auditOnce(fixtures, source, availableParallelism(), 0, 'flag', extent);
    const how =
      extent === 'default' ? 'scale, as toe audit by default' : 'scale, searches on to S_max';
    const label = `${how}: audit ${stays} stays, ${run.workers} workers`;
    const results: BenchmarkResult[] = [
      {
        name: `${label}: total`,
        value: run.totalS,
        unit: `s (goal ≤ ${SCALE_GOALS.seconds} s; ${run.embeddingS.toFixed(1)} s embedding; ${run.status})`,
      },
      { name: `${label}: stays/s`, value: run.stays / run.totalS, unit: 'stays/s' },
      {
        name: `${label}: peak memory`,
        value: run.peakMiB,
        unit: `MiB RSS (goal ≤ ${SCALE_GOALS.peakMiB} MiB)`,
      },
    ];
    if (extent === 'to-limit') {
      return { results, details: { stays, extent, run }, childCpuSeconds: run.cpuS };
    }
    const store = new Store(run.path);
    try {
      const runId = new RunStore(store).listRuns().at(-1)!.id;
      const opening = await timeOpening(store, runId, `${how}: open the ${stays}-stay run`);
      results.push(...opening.results);
      return {
        results,
        details: { stays, extent, run, opening: { cold: opening.cold, warm: opening.warm } },
        childCpuSeconds: run.cpuS,
      };
    } finally {
      store.close();
    }
  };
}
