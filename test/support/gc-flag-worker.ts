/**
 * A pool worker that audits nothing: for each stay it is given it answers where it ran
 * (its process's V8 flags, its process id, whether it is a worker thread), so a test can
 * see where pool-thread.ts put it.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, threadId } from 'node:worker_threads';
import type { ToStayWorker } from '../../src/main/core/jobs/stay-pool';

export interface WhereItRan {
  stayId: number;
  execArgv: string[];
  pid: number;
  workerThread: boolean;
}

/**
 * With TOE_TEST_WORKER_BARRIER=dir:N, a worker answers its first stay only once N workers
 * have signed in under dir, so that every worker gets some stays however slowly its process
 * started (a loaded machine may start the second one after the first has done them all).
 */
async function barrier(): Promise<void> {
  const setting = process.env.TOE_TEST_WORKER_BARRIER;
  if (!setting) return;
  const [dir, count] = [
    setting.slice(0, setting.lastIndexOf(':')),
    Number(setting.split(':').pop()),
  ];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}-${threadId}`), '');
  const deadline = Date.now() + 60_000;
  while (readdirSync(dir).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const everyoneHere = barrier();

const port = parentPort!;
// The pool hands out stays once a worker says it is ready.
port.postMessage({ kind: 'ready' });
port.on('message', (message: ToStayWorker) => {
  if (message.kind === 'stop') {
    // After the stays already given, as the real worker does.
    setTimeout(() => port.close(), 150);
    return;
  }
  // A stay takes a while, as a real one does.
  void everyoneHere.then(() =>
    setTimeout(() => {
      for (const [i, stayId] of message.stayIds.entries()) {
        const result: WhereItRan = {
          stayId,
          execArgv: process.execArgv,
          pid: process.pid,
          workerThread: !isMainThread,
        };
        port.postMessage({ kind: 'result', position: message.first + i, result });
      }
    }, 100),
  );
});
