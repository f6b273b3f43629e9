/**
 * Runs computeFigures on a one-shot worker thread (the app's worker thread doing
 * figures-worker.ts's work) and resolves with its answer.
 * The caller checks what can be refused (unknown run, no results) first, on its own
 * thread, so the errors keep their kinds; anything the worker reports is unexpected.
 */
import { availableParallelism } from 'node:os';
import type { FiguresOf, FiguresRequest } from './run-figures';
import { startWorkerThread } from '../jobs/worker-script';
import { FiguresQueue } from './figures-queue';

export interface FiguresWorkerData {
  kind: 'figures';
  dbPath: string;
  request: FiguresRequest;
}

export type FiguresWorkerReply = { ok: true; value: unknown } | { ok: false; message: string };

/** One core is left to the thread that answers the app (and to an audit that may be running). */
const queue = new FiguresQueue(Math.max(1, availableParallelism() - 1));

/** Waits its turn in the queue (figures-queue.ts), the dashboard's headline first. */
export function figuresOnWorker<R extends FiguresRequest>(
  dbPath: string,
  request: R,
): Promise<FiguresOf<R>> {
  return queue.run(request.kind, () => runWorker(dbPath, request));
}

function runWorker<R extends FiguresRequest>(dbPath: string, request: R): Promise<FiguresOf<R>> {
  const data: FiguresWorkerData = { kind: 'figures', dbPath, request };
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = startWorkerThread(data);
    worker.once('message', (reply: FiguresWorkerReply) => {
      settled = true;
      if (reply.ok) resolve(reply.value as FiguresOf<R>);
      else
        reject(
          new Error(
            `Computing the ${request.kind} of run ${request.runId} failed: ${reply.message}`,
          ),
        );
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled)
        reject(
          new Error(
            `The ${request.kind} worker for run ${request.runId} exited with code ${code}.`,
          ),
        );
    });
  });
}
