/**
 * The run engine: verifies the bundle against the cohort BEFORE a run exists, records the
 * run with its plan and provenance, embeds the stays' notes (main thread: the store's only
 * writer), then audits the stays on a pool of worker threads and commits each result the
 * moment it arrives. A crash, kill or cancel loses nothing committed; resumeRun audits
 * exactly the planned stays without a result, after checking nothing it depends on changed.
 *
 * A run is executed under a lease (run-store.ts): resumeRun claims it atomically before
 * anything else, so a second resume of the same run is refused with a ConflictError and
 * leaves the run as it was; the engine refreshes the lease's heartbeat every
 * LEASE_HEARTBEAT_MS and stops, writing nothing more, if the run was taken over.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { AbstentionPolicyName, ReviewBudget } from '../../../shared/abstention';
import type { Split } from '../../../shared/domain';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  ModelRuntime,
  SHIPPED_MODELS_DIR,
  type ExecutionProviderRequest,
  type ModelLogger,
} from '../models';
import { lastCancelCheck } from '../jobs/progress';
import type { SearchParams } from '../search';
import type { Store } from '../store';
import { searchExtentOf, type SearchExtent } from '../../../shared/audit';
import type { RunProgress, RunSpec, RunSummary } from './audit-types';
import { scoreAwaitingStays } from './awaiting-scoring';
import { precomputeNoteEmbeddings } from './note-precompute';
import { RunCancelledError, RunFailedError } from './run-errors';
import { RunProgressMeter } from './run-progress';
import {
  checkResumable,
  decisionThreshold,
  planStays,
  requestedSearchExtent,
  resolveAbstention,
  resolveDecision,
  resolveParams,
  runProvenance,
  type CalibrationChoice,
} from './run-setup';
import {
  LEASE_HEARTBEAT_MS,
  LeaseLostError,
  newLease,
  RunStore,
  type LeaseHolderRef,
  type RunLease,
} from './run-store';
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
  /** How far each stay's search goes (default: run-setup's requestedSearchExtent). */
  searchExtent?: SearchExtent;
}

export interface RunOptions {
  signal?: AbortSignal;
  /**
   * The job's point of no return (Job.beginCommit), checked right before the run is marked
   * completed; only for the run the job is about, not a validation audit on the way to it.
   */
  beginCommit?: (what: string) => void;
  progress?: (progress: RunProgress) => void;
  /** Worker threads for this session (resume; default: what the run started with). */
  workers?: number;
  /** Provider for a new run (default: $TOE_EXECUTION_PROVIDER, else auto). */
  executionProvider?: ExecutionProviderRequest;
  logger?: ModelLogger;
  /** The worker module; tests swap in one that fails. */
  workerEntry?: URL;
  /**
   * Resume only: take over a stale lease (no heartbeat for LEASE_STALE_SECONDS), if need be
   * only from this holder. A live lease is never taken over.
   */
  takeOver?: boolean | LeaseHolderRef;
  /** Heartbeat period (default LEASE_HEARTBEAT_MS); tests shorten it. */
  heartbeatMs?: number;
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
  const lease = newLease();
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
    const mapping = runtime.checkCohort(cohort);
    const split = request.split ?? null;
    const stayKeys = request.stayKeys ? [...request.stayKeys] : null;
    const plan = planStays(store, cohort, request.task, split, stayKeys);
    const decision = resolveDecision(
      bundleDir,
      runtime.manifest,
      request.calibration ?? 'bundle',
      request.params?.threshold,
    );
    const searchExtent = requestedSearchExtent(request);
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
      abstention: resolveAbstention(
        decision,
        request.abstention,
        request.validationRunId ?? null,
        searchExtent,
      ),
      searchExtent,
    };
    const provenance = runProvenance(store, cohort, runtime, decision, mapping);
    runId = new RunStore(store).createRun({
      spec,
      provenance,
      ...plan,
      lease,
      bundleManifest: runtime.bundle.manifestJson,
    });
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return execute(store, runtime, runId, new LeaseKeeper(store, runId, lease, options), options);
}

export async function resumeRun(
  store: Store,
  runId: number,
  options: RunOptions = {},
): Promise<RunSummary> {
  requireFileStore(store);
  const runs = new RunStore(store);
  // The claim comes first and is atomic: of two resumes, the second stops here.
  const claim = runs.claim(runId, { takeOver: options.takeOver ?? false });
  if (claim === null) return runs.getRun(runId);
  const keeper = new LeaseKeeper(store, runId, claim.lease, options);
  let runtime: ModelRuntime | null = null;
  try {
    const run = runs.getRun(runId);
    runtime = await ModelRuntime.open(run.spec.bundleDir, {
      store,
      intraOpNumThreads: 1,
      executionProvider: run.provenance.executionProvider,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    checkResumable(store, run, runtime, runs.startedManifest(runId));
    runtime.checkCohort(store.getCohort(run.spec.cohortId));
  } catch (error) {
    keeper.stop();
    await runtime?.close();
    runs.release(claim);
    throw error;
  }
  return execute(store, runtime, runId, keeper, options);
}

/**
 * Keeps a run's lease: refreshes its heartbeat every period, and when the refresh finds the
 * run taken over, aborts `signal` so the engine stops (and writes nothing more).
 */
class LeaseKeeper {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  lost = false;

  constructor(
    store: Store,
    private readonly runId: number,
    readonly lease: RunLease,
    options: Pick<RunOptions, 'heartbeatMs'>,
  ) {
    const runs = new RunStore(store);
    this.timer = setInterval(() => {
      let held: boolean;
      try {
        held = runs.heartbeat(runId, lease);
      } catch {
        // The store was busy past its timeout: skip this beat; the next one retries. A lease
        // only goes stale after many missed beats (LEASE_STALE_MS).
        return;
      }
      if (!held) {
        this.lost = true;
        this.stop();
        this.controller.abort();
      }
    }, options.heartbeatMs ?? LEASE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Aborted when the lease was lost. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Embeds, then audits, the run's remaining stays; settles the run's status either way. */
async function execute(
  store: Store,
  runtime: ModelRuntime,
  runId: number,
  keeper: LeaseKeeper,
  options: RunOptions,
): Promise<RunSummary> {
  const runs = new RunStore(store);
  const { lease } = keeper;
  const { spec, provenance, totalStays } = runs.getRun(runId);
  const remaining = runs.remainingStayIds(runId);
  const awaiting = runs.unscoredAwaitingStayIds(runId);
  const { progress } = options;
  // Stops on the caller's cancel and on the loss of the lease alike.
  const signal = options.signal ? AbortSignal.any([options.signal, keeper.signal]) : keeper.signal;
  try {
    try {
      // A TS-only bundle embeds nothing: its units are hourly windows only.
      if (runtime.hasNoteStream) {
        const embedding = new RunProgressMeter(
          { runId, phase: 'embedding', total: remaining.length },
          0,
          progress,
        );
        embedding.flush();
        await precomputeNoteEmbeddings(runtime, store, remaining, {
          signal,
          onStay: () => embedding.tick(),
        });
        await precomputeNoteEmbeddings(runtime, store, awaiting, { signal });
      }
      await scoreAwaitingStays(runtime, store, runs, { id: runId, spec, lease }, awaiting, signal);
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
        bundleFingerprint: bundleFingerprint(bundleHashes(runtime.manifest)),
        executionProvider: provenance.executionProvider,
        task: spec.task,
        params: spec.params,
        calibration: spec.decision?.mode === 'calibrated' ? spec.decision.map : null,
        searchExtent: searchExtentOf(spec),
      },
      ...(options.workerEntry ? { entry: options.workerEntry } : {}),
      signal,
      onResult: (detail) => {
        runs.saveResult(runId, detail, lease);
        auditing.tick();
      },
    });
    auditing.flush();
    // A Cancel that came while the last stays were audited is honoured (the run is marked
    // cancelled below, resumable); after this check it comes too late.
    lastCancelCheck(
      { signal: options.signal, beginCommit: options.beginCommit },
      `Audit run ${runId}`,
    );
    runs.markFinished(runId, 'completed', null, lease);
    return runs.getRun(runId);
  } catch (error) {
    // Taken over: the run is someone else's now, so nothing more is written to it.
    if (error instanceof LeaseLostError) throw error;
    if (keeper.lost) throw new LeaseLostError(runId, runs.lease(runId));
    if (options.signal?.aborted) {
      runs.markFinished(runId, 'cancelled', null, lease);
      throw new RunCancelledError(runs.getRun(runId));
    }
    const reason = error instanceof Error ? error.message : String(error);
    runs.markFinished(runId, 'failed', reason, lease);
    throw new RunFailedError(runs.getRun(runId), reason);
  } finally {
    keeper.stop();
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
