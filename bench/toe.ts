// ToE per stay (dynamic mode, method.md's defaults) on the demo test stays, through the
// incremental path the audit uses and through the straightforward one (every child through
// forward()), one after the other on each stay so both see the same load. Reports time
// per stay, states scored, the overhead factor against the ceiling, the GRU steps each path
// ran and whether both found the same evidence.
import type { ForwardPassStats } from '../src/main/core/models/forward-pass-stats';
import { treeOfEvidenceSearch, type SearchResult } from '../src/main/core/search';
import { CEILING_MASKS, randomQueries, statesPerSecond } from './ceiling-masks';
import type { BenchFixtures } from './fixtures';
import { median, percentile, sum, timed, type BenchmarkResult } from './measure';
import { addSince, perStay, snapshot, timeSessions, type Spent } from './session-timing';

type ForwardPass = 'incremental' | 'plain';

interface StayRun {
  ms: number;
  cpuMs: number;
  result: SearchResult;
  stats: ForwardPassStats;
}

const WARM_UP_STAYS = 5;
/** Stays between two ceiling measurements. */
const CEILING_EVERY = 10;

export async function toeBenchmark(fixtures: BenchFixtures) {
  const { runtime, tensors } = await fixtures.demoTestStays();
  const T = runtime.manifest.model.sizes.T;
  // The ceiling is measured here too, between stays all along the run, so that it sees the
  // same load as the searches it is compared with (others use this machine).
  const first = runtime.modelFor(tensors[0]!);
  const ceilingQueries = randomQueries(first, CEILING_MASKS, 11);
  const ceilings: number[] = [await statesPerSecond(first, ceilingQueries)];

  const timing = timeSessions(runtime.bundle.sessions);
  const graphs: Record<ForwardPass, Spent> = { incremental: {}, plain: {} };
  const search = async (index: number, forwardPass: ForwardPass): Promise<StayRun> => {
    const model = runtime.modelFor(tensors[index]!);
    const before = snapshot(timing);
    const run = await timed(() =>
      treeOfEvidenceSearch(model, undefined, undefined, { forwardPass }),
    );
    addSince(graphs[forwardPass], before, timing);
    return { ms: run.ms, cpuMs: run.cpuMs, result: run.value, stats: model.stats };
  };
  for (let i = 0; i < Math.min(WARM_UP_STAYS, tensors.length); i++) {
    await search(i, 'incremental');
    await search(i, 'plain');
  }
  graphs.incremental = {};
  graphs.plain = {};
  const runs: Record<ForwardPass, StayRun[]> = { incremental: [], plain: [] };
  for (let i = 0; i < tensors.length; i++) {
    // Alternate which goes first, so drifting load favours neither.
    const order: ForwardPass[] = i % 2 ? ['plain', 'incremental'] : ['incremental', 'plain'];
    for (const forwardPass of order) runs[forwardPass].push(await search(i, forwardPass));
    if (i % CEILING_EVERY === CEILING_EVERY - 1) {
      ceilings.push(await statesPerSecond(runtime.modelFor(tensors[0]!), ceilingQueries, 1));
    }
  }
  const ceiling = median(ceilings);

  timing.restore();
  const inc = runs.incremental;
  const plain = runs.plain;
  const states = sum(inc.map((r) => r.result.statesScored));
  const overhead = (rs: StayRun[]) => sum(rs.map((r) => r.ms)) / 1000 / (states / ceiling);
  // GRU step-rows: the full-input forward pass (2T) is run by both paths.
  const plainSteps = (rs: StayRun[]) => sum(rs.map((r) => r.stats.plainTsMasks * 2 * T));
  const gruIncremental = sum(inc.map((r) => r.stats.gruSteps)) + plainSteps(inc);
  const gruNeeded = sum(inc.map((r) => r.stats.gruStepsNeeded)) + plainSteps(inc);
  const gruPlain = plainSteps(plain);
  const gruSameMasks = sum(inc.map((r) => r.stats.gruStepsFull)) + plainSteps(inc);
  const agreement = compare(inc, plain);
  const n = tensors.length;

  const results: BenchmarkResult[] = [
    { name: 'ToE per stay: median', value: median(inc.map((r) => r.ms)), unit: `ms (${n} stays)` },
    {
      name: 'ToE per stay: p95',
      value: percentile(
        inc.map((r) => r.ms),
        0.95,
      ),
      unit: 'ms',
    },
    { name: 'ToE per stay: median CPU', value: median(inc.map((r) => r.cpuMs)), unit: 'ms' },
    { name: 'ToE states scored per stay', value: states / n, unit: 'states (mean)' },
    { name: 'ceiling (during the ToE run)', value: ceiling, unit: 'states/s, median' },
    { name: 'ToE overhead factor', value: overhead(inc), unit: 'x (time / (states / ceiling))' },
    { name: 'ToE plain path: median', value: median(plain.map((r) => r.ms)), unit: 'ms' },
    { name: 'ToE plain path: overhead', value: overhead(plain), unit: 'x' },
    { name: 'GRU steps: plain / incremental', value: gruPlain / gruIncremental, unit: 'x fewer' },
    {
      name: 'GRU steps: same masks, full / inc.',
      value: gruSameMasks / gruIncremental,
      unit: 'x fewer',
    },
    { name: 'incremental = plain: evidence', value: agreement.sameEvidence, unit: `of ${n} stays` },
    { name: 'incremental = plain: max |dp|', value: agreement.maxDp, unit: '' },
  ];
  return {
    results,
    details: {
      stays: n,
      ceilingStatesPerSecond: ceiling,
      ceilingMeasurements: ceilings.map(Math.round),
      medianMs: {
        incremental: median(inc.map((r) => r.ms)),
        plain: median(plain.map((r) => r.ms)),
      },
      meanMs: {
        incremental: sum(inc.map((r) => r.ms)) / n,
        plain: sum(plain.map((r) => r.ms)) / n,
      },
      gruStepRows: {
        incremental: gruIncremental,
        needed: gruNeeded,
        plain: gruPlain,
        sameMasksFull: gruSameMasks,
      },
      gruRunsPerStay: sum(inc.map((r) => r.stats.gruRuns)) / n,
      tsMasksPerStay: sum(inc.map((r) => r.stats.tsMasks)) / n,
      tsCacheHitsPerStay: sum(inc.map((r) => r.stats.tsCacheHits)) / n,
      noteMasksPerStay: sum(inc.map((r) => r.stats.noteMasks)) / n,
      noteCacheHitsPerStay: sum(inc.map((r) => r.stats.noteCacheHits)) / n,
      status: countBy(inc.map((r) => r.result.status)),
      stepsPerStay: sum(inc.map((r) => r.result.steps)) / n,
      agreement,
      graphMsPerStay: {
        incremental: perStay(graphs.incremental, n),
        plain: perStay(graphs.plain, n),
      },
    },
  };
}

/** Same evidence, same trace (every kept state), largest |p| difference of the answers. */
function compare(a: StayRun[], b: StayRun[]) {
  let sameEvidence = 0;
  let sameTrace = 0;
  let maxDp = 0;
  a.forEach((run, i) => {
    const other = b[i]!.result;
    if (run.result.evidence.join() === other.evidence.join()) sameEvidence++;
    if (JSON.stringify(run.result.trace) === JSON.stringify(other.trace)) sameTrace++;
    maxDp = Math.max(maxDp, Math.abs(run.result.p - other.p));
  });
  return { sameEvidence, sameTrace, maxDp };
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
