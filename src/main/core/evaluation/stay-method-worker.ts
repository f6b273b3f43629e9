/**
 * An evaluation's work on a pool worker thread (evaluation-pool.ts; started by
 * api/worker-thread.ts): opens the bundle once (its own ONNX sessions, one intra-op thread,
 * since the pool has one worker per core) and the store read-only, then runs the job on each
 * stay it is sent, in order, posting each stay's results as soon as they are known. Note
 * embeddings were computed by the main thread before the pool started, so they are only
 * read here.
 */
import type { MessagePort } from 'node:worker_threads';
import { serveStays } from '../jobs/worker-loop';
import { ModelRuntime, type StayModel } from '../models';
import { treeOfEvidenceSearch } from '../search';
import { Store } from '../store';
import type {
  DynamicStayResult,
  StayJob,
  StayJobResult,
  StayMethodWorkerData,
} from './evaluation-pool';
import { runStayMethods } from './stay-method-runner';

export function serveStayMethods(port: MessagePort, data: StayMethodWorkerData): void {
  serveStays<StayJobResult<StayJob>>(port, async () => {
    const store = Store.openReadOnly(data.dbPath);
    const runtime = await ModelRuntime.open(data.bundleDir, {
      store,
      executionProvider: data.executionProvider,
      intraOpNumThreads: 1,
    });
    return {
      work: async (stayIds, deliver, loop) => {
        for (const stayId of stayIds) {
          if (loop.stopping) return;
          const [stay] = store.loadStays([stayId]);
          if (!stay) throw new Error(`stay id ${stayId} is not in the store`);
          const model = await runtime.stayModel(stay);
          deliver(stayId, await runJob(data.job, model, stay.id));
        }
      },
      release: async () => {
        await runtime.close();
        store.close();
      },
    };
  });
}

async function runJob(
  job: StayJob,
  model: StayModel,
  stayId: number,
): Promise<StayJobResult<StayJob>> {
  if (job.kind === 'methods') return runStayMethods(model, job.plan, stayId);
  const result = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, job.params);
  return {
    pFull: result.pFull,
    converged: result.status === 'converged',
    reachable: result.reachable,
    size: result.size,
  } satisfies DynamicStayResult;
}
