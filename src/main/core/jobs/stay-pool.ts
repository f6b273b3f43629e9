/**
 * The one pool of worker threads, for work done stay by stay (an audit's searches, an
 * evaluation's methods). Stays are handed out in the given order, a small batch at a time,
 * and each worker gets its next batch while it still has one in hand, so no worker waits
 * for the main thread. Each result goes to `onResult` the moment it arrives, with the stay's
 * position in the list. A worker that fails or dies stops the pool; so does the abort signal.
 *
 * Workers are stopped by asking, never by Worker.terminate(): terminating a thread while its
 * ONNX session is running makes onnxruntime-node throw during teardown, and that aborts the
 * whole process (seen as SIGABRT on Ctrl-C). A stopping worker finishes the stay at hand,
 * whose result is still delivered, releases its sessions and exits; the promise settles
 * when every worker has exited, so nothing can arrive afterwards. V8 flags such as
 * --single-threaded-gc belong to the process: pool-thread.ts runs each worker where it is set.
 */
import { startPoolThread, type PoolThread } from './pool-thread';
import { workerThread, type WorkerThreadWork } from './worker-script';

/** 'stop': finish the stay at hand, take nothing more, release the sessions and exit. */
export type ToStayWorker =
  | {
      kind: 'stays';
      /** The position of stayIds[0] in the pool's list. */
      first: number;
      stayIds: number[];
    }
  | { kind: 'stop' };

export type FromStayWorker<Result> =
  | { kind: 'ready' }
  | { kind: 'result'; position: number; result: Result }
  | { kind: 'failed'; message: string };

export interface StayPoolOptions<Result> {
  /** How errors name a worker ("audit worker" gives "audit worker 2 failed …"). */
  workerName: string;
  /** Where a worker was when it failed, e.g. "while auditing stay id 12". */
  at: (stayId: number) => string;
  size: number;
  /** Stays per message; a worker holds up to two batches. */
  batchSize: number;
  /** What every worker starts with: its kind of work and what that needs. */
  work: WorkerThreadWork;
  /** The worker module (default: the app's worker thread); tests swap in others. */
  entry?: URL | undefined;
  signal?: AbortSignal | undefined;
  /** Called as each result arrives; a throw stops the pool with that error. */
  onResult: (result: Result, position: number) => void;
}

/** Thrown when the pool stopped because its signal was aborted. */
export class StayPoolAbortedError extends Error {
  constructor(workerName: string) {
    super(`the ${workerName} pool was stopped`);
    this.name = 'StayPoolAbortedError';
  }
}

/** A stopping worker that has not exited after this long (a hung stay) is terminated. */
const STOP_GRACE_MS = 30_000;

interface PoolWorker<Result> {
  index: number;
  thread: PoolThread<ToStayWorker, FromStayWorker<Result>>;
  /** Positions sent and not yet returned, in the order the worker will take them. */
  inHand: Set<number>;
  exited: boolean;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function runStayPool<Result>(
  stayIds: readonly number[],
  options: StayPoolOptions<Result>,
): Promise<void> {
  if (stayIds.length === 0) return Promise.resolve();
  const { script, workerData } = workerThread(options.work, options.entry);
  const { workerName } = options;
  const size = Math.max(1, Math.min(options.size, stayIds.length));
  let next = 0;
  /** Set once the pool is stopping: null error for a pool that finished its work. */
  let stopping: { error: Error | null } | null = null;

  return new Promise<void>((resolve, reject) => {
    const workers: PoolWorker<Result>[] = [];
    const send = (worker: PoolWorker<Result>, message: ToStayWorker) => {
      if (!worker.exited) worker.thread.postMessage(message);
    };
    let grace: NodeJS.Timeout | undefined;

    const stop = (error: Error | null) => {
      // A failure outranks a cancel: the caller must learn that, say, the store refused.
      if (stopping && !(stopping.error instanceof StayPoolAbortedError && error)) return;
      const first = stopping === null;
      stopping = { error };
      if (!first) return;
      options.signal?.removeEventListener('abort', onAbort);
      workers.forEach((w) => send(w, { kind: 'stop' }));
      grace = setTimeout(() => workers.forEach((w) => w.thread.terminate()), STOP_GRACE_MS);
      grace.unref();
    };
    const onAbort = () => stop(new StayPoolAbortedError(workerName));

    const topUp = (worker: PoolWorker<Result>) => {
      while (worker.inHand.size <= options.batchSize && next < stayIds.length) {
        const first = next;
        const batch = stayIds.slice(first, first + options.batchSize);
        next += batch.length;
        batch.forEach((_, i) => worker.inHand.add(first + i));
        send(worker, { kind: 'stays', first, stayIds: batch });
      }
    };

    const onMessage = (worker: PoolWorker<Result>, message: FromStayWorker<Result>) => {
      if (message.kind === 'failed') {
        const position: number | undefined = worker.inHand.values().next().value;
        const where = position === undefined ? '' : ` ${options.at(stayIds[position]!)}`;
        stop(new Error(`${workerName} ${worker.index} failed${where}: ${message.message}`));
        return;
      }
      if (message.kind === 'result') {
        const { position } = message;
        if (!worker.inHand.delete(position)) {
          const stay = stayIds[position] ?? `at position ${position}`;
          stop(new Error(`${workerName} ${worker.index} returned stay ${stay} it was not given`));
          return;
        }
        // Delivered even while stopping: it is a finished, valid result.
        try {
          options.onResult(message.result, position);
        } catch (error) {
          stop(asError(error));
          return;
        }
      }
      if (stopping) return;
      topUp(worker);
      if (next >= stayIds.length && workers.every((w) => w.inHand.size === 0)) stop(null);
    };

    const onExit = (worker: PoolWorker<Result>, code: number) => {
      worker.exited = true;
      if (!stopping) {
        stop(
          new Error(
            `${workerName} ${worker.index} stopped unexpectedly (exit code ${code}) with ${worker.inHand.size} stays in hand`,
          ),
        );
      }
      if (!workers.every((w) => w.exited)) return;
      clearTimeout(grace);
      const { error } = stopping!;
      if (error) reject(error);
      else resolve();
    };

    for (let index = 1; index <= size; index++) {
      const thread = startPoolThread<ToStayWorker, FromStayWorker<Result>>(script, workerData);
      const worker: PoolWorker<Result> = { index, thread, inHand: new Set(), exited: false };
      workers.push(worker);
      thread.onMessage((message) => onMessage(worker, message));
      thread.onError((error) =>
        stop(new Error(`${workerName} ${index} crashed: ${error.message}`)),
      );
      thread.onExit((code) => onExit(worker, code));
    }
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
