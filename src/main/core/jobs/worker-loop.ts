import type { MessagePort } from 'node:worker_threads';

/**
 * The message loop of a pool worker (audit-worker.ts, stay-method-worker.ts), started once
 * its sessions are open: messages are served one after another, in order; 'stop' sets
 * `stopping` at once (the work at hand checks it between stays), then, after the work
 * queued before it, releases the sessions and closes the port so the thread can exit. A
 * failure also sets `stopping` and is reported once through `failed`.
 */
export function serveInOrder<M extends { kind: string }>(
  port: MessagePort,
  loop: { stopping: boolean },
  handlers: {
    serve: (message: Exclude<M, { kind: 'stop' }>) => Promise<void>;
    release: () => Promise<void>;
    failed: (error: unknown) => void;
  },
): void {
  let queue = Promise.resolve();
  port.on('message', (message: M) => {
    if (message.kind === 'stop') {
      loop.stopping = true;
      queue = queue.then(async () => {
        await handlers.release();
        port.close();
      });
      return;
    }
    queue = queue
      .then(() => handlers.serve(message as Exclude<M, { kind: 'stop' }>))
      .catch((error: unknown) => {
        loop.stopping = true;
        handlers.failed(error);
      });
  });
}
