/**
 * A pool worker that audits nothing: for each stay it is given it answers where it ran
 * (its process's V8 flags, its process id, whether it is a worker thread), so a test can
 * see where pool-thread.ts put it.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import type { ToWorker } from '../../src/main/core/audit/worker-messages';

export interface WhereItRan {
  stayId: number;
  execArgv: string[];
  pid: number;
  workerThread: boolean;
}

const port = parentPort!;
// The pool hands out stays once a worker says it is ready.
port.postMessage({ kind: 'ready' });
port.on('message', (message: ToWorker) => {
  if (message.kind === 'stop') {
    // After the stays already given, as the real worker does.
    setTimeout(() => port.close(), 150);
    return;
  }
  // A stay takes a while, as a real one does, so that every worker gets some.
  setTimeout(() => {
    for (const stayId of message.stayIds) {
      const detail: WhereItRan = {
        stayId,
        execArgv: process.execArgv,
        pid: process.pid,
        workerThread: !isMainThread,
      };
      port.postMessage({ kind: 'result', detail });
    }
  }, 100);
});
