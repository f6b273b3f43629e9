import type { MessagePort } from 'node:worker_threads';
import type { FromStayWorker, ToStayWorker } from './stay-pool';

/** A stay pool worker's open sessions: what it does with stays, and how it lets them go. */
export interface StayWorkerSessions<Result> {
  /**
   * Works on `stayIds` in order, handing each stay's result to `deliver` as soon as it is
   * known, and takes no further stay once `loop.stopping` is set.
   */
  work(
    stayIds: number[],
    deliver: (stayId: number, result: Result) => void,
    loop: { readonly stopping: boolean },
  ): Promise<void>;
  release(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The message loop of a stay pool worker (stay-pool.ts): opens its sessions, says 'ready',
 * then serves batches one after another, in order. 'stop' sets `stopping` at once (the work
 * at hand checks it between stays), then, after the work queued before it, releases the
 * sessions and closes the port so the thread can exit. A failure also sets `stopping` and is
 * reported once, in the words of `describe`.
 */
export function serveStays<Result>(
  port: MessagePort,
  open: () => Promise<StayWorkerSessions<Result>>,
  describe: (error: unknown) => string = messageOf,
): void {
  const post = (message: FromStayWorker<Result>) => port.postMessage(message);
  const loop = { stopping: false };
  const serve = (sessions: StayWorkerSessions<Result>) => {
    let queue = Promise.resolve();
    port.on('message', (message: ToStayWorker) => {
      if (message.kind === 'stop') {
        loop.stopping = true;
        queue = queue.then(async () => {
          await sessions.release();
          port.close();
        });
        return;
      }
      const { first, stayIds } = message;
      const deliver = (stayId: number, result: Result) =>
        post({ kind: 'result', position: first + stayIds.indexOf(stayId), result });
      queue = queue
        .then(() => (loop.stopping ? undefined : sessions.work(stayIds, deliver, loop)))
        .catch((error: unknown) => {
          loop.stopping = true;
          post({ kind: 'failed', message: describe(error) });
        });
    });
    post({ kind: 'ready' });
  };
  open().then(serve, (error: unknown) => {
    post({ kind: 'failed', message: describe(error) });
    port.close();
  });
}
