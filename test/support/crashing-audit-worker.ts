/**
 * The real worker thread doing an audit, except that it dies (exit code 7) right after
 * posting its sixth result: a crash mid-run. It dies between two stays, as a thread can
 * without taking the process along (onnxruntime aborts the process if a thread dies inside a
 * session run).
 */
import { parentPort } from 'node:worker_threads';
import type { FromStayWorker } from '../../src/main/core/jobs/stay-pool';

const port = parentPort!;
const post = port.postMessage.bind(port);
let results = 0;
port.postMessage = (message: FromStayWorker<unknown>) => {
  post(message);
  if (message.kind === 'result' && ++results === 6) process.exit(7);
};
await import('../../src/main/core/api/worker-thread');
