/**
 * The app's one worker script: every pool worker (jobs/stay-pool.ts) and one-shot thread
 * starts here and does the work its workerData names. It lives in the API layer because that
 * layer may import every kind of work; each kind's code stays in its own layer, and is loaded
 * only when asked for, so a figures thread does not load the model runtime.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FiguresWorkerData } from '../audit/figures-thread';
import type { AuditWorkerData } from '../audit/worker-messages';
import type { StayMethodWorkerData } from '../evaluation/evaluation-pool';
import type { EvaluationWorkerData } from '../evaluation/evaluation-thread';

type WorkerThreadData =
  AuditWorkerData | StayMethodWorkerData | FiguresWorkerData | EvaluationWorkerData;

if (!parentPort)
  throw new Error('worker-thread runs as a worker thread (see jobs/worker-script.ts)');
const port = parentPort;
const data = workerData as WorkerThreadData;

switch (data.kind) {
  case 'audit-stays':
    (await import('../audit/audit-worker')).serveAuditStays(port, data);
    break;
  case 'evaluation-stays':
    (await import('../evaluation/stay-method-worker')).serveStayMethods(port, data);
    break;
  case 'figures':
    (await import('../audit/figures-worker')).computeFiguresOnThread(port, data);
    break;
  case 'evaluation':
    await (await import('../evaluation/evaluation-worker')).evaluateOnThread(port, data);
    break;
  default: {
    // workerData crosses a thread boundary untyped: a kind no case knows must not end quietly.
    const unknown: never = data;
    throw new Error(
      `worker-thread: no work of kind ${JSON.stringify((unknown as { kind?: unknown }).kind)}`,
    );
  }
}
