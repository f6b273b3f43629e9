/**
 * The real audit worker, except that its thread dies (exit code 7) right after posting its
 * sixth result: a crash mid-run. It dies between two stays, as a thread can without taking
 * the process along (onnxruntime aborts the process if a thread dies inside a session run).
 */
import { parentPort } from 'node:worker_threads';
import type { FromWorker } from '../../src/main/core/audit/worker-messages';

const port = parentPort!;
const post = port.postMessage.bind(port);
let results = 0;
port.postMessage = (message: FromWorker) => {
  post(message);
  if (message.kind === 'result' && ++results === 6) process.exit(7);
};
await import('../../src/main/core/audit/audit-worker');
