/**
 * The pool of audit workers. Stays are handed out in plan order, a small batch at a time,
 * and each worker gets its next batch while it still has one in hand, so no worker waits
 * for the main thread. Each result goes to `onResult` (the engine commits it) the moment it
 * arrives. A worker that fails or dies stops the pool; so does the abort signal.
 *
 * Workers are stopped by asking, never by Worker.terminate(): terminating a thread while its
 * ONNX session is running makes onnxruntime-node throw during teardown, and that aborts the
 * whole process (seen as SIGABRT on Ctrl-C). A stopping worker finishes the stay at hand,
 * whose result is still committed, releases its sessions and exits; the promise settles
 * when every worker has exited, so nothing can arrive afterwards.
 */
import type { StayAuditDetail } from './audit-types';
import type { AuditWorkerData, FromWorker, ToWorker } from './worker-messages';
import { startPoolThread, type PoolThread } from '../jobs/pool-thread';
import { workerScript } from '../jobs/worker-script';

export interface AuditPoolOptions {
  size: number;
  batchSize: number;
  data: Omit<AuditWorkerData, 'entry'>;
  /** The worker module (default: audit-worker next to this file); tests swap in others. */
  entry?: URL;
  signal?: AbortSignal;
  onResult: (detail: StayAuditDetail) => void;
}

/** Thrown when the pool stopped because its signal was aborted. */
export class PoolAbortedError extends Error {
  constructor() {
    super('the audit pool was stopped');
    this.name = 'PoolAbortedError';
  }
}

/** A stopping worker that has not exited after this long (a hung stay) is terminated. */
const STOP_GRACE_MS = 30_000;

interface PoolWorker {
  index: number;
  thread: PoolThread<ToWorker, FromWorker>;
  /** Stays sent and not yet returned, in the order the worker will audit them. */
  inHand: Set<number>;
  exited: boolean;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function runAuditPool(stayIds: readonly number[], options: AuditPoolOptions): Promise<void> {
  if (stayIds.length === 0) return Promise.resolve();
  const { script, entry } = workerScript('audit-worker', 'audit', options.entry);
  const workerData: AuditWorkerData = { ...options.data, entry: entry.href };
  const size = Math.max(1, Math.min(options.size, stayIds.length));
  let next = 0;
  /** Set once the pool is stopping: null error for a pool that finished its work. */
  let stopping: { error: Error | null } | null = null;

  return new Promise<void>((resolve, reject) => {
    const workers: PoolWorker[] = [];
    const send = (worker: PoolWorker, message: ToWorker) => {
      if (!worker.exited) worker.thread.postMessage(message);
    };
    let grace: NodeJS.Timeout | undefined;

    const stop = (error: Error | null) => {
      // A commit error outranks a cancel: the caller must learn that the store refused.
      if (stopping && !(stopping.error instanceof PoolAbortedError && error)) return;
      const first = stopping === null;
      stopping = { error };
      if (!first) return;
      options.signal?.removeEventListener('abort', onAbort);
      workers.forEach((w) => send(w, { kind: 'stop' }));
      grace = setTimeout(() => workers.forEach((w) => w.thread.terminate()), STOP_GRACE_MS);
      grace.unref();
    };
    const onAbort = () => stop(new PoolAbortedError());

    const topUp = (worker: PoolWorker) => {
      while (worker.inHand.size <= options.batchSize && next < stayIds.length) {
        const batch = stayIds.slice(next, next + options.batchSize);
        next += batch.length;
        batch.forEach((id) => worker.inHand.add(id));
        send(worker, { kind: 'audit', stayIds: batch });
      }
    };

    const onMessage = (worker: PoolWorker, message: FromWorker) => {
      if (message.kind === 'failed') {
        const stay = worker.inHand.values().next().value;
        const where = stay === undefined ? '' : ` while auditing stay id ${stay}`;
        stop(new Error(`audit worker ${worker.index} failed${where}: ${message.message}`));
        return;
      }
      if (message.kind === 'result') {
        const { stayId } = message.detail;
        if (!worker.inHand.delete(stayId)) {
          stop(new Error(`audit worker ${worker.index} returned stay ${stayId} it was not given`));
          return;
        }
        // Committed even while stopping: it is a finished, valid result.
        try {
          options.onResult(message.detail);
        } catch (error) {
          stop(asError(error));
          return;
        }
      }
      if (stopping) return;
      topUp(worker);
      if (next >= stayIds.length && workers.every((w) => w.inHand.size === 0)) stop(null);
    };

    const onExit = (worker: PoolWorker, code: number) => {
      worker.exited = true;
      if (!stopping) {
        stop(
          new Error(
            `audit worker ${worker.index} stopped unexpectedly (exit code ${code}) with ${worker.inHand.size} stays in hand`,
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
      const thread = startPoolThread<ToWorker, FromWorker>(script, workerData);
      const worker: PoolWorker = { index, thread, inHand: new Set(), exited: false };
      workers.push(worker);
      thread.onMessage((message) => onMessage(worker, message));
      thread.onError((error) => stop(new Error(`audit worker ${index} crashed: ${error.message}`)));
      thread.onExit((code) => onExit(worker, code));
    }
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
