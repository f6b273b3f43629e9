/**
 * `toe evaluate`'s stays on a pool of worker threads (stay-method-worker.ts), one stay at a
 * time per worker with one more in hand, so no worker waits for the main thread. Every
 * method's draws are seeded by the stay (stream = stay id) and each stay's note embeddings
 * are computed once, one stay per run, on the main thread before the workers start (see
 * audit/note-precompute.ts), so a stay's results do not depend on which worker ran it or
 * what it ran before: the results come back in the stays' order and are the same for any
 * number of workers.
 *
 * Workers are stopped by asking, as the audit pool's are (audit/worker-pool.ts): a stopping
 * worker finishes the stay at hand, releases its sessions and exits; the promise settles
 * once every worker has exited. V8 flags such as --single-threaded-gc belong to the process:
 * jobs/pool-thread.ts runs each worker where the flag is set.
 */
import type { ExecutionProviderRequest } from '../models';
import { startPoolThread, type PoolThread } from '../jobs/pool-thread';
import { workerScript } from '../jobs/worker-script';
import type { SearchParams } from '../search';
import type { EvaluationPlan } from './evaluation-plan';
import type { StayMethodResults } from './stay-method-runner';

/** What a worker does with each stay: every method of a plan, or one dynamic-mode search. */
export type StayJob =
  { kind: 'methods'; plan: EvaluationPlan } | { kind: 'dynamic'; params: SearchParams };

/** A dynamic-mode search's outcome, as the spurious audit keeps it. */
export interface DynamicStayResult {
  pFull: number;
  converged: boolean;
  reachable: boolean;
  size: number;
}

export type StayJobResult<J extends StayJob> = J extends { kind: 'methods' }
  ? StayMethodResults
  : DynamicStayResult;

export interface StayMethodWorkerData {
  /** The worker module (see jobs/worker-bootstrap.mjs). */
  entry: string;
  dbPath: string;
  bundleDir: string;
  executionProvider: ExecutionProviderRequest;
  job: StayJob;
}

export type ToStayMethodWorker =
  { kind: 'run'; position: number; stayId: number } | { kind: 'stop' };

export type FromStayMethodWorker =
  | { kind: 'ready' }
  | { kind: 'result'; position: number; results: StayMethodResults | DynamicStayResult }
  | { kind: 'failed'; message: string };

export interface StayMethodPoolOptions<J extends StayJob> {
  size: number;
  data: Omit<StayMethodWorkerData, 'entry' | 'job'> & { job: J };
  signal?: AbortSignal | undefined;
  /** After each stay, with how many are done. */
  onDone?: (done: number) => void;
}

/** Thrown when the pool stopped because its signal was aborted. */
export class StayPoolAbortedError extends Error {
  constructor() {
    super('the evaluation pool was stopped');
    this.name = 'StayPoolAbortedError';
  }
}

/** A stopping worker that has not exited after this long (a hung stay) is terminated. */
const STOP_GRACE_MS = 30_000;

/** Stays a worker holds at most: the one it runs and the next. */
const IN_HAND = 2;

interface PoolWorker {
  index: number;
  thread: PoolThread<ToStayMethodWorker, FromStayMethodWorker>;
  /** Positions sent and not yet returned. */
  inHand: Set<number>;
  exited: boolean;
}

/** The job on every stay, on `size` worker threads; the results in `stayIds`' order. */
export function runStayMethodPool<J extends StayJob>(
  stayIds: readonly number[],
  options: StayMethodPoolOptions<J>,
): Promise<StayJobResult<J>[]> {
  type R = StayJobResult<J>;
  const results: (R | undefined)[] = new Array(stayIds.length);
  if (stayIds.length === 0) return Promise.resolve([]);
  const { script, entry } = workerScript('stay-method-worker', 'evaluation');
  const workerData: StayMethodWorkerData = { ...options.data, entry: entry.href };
  const size = Math.max(1, Math.min(options.size, stayIds.length));
  let next = 0;
  let done = 0;
  let stopping: { error: Error | null } | null = null;

  return new Promise<R[]>((resolve, reject) => {
    const workers: PoolWorker[] = [];
    let grace: NodeJS.Timeout | undefined;
    const send = (worker: PoolWorker, message: ToStayMethodWorker) => {
      if (!worker.exited) worker.thread.postMessage(message);
    };
    const stop = (error: Error | null) => {
      if (stopping) {
        // A failure outranks a cancel.
        if (stopping.error instanceof StayPoolAbortedError && error) stopping = { error };
        return;
      }
      stopping = { error };
      options.signal?.removeEventListener('abort', onAbort);
      workers.forEach((w) => send(w, { kind: 'stop' }));
      grace = setTimeout(() => workers.forEach((w) => w.thread.terminate()), STOP_GRACE_MS);
      grace.unref();
    };
    const onAbort = () => stop(new StayPoolAbortedError());
    const topUp = (worker: PoolWorker) => {
      while (worker.inHand.size < IN_HAND && next < stayIds.length) {
        const position = next++;
        worker.inHand.add(position);
        send(worker, { kind: 'run', position, stayId: stayIds[position]! });
      }
    };
    const onMessage = (worker: PoolWorker, message: FromStayMethodWorker) => {
      if (message.kind === 'failed') {
        const position = worker.inHand.values().next().value;
        const where = position === undefined ? '' : ` on stay id ${stayIds[position]}`;
        stop(new Error(`evaluation worker ${worker.index} failed${where}: ${message.message}`));
        return;
      }
      if (message.kind === 'ready') {
        if (!stopping) topUp(worker);
        return;
      }
      if (!worker.inHand.delete(message.position)) {
        stop(new Error(`evaluation worker ${worker.index} returned a stay it was not given`));
        return;
      }
      results[message.position] = message.results as R;
      done++;
      options.onDone?.(done);
      if (stopping) return;
      topUp(worker);
      if (done === stayIds.length) stop(null);
    };
    const onExit = (worker: PoolWorker, code: number) => {
      worker.exited = true;
      if (!stopping) {
        stop(
          new Error(
            `evaluation worker ${worker.index} stopped unexpectedly (exit code ${code}) with ${worker.inHand.size} stays in hand`,
          ),
        );
      }
      if (!workers.every((w) => w.exited)) return;
      clearTimeout(grace);
      const { error } = stopping!;
      if (error) reject(error);
      else resolve(results as R[]);
    };

    for (let index = 1; index <= size; index++) {
      const thread = startPoolThread<ToStayMethodWorker, FromStayMethodWorker>(script, workerData);
      const worker: PoolWorker = { index, thread, inHand: new Set(), exited: false };
      workers.push(worker);
      thread.onMessage((message) => onMessage(worker, message));
      thread.onError((error) =>
        stop(new Error(`evaluation worker ${index} crashed: ${error.message}`)),
      );
      thread.onExit((code) => onExit(worker, code));
    }
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
