// How ToE's time per stay grows with the beam width (1, 4, 8, 16) and with the number of
// note chunks (0, 5, 10, 20). Chunk counts are set by filling a stay's slots with real chunk
// embeddings of the test stays (the demo's stays have few chunks of their own), so the time
// series and context stay those of the stay. Dynamic mode (where early stops blur the
// curve: more chunks can mean an earlier convergence) and a fixed budget of 10 steps; other
// parameters at their defaults.
import type { StayTensors } from '../src/main/core/models';
import {
  SEARCH_PARAM_DEFAULTS,
  treeOfEvidenceSearch,
  type SearchMode,
} from '../src/main/core/search';
import type { BenchFixtures } from './fixtures';
import { median, sum, timed, type BenchmarkResult } from './measure';

const BEAM_WIDTHS = [1, 4, 8, 16];
const CHUNK_COUNTS = [0, 5, 10, 20];

export async function scalingBenchmark(fixtures: BenchFixtures) {
  const { runtime, tensors: all } = await fixtures.demoTestStays();
  const tensors = all.slice(0, fixtures.options.scalingStays);
  const { M, E } = runtime.manifest.model.sizes;
  const measure = async (stays: readonly StayTensors[], beamWidth: number, mode: SearchMode) => {
    const ms: number[] = [];
    const states: number[] = [];
    for (const inputs of stays) {
      const params = { ...SEARCH_PARAM_DEFAULTS, beamWidth };
      const model = runtime.modelFor(inputs);
      const run = await timed(() => treeOfEvidenceSearch(model, mode, params));
      ms.push(run.ms);
      states.push(run.value.statesScored);
    }
    return { medianMs: median(ms), statesPerStay: sum(states) / stays.length };
  };
  /** Dynamic mode (the audit's), and a fixed budget of S_max steps, free of early stops. */
  const both = async (stays: readonly StayTensors[], beamWidth: number) => ({
    dynamic: await measure(stays, beamWidth, { kind: 'dynamic' }),
    fixed: await measure(stays, beamWidth, {
      kind: 'fixed',
      budget: SEARCH_PARAM_DEFAULTS.maxSteps,
    }),
  });
  const unit = (f: Awaited<ReturnType<typeof both>>) =>
    `ms/stay (${Math.round(f.dynamic.statesPerStay)} states); fixed k=10: ` +
    `${f.fixed.medianMs.toFixed(1)} ms (${Math.round(f.fixed.statesPerStay)} states)`;
  await measure(tensors.slice(0, 3), 8, { kind: 'dynamic' }); // warm-up

  const results: BenchmarkResult[] = [];
  const details: Record<string, unknown> = { stays: tensors.length };
  for (const beamWidth of BEAM_WIDTHS) {
    const figure = await both(tensors, beamWidth);
    details[`beam ${beamWidth}`] = figure;
    results.push({
      name: `scaling: beam width ${beamWidth}`,
      value: figure.dynamic.medianMs,
      unit: unit(figure),
    });
  }
  const pool = chunkPool(all, M, E);
  for (const chunks of CHUNK_COUNTS) {
    const withChunks = tensors.map((t, i) => withNoteChunks(t, chunks, pool, i, M, E));
    const figure = await both(withChunks, SEARCH_PARAM_DEFAULTS.beamWidth);
    details[`chunks ${chunks}`] = figure;
    results.push({
      name: `scaling: ${chunks} note chunks`,
      value: figure.dynamic.medianMs,
      unit: unit(figure),
    });
  }
  return { results, details };
}

/** Every present chunk embedding of the stays, [E] each. */
function chunkPool(stays: readonly StayTensors[], M: number, E: number): Float32Array[] {
  const pool: Float32Array[] = [];
  for (const t of stays) {
    for (let j = 0; j < M; j++) {
      if (t.presence[j] === 1) pool.push(t.chunkEmbeddings.slice(j * E, (j + 1) * E));
    }
  }
  if (pool.length === 0) throw new Error('the scaling benchmark needs stays with note chunks');
  return pool;
}

/** The stay with exactly `count` chunks, drawn from the pool (a different offset per stay). */
function withNoteChunks(
  stay: StayTensors,
  count: number,
  pool: readonly Float32Array[],
  index: number,
  M: number,
  E: number,
): StayTensors {
  const chunkEmbeddings = new Float32Array(M * E);
  const presence = new Float32Array(M);
  for (let j = 0; j < count; j++) {
    chunkEmbeddings.set(pool[(index * 7 + j) % pool.length]!, j * E);
    presence[j] = 1;
  }
  return { ...stay, chunkEmbeddings, presence };
}
