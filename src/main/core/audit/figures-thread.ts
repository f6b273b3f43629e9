/**
 * Runs computeFigures on a worker thread (figures-worker.ts) and resolves with its answer.
 * The caller checks what can be refused (unknown run, no results) first, on its own
 * thread, so the errors keep their kinds; anything the worker reports is unexpected.
 */
import { Worker } from 'node:worker_threads';
import type { FiguresOf, FiguresRequest } from './run-figures';
import { workerScript } from '../jobs/worker-script';

export interface FiguresWorkerData {
  /** The worker module (see jobs/worker-bootstrap.mjs). */
  entry: string;
  dbPath: string;
  request: FiguresRequest;
}

export type FiguresWorkerReply = { ok: true; value: unknown } | { ok: false; message: string };

export function figuresOnWorker<R extends FiguresRequest>(
  dbPath: string,
  request: R,
): Promise<FiguresOf<R>> {
  const { script, entry } = workerScript('figures-worker', 'audit');
  const data: FiguresWorkerData = { entry: entry.href, dbPath, request };
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(script, { workerData: data });
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
