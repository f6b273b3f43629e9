// The ceiling: how many fused-model states per second the shipped E1 bundle scores when one
// stay's masks arrive in one large batched forward() call (the straightforward path, no
// search, no caches). With one intra-op thread (as audit workers run), with every core as
// intra-op threads of one session, and with every core as a worker thread; and by rows per
// ONNX run, which is how DEFAULT_MAX_BATCH was chosen.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../src/main/core/jobs/worker-script';
import { ModelRuntime, OnnxStayModel } from '../src/main/core/models';
import { CEILING_MASKS, randomQueries, statesPerSecond } from './ceiling-masks';
import { E1_BUNDLE, type BenchFixtures } from './fixtures';
import type { BenchmarkResult } from './measure';

const MASK_SEED = 11;
const BATCH_CAPS = [64, 128, 256, 512, 1024, 4096];

export async function ceilingBenchmark(fixtures: BenchFixtures) {
  const { runtime, tensors } = await fixtures.demoTestStays();
  const stay = tensors[0]!;
  const cores = availableParallelism();
  const oneThread = runtime.modelFor(stay);
  const queries = randomQueries(oneThread, CEILING_MASKS, MASK_SEED);
  const ceiling = await statesPerSecond(oneThread, queries);

  const byBatch: Record<string, number> = {};
  const context = { sessions: runtime.bundle.sessions, sizes: runtime.manifest.model.sizes };
  for (const maxBatch of BATCH_CAPS) {
    const model = new OnnxStayModel({ ...context, maxBatch }, stay);
    byBatch[maxBatch] = Math.round(await statesPerSecond(model, queries));
  }

  const threaded = await ModelRuntime.open(E1_BUNDLE, {
    executionProvider: 'cpu',
    intraOpNumThreads: cores,
  });
  const allThreads = await statesPerSecond(threaded.modelFor(stay), queries);
  await threaded.close();
  const perWorker = await workerRates(cores, stay);
  const workers = perWorker.reduce((a, b) => a + b, 0);

  const results: BenchmarkResult[] = [
    { name: 'ceiling: 1 thread', value: ceiling, unit: `states/s (${CEILING_MASKS} masks/call)` },
    {
      name: `ceiling: ${cores} intra-op threads`,
      value: allThreads,
      unit: 'states/s, one session',
    },
    { name: `ceiling: ${cores} workers x 1 thread`, value: workers, unit: 'states/s, summed' },
  ];
  return {
    results,
    details: {
      ceilingStatesPerSecond: ceiling,
      masks: CEILING_MASKS,
      maxBatch: runtime.maxBatch,
      statesPerSecondByRowsPerRun: byBatch,
      perWorker,
    },
  };
}

async function workerRates(count: number, tensors: unknown): Promise<number[]> {
  const { script, entry } = workerScript(
    'ceiling-worker',
    'bench',
    new URL('./ceiling-worker.ts', import.meta.url),
  );
  const workers = Array.from(
    { length: count },
    () =>
      new Worker(script, {
        workerData: { entry: entry.href, bundleDir: E1_BUNDLE, tensors, seed: MASK_SEED },
      }),
  );
  const ready = workers.map((w) => new Promise((resolve) => w.once('message', resolve)));
  await Promise.all(ready);
  const rates = workers.map(
    (w) =>
      new Promise<number>((resolve, reject) => {
        w.once('message', (rate: number) => resolve(rate));
        w.once('error', reject);
      }),
  );
  workers.forEach((w) => w.postMessage('go'));
  return Promise.all(rates);
}
