// `toe evaluate` on the worker pool (issue 17, item 1): the same evaluation of the demo's
// E1 test stays (every method at the paper's budgets, toe evaluate's defaults) with one
// worker and with one per core, alternating over two rounds, each on a fresh copy of the
// store so that no run finds another's note embeddings. Each phase is timed from the
// progress the evaluation reports, so the stays phase, the one the pool runs, is seen apart
// from the phases that stay serial (the concept bottleneck's training, note embedding, the
// bootstrap).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { defaultEvaluationPlan, runEvaluation } from '../src/main/core/evaluation';
import { createDemoCohort } from '../src/main/core/import/demo';
import { ModelRuntime } from '../src/main/core/models';
import { Store } from '../src/main/core/store';
import { E1_BUNDLE, type BenchFixtures } from './fixtures';
import type { BenchmarkResult, SectionBody } from './measure';

const COHORT_STAYS = 2000;
const ROUNDS = 2;

interface EvaluationTiming {
  workers: number;
  totalS: number;
  /** Seconds spent in each phase the evaluation reported, in the order it reported them. */
  phases: Record<string, number>;
}

async function evaluateOnce(source: string, copy: string, workers: number, stays: number) {
  const db = new Database(source, { readonly: true });
  db.prepare('VACUUM INTO ?').run(copy);
  db.close();
  const store = new Store(copy);
  const runtime = await ModelRuntime.open(E1_BUNDLE, { store });
  const phases: Record<string, number> = {};
  let phase: string | null = null;
  let phaseStarted = performance.now();
  const started = phaseStarted;
  const enter = (next: string | null) => {
    const now = performance.now();
    if (phase !== null) phases[phase] = (phases[phase] ?? 0) + (now - phaseStarted) / 1000;
    phase = next;
    phaseStarted = now;
  };
  try {
    await runEvaluation({
      store,
      runtime,
      cohortId: store.resolveCohort('demo'),
      split: 'test',
      plan: defaultEvaluationPlan(runtime.manifest.decisionThreshold),
      limit: stays,
      command: 'bench evaluate',
      pool: { workers, bundleDir: E1_BUNDLE },
      progress: (update) => {
        if (update.phase !== phase) enter(update.phase);
      },
    });
    enter(null);
    return { workers, totalS: (performance.now() - started) / 1000, phases };
  } finally {
    await runtime.close();
    store.close();
  }
}

export async function evaluateBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const stays = fixtures.options.evaluateStays;
  const source = join(fixtures.dir, 'evaluate-source.sqlite');
  const generator = new Store(source);
  await createDemoCohort(
    generator,
    { name: 'demo', stays: COHORT_STAYS, seed: 7, spurious: false },
    {},
  );
  generator.close();
  const counts = [...new Set([1, availableParallelism()])];
  const runs: EvaluationTiming[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of counts) {
      const copy = join(fixtures.dir, `evaluate-${workers}-${round}.sqlite`);
      runs.push(await evaluateOnce(source, copy, workers, stays));
    }
  }
  const stayPhase = (r: EvaluationTiming) => r.phases['evaluating stays'] ?? 0;
  const best = (workers: number, by: (r: EvaluationTiming) => number) =>
    runs.filter((r) => r.workers === workers).reduce((a, b) => (by(b) < by(a) ? b : a));
  const results: BenchmarkResult[] = [];
  for (const workers of counts) {
    const label = `evaluate ${stays} stays, ${workers} worker${workers > 1 ? 's' : ''}`;
    results.push(
      { name: `${label}: total`, value: best(workers, (r) => r.totalS).totalS, unit: 's' },
      {
        name: `${label}: evaluating stays`,
        value: stayPhase(best(workers, stayPhase)),
        unit: 's (the pool)',
      },
    );
  }
  if (counts.length > 1) {
    const [one, all] = counts as [number, number];
    results.push(
      {
        name: `evaluate: ${all} vs 1 worker, whole evaluation`,
        value: best(one, (r) => r.totalS).totalS / best(all, (r) => r.totalS).totalS,
        unit: 'x faster (best runs)',
      },
      {
        name: `evaluate: ${all} vs 1 worker, evaluating stays`,
        value: stayPhase(best(one, stayPhase)) / stayPhase(best(all, stayPhase)),
        unit: 'x faster (the pool; goal ≥ 1.8)',
      },
    );
  }
  return { results, details: { stays, cohortStays: COHORT_STAYS, runs } };
}
