/**
 * The run engine: verifies the bundle against the cohort BEFORE a run exists, records the
 * run with its plan and provenance, embeds the stays' notes (main thread: the store's only
 * writer), then audits the stays on a pool of worker threads and commits each result the
 * moment it arrives. A crash, kill or cancel loses nothing committed; resumeRun audits
 * exactly the planned stays without a result, after checking nothing it depends on changed.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { AbstentionPolicyName, ReviewBudget } from '../../../shared/abstention';
import type { Split } from '../../../shared/domain';
import {
  BundleError,
  ModelRuntime,
  SHIPPED_MODELS_DIR,
  type ExecutionProviderRequest,
  type ModelLogger,
} from '../models';
import type { SearchParams } from '../search';
import { ConflictError, type Store } from '../store';
import type { RunProgress, RunSpec, RunSummary } from './audit-types';
import { precomputeNoteEmbeddings } from './note-precompute';
import { RunCancelledError, RunFailedError } from './run-errors';
import { RunProgressMeter } from './run-progress';
import {
  checkResumable,
  decisionThreshold,
  planStays,
  resolveAbstention,
  resolveDecision,
  resolveParams,
  runProvenance,
  type CalibrationChoice,
} from './run-setup';
import { RunStore } from './run-store';
import { runAuditPool } from './worker-pool';

export interface RunRequest {
  cohortId: number;
  task: string;
  split?: Split | null;
  /** Default: the shipped bundle for the task, resources/models/<task>. */
  bundleDir?: string;
  /** Only what the caller chose; the rest comes from method.md and the bundle. */
  params?: Partial<SearchParams>;
  /** Worker threads (default: one per core). */
  workers?: number;
  stayKeys?: readonly string[] | null;
  /** 'bundle' (default): decide on the calibration file beside the bundle, if any. */
  calibration?: CalibrationChoice;
  /** Policy and budget; defaults depend on the decision (run-setup's resolveAbstention). */
  abstention?: { policy?: AbstentionPolicyName; budget?: ReviewBudget };
  /** The validation-split audit that fitted policies use (see validation-run.ts). */
  validationRunId?: number | null;
}

export interface RunOptions {
  signal?: AbortSignal;
  progress?: (progress: RunProgress) => void;
  /** Worker threads for this session (resume; default: what the run started with). */
  workers?: number;
  /** Provider for a new run (default: $TOE_EXECUTION_PROVIDER, else auto). */
  executionProvider?: ExecutionProviderRequest;
  logger?: ModelLogger;
  /** The worker module; tests swap in one that fails. */
  workerEntry?: URL;
}

/** Stays per message to a worker: small, so the pool stays busy to the last stay. */
const BATCH_SIZE = 4;

export async function startRun(
  store: Store,
  request: RunRequest,
  options: RunOptions = {},
): Promise<RunSummary> {
  requireFileStore(store);
  const cohort = store.getCohort(request.cohortId);
  const bundleDir = resolve(request.bundleDir ?? join(SHIPPED_MODELS_DIR, request.task));
  const runtime = await ModelRuntime.open(bundleDir, {
    store,
    intraOpNumThreads: 1,
    ...(options.executionProvider ? { executionProvider: options.executionProvider } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let runId: number;
  try {
    if (runtime.manifest.task !== request.task) {
      throw new BundleError(
        'manifest',
        `The bundle in ${bundleDir} predicts ${runtime.manifest.task}, not ${request.task}. Audit task ${runtime.manifest.task}, or pass another bundle.`,
      );
    }
    runtime.checkCohort(cohort);
    const split = request.split ?? null;
    const stayKeys = request.stayKeys ? [...request.stayKeys] : null;
    const plan = planStays(store, cohort, request.task, split, stayKeys);
    const decision = resolveDecision(
      bundleDir,
      runtime.manifest,
      request.calibration ?? 'bundle',
      request.params?.threshold,
    );
    const spec: RunSpec = {
      cohortId: cohort.id,
      task: request.task,
      split,
      bundleDir,
      params: resolveParams(
        { ...request.params, threshold: decisionThreshold(decision) },
        runtime.manifest,
      ),
      workers: checkWorkers(request.workers ?? availableParallelism()),
      stayKeys,
      decision,
      abstention: resolveAbstention(decision, request.abstention, request.validationRunId ?? null),
    };
    const provenance = runProvenance(store, cohort, runtime);
    runId = new RunStore(store).createRun({ spec, provenance, ...plan });
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return execute(store, runtime, runId, options);
}

export async function resumeRun(
  store: Store,
  runId: number,
  options: RunOptions = {},
): Promise<RunSummary> {
  requireFileStore(store);
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  if (run.status === 'completed') return run;
  const owner = runs.liveOwner(runId);
  if (owner !== null) {
    throw new ConflictError(
      `Audit run ${runId} is being executed by process ${owner.pid} on ${owner.host}. Cancel it there first, or wait for it to finish.`,
    );
  }
  const runtime = await ModelRuntime.open(run.spec.bundleDir, {
    store,
    intraOpNumThreads: 1,
    executionProvider: run.provenance.executionProvider,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  try {
    checkResumable(store, run, runtime);
    runtime.checkCohort(store.getCohort(run.spec.cohortId));
    runs.markResumed(runId);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return execute(store, runtime, runId, options);
}

/** Embeds, then audits, the run's remaining stays; settles the run's status either way. */
async function execute(
  store: Store,
  runtime: ModelRuntime,
  runId: number,
  options: RunOptions,
): Promise<RunSummary> {
  const runs = new RunStore(store);
  const { spec, provenance, totalStays } = runs.getRun(runId);
  const remaining = runs.remainingStayIds(runId);
  const { signal, progress } = options;
  try {
    const embedding = new RunProgressMeter(
      { runId, phase: 'embedding', total: remaining.length },
      0,
      progress,
    );
    embedding.flush();
    try {
      await precomputeNoteEmbeddings(runtime, store, remaining, {
        signal,
        onStay: () => embedding.tick(),
      });
    } finally {
      await runtime.close();
    }
    const auditing = new RunProgressMeter(
      { runId, phase: 'auditing', total: totalStays },
      totalStays - remaining.length,
      progress,
    );
    auditing.flush();
    await runAuditPool(remaining, {
      size: checkWorkers(options.workers ?? spec.workers),
      batchSize: BATCH_SIZE,
      data: {
        dbPath: store.path,
        bundleDir: spec.bundleDir,
        executionProvider: provenance.executionProvider,
        task: spec.task,
        params: spec.params,
        calibration: spec.decision?.mode === 'calibrated' ? spec.decision.map : null,
      },
      ...(options.workerEntry ? { entry: options.workerEntry } : {}),
      ...(signal ? { signal } : {}),
      onResult: (detail) => {
        runs.saveResult(runId, detail);
        auditing.tick();
      },
    });
    auditing.flush();
    runs.markFinished(runId, 'completed');
    return runs.getRun(runId);
  } catch (error) {
    if (signal?.aborted) {
      runs.markFinished(runId, 'cancelled');
      throw new RunCancelledError(runs.getRun(runId));
    }
    const reason = error instanceof Error ? error.message : String(error);
    runs.markFinished(runId, 'failed', reason);
    throw new RunFailedError(runs.getRun(runId), reason);
  }
}

function checkWorkers(workers: number): number {
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new RangeError(`workers must be a whole number from 1 to 256, got ${workers}`);
  }
  return workers;
}

/** Workers open the store file themselves: an in-memory store has none to share. */
function requireFileStore(store: Store): void {
  if (store.path === ':memory:') {
    throw new Error('Audit runs need a store file (workers read it); this store is in memory.');
  }
}
