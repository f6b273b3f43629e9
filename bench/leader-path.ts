// What an audited stay's search costs, and why: since issue 12 every audited stay's search
// goes on past convergence to S_max steps, recording the leader's path so that other
// stopping rules (toe-tuned) can be replayed on it. Here, on the stays the audit and scale
// sections audit (the demo cohort, seed 7) and with the run's own decision (the bundle's
// calibration, as a run resolves it), each stay is searched both ways, one after the other,
// on one thread: stopped at convergence, and continued as the audit does. The steps each way
// explain the time; the answer must not differ.
import { applyCalibration } from '../src/main/core/calibration';
import { decisionThreshold, resolveDecision } from '../src/main/core/audit/run-setup';
import { createDemoCohort } from '../src/main/core/import/demo';
import { ModelRuntime } from '../src/main/core/models';
import {
  SEARCH_PARAM_DEFAULTS,
  treeOfEvidenceSearch,
  type ProbabilityMap,
} from '../src/main/core/search';
import { Store } from '../src/main/core/store';
import { join } from 'node:path';
import { E1_BUNDLE, type BenchFixtures } from './fixtures';
import { median, sum, timed, type BenchmarkResult, type SectionBody } from './measure';
import { addSince, perStay, snapshot, timeSessions, type Spent } from './session-timing';

/** Stays searched both ways before any is timed: sessions and caches warm. */
const WARM_UP_STAYS = 5;

export async function leaderPathBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const count = fixtures.options.leaderPathStays;
  const store = new Store(join(fixtures.dir, 'leader-path.sqlite'));
  await createDemoCohort(store, { name: 'demo', stays: count, seed: 7, spurious: false }, {});
  const runtime = await ModelRuntime.open(E1_BUNDLE, {
    store,
    executionProvider: 'cpu',
    intraOpNumThreads: 1,
  });
  try {
    const decision = resolveDecision(E1_BUNDLE, runtime.manifest, 'bundle', undefined);
    const params = { ...SEARCH_PARAM_DEFAULTS, threshold: decisionThreshold(decision) };
    const calibration: ProbabilityMap | undefined =
      decision.mode === 'calibrated' ? (p) => applyCalibration(decision.map, p) : undefined;
    const stays = store.loadStays(store.stayIds(store.resolveCohort('demo')));
    const models = await runtime.stayModels(stays);
    // Where each way's time goes, graph by graph (the model's runs are most of it).
    const timing = timeSessions(runtime.bundle.sessions);
    const graphs: { stopped: Spent; continued: Spent } = { stopped: {}, continued: {} };
    const search = async (i: number, continuePastConvergence: boolean, counted: boolean) => {
      const before = snapshot(timing);
      const run = await timed(() =>
        treeOfEvidenceSearch(models[i]!, { kind: 'dynamic' }, params, {
          continuePastConvergence,
          ...(calibration ? { calibration } : {}),
        }),
      );
      if (counted) {
        addSince(graphs[continuePastConvergence ? 'continued' : 'stopped'], before, timing);
      }
      return run;
    };
    const stopped: number[] = [];
    const continued: number[] = [];
    let stepsStopped = 0;
    let stepsContinued = 0;
    let sameAnswer = 0;
    for (let i = 0; i < models.length; i++) {
      const atConvergence = await search(i, false, i >= WARM_UP_STAYS);
      const toLimit = await search(i, true, i >= WARM_UP_STAYS);
      if (i < WARM_UP_STAYS) continue;
      stopped.push(atConvergence.ms);
      continued.push(toLimit.ms);
      stepsStopped += atConvergence.value.steps;
      stepsContinued += Math.max(toLimit.value.leaderPath.length, toLimit.value.steps);
      const same =
        atConvergence.value.evidence.join(',') === toLimit.value.evidence.join(',') &&
        atConvergence.value.p === toLimit.value.p;
      if (same) sameAnswer++;
    }
    timing.restore();
    const timedStays = stopped.length;
    const modelShare = (spent: Spent, ms: number[]) =>
      sum(Object.values(spent).map((g) => g.ms)) / sum(ms);
    const ratio = sum(continued) / sum(stopped);
    const results: BenchmarkResult[] = [
      {
        name: 'search stopped at convergence',
        value: sum(stopped) / timedStays,
        unit: `ms/stay, mean (${(stepsStopped / timedStays).toFixed(2)} steps; median ${median(stopped).toFixed(1)} ms; ${timedStays} stays)`,
      },
      {
        name: 'search continued to S_max (the audit)',
        value: sum(continued) / timedStays,
        unit: `ms/stay, mean (${(stepsContinued / timedStays).toFixed(2)} steps; median ${median(continued).toFixed(1)} ms)`,
      },
      { name: 'continuing past convergence costs', value: ratio, unit: 'x the time per stay' },
      {
        name: 'model runs (ONNX) in the audit search',
        value: 100 * modelShare(graphs.continued, continued),
        unit: `% of its time (${(100 * modelShare(graphs.stopped, stopped)).toFixed(0)}% stopped at convergence)`,
      },
      {
        name: 'same answer both ways',
        value: sameAnswer,
        unit: `of ${timedStays} stays (evidence and p)`,
      },
    ];
    return {
      results,
      details: {
        stays: timedStays,
        decision: decision.mode,
        threshold: params.threshold,
        meanMsStopped: sum(stopped) / timedStays,
        meanMsContinued: sum(continued) / timedStays,
        meanStepsStopped: stepsStopped / timedStays,
        meanStepsContinued: stepsContinued / timedStays,
        graphsPerStay: {
          stopped: perStay(graphs.stopped, timedStays),
          continued: perStay(graphs.continued, timedStays),
        },
      },
    };
  } finally {
    await runtime.close();
    store.close();
  }
}
