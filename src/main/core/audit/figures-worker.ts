/**
 * A one-shot worker thread for a run's cohort statistics or bias audit: opens the store
 * read-only, computes, posts the JSON back and exits. Keeps the thousand bootstrap
 * resamples off the thread that answers the app's calls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Store } from '../store';
import { computeFigures } from './run-figures';
import type { FiguresWorkerData, FiguresWorkerReply } from './figures-thread';

const port = parentPort;
if (!port) throw new Error('figures-worker runs as a worker thread (see figures-thread.ts)');
const data = workerData as FiguresWorkerData;
const store = Store.openReadOnly(data.dbPath);
let reply: FiguresWorkerReply;
try {
  reply = { ok: true, value: computeFigures(store, data.request) };
} catch (error) {
  reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
} finally {
  store.close();
}
port.postMessage(reply);
port.close();
