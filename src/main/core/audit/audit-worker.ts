/**
 * An audit worker thread: opens the bundle once (its own ONNX sessions, one intra-op thread,
 * since the pool already has one worker per core) and the store read-only, then audits the
 * stays it is sent, in order, posting each result as soon as it is known. Note embeddings
 * were computed by the run engine before the pool started, so they are only read here.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { applyCalibration } from '../calibration';
import { bundleFingerprint, bundleHashes, ModelRuntime } from '../models';
import type { ProbabilityMap } from '../search';
import { serveInOrder } from '../jobs/worker-loop';
import { Store } from '../store';
import { auditStay } from './stay-audit';
import type { AuditWorkerData, FromWorker, ToWorker } from './worker-messages';

function parent(): MessagePort {
  if (!parentPort) throw new Error('audit-worker runs as a worker thread of the run engine');
  return parentPort;
}

const port = parent();
const data = workerData as AuditWorkerData;
const post = (message: FromWorker) => port.postMessage(message);
const map = data.calibration;
const calibration: ProbabilityMap | undefined = map ? (p) => applyCalibration(map, p) : undefined;

/** Stopping after a 'stop' message (or a failure): finish the stay at hand, skip the rest. */
const loop = { stopping: false };

async function audit(runtime: ModelRuntime, store: Store, stayIds: number[]): Promise<void> {
  if (loop.stopping) return;
  const stays = store.loadStays(stayIds);
  const models = await runtime.stayModels(stays);
  for (const [i, stay] of stays.entries()) {
    if (loop.stopping) return;
    post({
      kind: 'result',
      detail: await auditStay(
        models[i]!,
        stay,
        data.task,
        data.params,
        calibration,
        data.searchExtent,
      ),
    });
  }
}

async function start(): Promise<void> {
  const store = Store.openReadOnly(data.dbPath);
  const runtime = await ModelRuntime.open(data.bundleDir, {
    store,
    executionProvider: data.executionProvider,
    intraOpNumThreads: 1,
  });
  const fingerprint = bundleFingerprint(bundleHashes(runtime.manifest));
  if (fingerprint !== data.bundleFingerprint) {
    throw new Error(
      `the bundle in ${data.bundleDir} changed while the run started (fingerprint ${fingerprint.slice(0, 12)}…, the run checked ${data.bundleFingerprint.slice(0, 12)}…)`,
    );
  }
  if (runtime.provider !== data.executionProvider) {
    throw new Error(
      `this worker got execution provider ${runtime.provider}, the run uses ${data.executionProvider}`,
    );
  }
  // Batches are audited one after another; 'stop' acts at once (between two stays), and
  // the thread exits once the sessions are released and the port closed.
  serveInOrder<ToWorker>(port, loop, {
    serve: (message) => audit(runtime, store, message.stayIds),
    release: async () => {
      await runtime.close();
      store.close();
    },
    failed: (error) => post({ kind: 'failed', message: describe(error) }),
  });
  post({ kind: 'ready' });
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /readonly database/i.test(message)
    ? `${message} (a note embedding was missing from the cache the run engine fills first)`
    : message;
}

start().catch((error: unknown) => post({ kind: 'failed', message: describe(error) }));
