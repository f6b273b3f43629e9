/**
 * The audit's work on a pool worker thread (started by api/worker-thread.ts): opens the bundle
 * once (its own ONNX sessions, one intra-op thread, since the pool already has one worker per
 * core) and the store read-only, then audits the stays it is sent, in order, posting each
 * result as soon as it is known. Note embeddings were computed by the run engine before the
 * pool started, so they are only read here.
 */
import type { MessagePort } from 'node:worker_threads';
import { applyCalibration } from '../calibration';
import { serveStays } from '../jobs/worker-loop';
import { bundleFingerprint, bundleHashes, ModelRuntime } from '../models';
import type { ProbabilityMap } from '../search';
import { Store } from '../store';
import type { StayAuditDetail } from './audit-types';
import { auditStay } from './stay-audit';
import type { AuditWorkerData } from './worker-messages';

export function serveAuditStays(port: MessagePort, data: AuditWorkerData): void {
  const map = data.calibration;
  const calibration: ProbabilityMap | undefined = map ? (p) => applyCalibration(map, p) : undefined;
  serveStays<StayAuditDetail>(
    port,
    async () => {
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
      return {
        work: async (stayIds, deliver, loop) => {
          const stays = store.loadStays(stayIds);
          const models = await runtime.stayModels(stays);
          for (const [i, stay] of stays.entries()) {
            if (loop.stopping) return;
            const detail = await auditStay(
              models[i]!,
              stay,
              data.task,
              data.params,
              calibration,
              data.searchExtent,
            );
            deliver(stay.id, detail);
          }
        },
        release: async () => {
          await runtime.close();
          store.close();
        },
      };
    },
    describe,
  );
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /readonly database/i.test(message)
    ? `${message} (a note embedding was missing from the cache the run engine fills first)`
    : message;
}
