/**
 * An evaluation on a one-shot worker thread (evaluation-thread.ts; started by
 * api/worker-thread.ts): opens the store (the runtime may fill its note-embedding cache, the
 * evaluation is kept in it), evaluates, posts progress and then the stored evaluation with
 * its per-stay records, and closes the port so the thread exits.
 */
import type { MessagePort } from 'node:worker_threads';
import { Store } from '../store';
import { evaluateBundle } from './evaluate-bundle';
import {
  describeFailure,
  type EvaluationWorkerData,
  type FromEvaluationWorker,
  type ToEvaluationWorker,
} from './evaluation-thread';

export async function evaluateOnThread(
  port: MessagePort,
  data: EvaluationWorkerData,
): Promise<void> {
  const post = (message: FromEvaluationWorker) => port.postMessage(message);
  const controller = new AbortController();
  port.on('message', (message: ToEvaluationWorker) => {
    if (message.kind === 'cancel') controller.abort();
  });
  const store = new Store(data.dbPath);
  try {
    const evaluation = await evaluateBundle(store, data.request, {
      progress: (update) => post({ kind: 'progress', update }),
      signal: controller.signal,
    });
    post({ kind: 'done', evaluation });
  } catch (error) {
    post({ kind: 'failed', failure: describeFailure(error) });
  } finally {
    store.close();
    port.close();
  }
}
