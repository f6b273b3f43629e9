/**
 * An evaluation pool's worker thread (evaluation-pool.ts): opens the bundle once (its own
 * ONNX sessions, one intra-op thread, since the pool has one worker per core) and the store
 * read-only, then runs every method of the plan on each stay it is sent, in order, posting
 * each stay's results as soon as they are known. Note embeddings were computed by the main
 * thread before the pool started, so they are only read here.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ModelRuntime, type StayModel } from '../models';
import { treeOfEvidenceSearch } from '../search';
import { serveInOrder } from '../jobs/worker-loop';
import { Store } from '../store';
import type {
  DynamicStayResult,
  FromStayMethodWorker,
  StayMethodWorkerData,
  ToStayMethodWorker,
} from './evaluation-pool';
import { runStayMethods } from './stay-method-runner';

function parent(): MessagePort {
  if (!parentPort) throw new Error('stay-method-worker runs as a worker thread (evaluation-pool)');
  return parentPort;
}

const port = parent();
const data = workerData as StayMethodWorkerData;
const post = (message: FromStayMethodWorker) => port.postMessage(message);

/** Stopping after a 'stop' message (or a failure): finish the stay at hand, skip the rest. */
const loop = { stopping: false };

async function run(runtime: ModelRuntime, store: Store, position: number, stayId: number) {
  if (loop.stopping) return;
  const [stay] = store.loadStays([stayId]);
  if (!stay) throw new Error(`stay id ${stayId} is not in the store`);
  const model = await runtime.stayModel(stay);
  post({ kind: 'result', position, results: await runJob(model, stay.id) });
}

async function runJob(model: StayModel, stayId: number) {
  const job = data.job;
  if (job.kind === 'methods') return runStayMethods(model, job.plan, stayId);
  const result = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, job.params);
  return {
    pFull: result.pFull,
    converged: result.status === 'converged',
    reachable: result.reachable,
    size: result.size,
  } satisfies DynamicStayResult;
}

async function start(): Promise<void> {
  const store = Store.openReadOnly(data.dbPath);
  const runtime = await ModelRuntime.open(data.bundleDir, {
    store,
    executionProvider: data.executionProvider,
    intraOpNumThreads: 1,
  });
  serveInOrder<ToStayMethodWorker>(port, loop, {
    serve: (message) => run(runtime, store, message.position, message.stayId),
    release: async () => {
      await runtime.close();
      store.close();
    },
    failed: (error) =>
      post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  });
  post({ kind: 'ready' });
}

start().catch((error: unknown) => {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
});
