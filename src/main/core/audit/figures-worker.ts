/**
 * A run's cohort statistics or bias audit on a one-shot worker thread (figures-thread.ts;
 * started by api/worker-thread.ts): opens the store read-only, computes, posts the JSON back
 * and closes the port so the thread exits. Keeps the thousand bootstrap resamples off the
 * thread that answers the app's calls.
 */
import type { MessagePort } from 'node:worker_threads';
import { Store } from '../store';
import { computeFigures } from './run-figures';
import type { FiguresWorkerData, FiguresWorkerReply } from './figures-thread';

export function computeFiguresOnThread(port: MessagePort, data: FiguresWorkerData): void {
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
}
