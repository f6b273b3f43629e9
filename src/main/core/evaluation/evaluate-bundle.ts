/**
 * The one evaluation use case, whoever starts it (`toe evaluate`, a run's dashboard): every
 * method of the request on a cohort split, the abstention audits of that split, the result
 * kept in the store. Callers get the stored evaluation and the per-stay records; writing
 * files is theirs.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { SelectableMethod } from '../../../shared/charts';
import type { Split } from '../../../shared/domain';
import { evaluationCommandLine } from '../../../shared/evaluation-command';
import type { StoredEvaluation } from '../../../shared/evaluations';
import type { ProgressSink } from '../jobs/progress';
import { MAX_WORKERS } from '../jobs/worker-limit';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  legacyBundleFingerprint,
  ModelRuntime,
  SHIPPED_MODELS_DIR,
  type ExecutionProviderRequest,
} from '../models';
import { portablePath } from '../paths/portable-path';
import { SEARCH_PARAM_DEFAULTS } from '../search';
import type { Store } from '../store';
import { abstentionAudits } from './abstention-audits';
import type { EvaluationPlan } from './evaluation-plan';
import { EvaluationStore } from './evaluation-store';
import { runEvaluation } from './run-evaluation';
import type { StayRecord } from './stay-record';

export interface BundleEvaluationRequest {
  /** The cohort's name or id, as the caller named it (so the recorded command does). */
  cohort: string;
  task: string;
  split: Split;
  /** The bundle folder as given; absent, the shipped bundle of the task. */
  bundle?: string | undefined;
  /**
   * The bundle must still be this model (an audit run's), else the evaluation is refused;
   * the evaluation is kept under it, so that run's dashboard finds it.
   */
  expectedFingerprint?: string | undefined;
  ks: number[];
  methods: SelectableMethod[];
  seed: number;
  resamples: number;
  limeSamples: number;
  /** KernelSHAP coalitions per stay; absent, the default 2·units + 2048. */
  shapBudget?: number | undefined;
  /** Only the first N labelled stays of the split (by id); absent, all. */
  limit?: number | undefined;
  /** The abstention section: audits of the split and its validation split (or reused ones). */
  abstention: boolean;
  executionProvider?: ExecutionProviderRequest | undefined;
  /** Worker threads for the stays (default one per core); the result does not depend on it. */
  workers?: number | undefined;
  /** The folder the caller writes the report to, recorded in the command that reproduces it. */
  out?: string | undefined;
}

export interface BundleEvaluation {
  stored: StoredEvaluation;
  records: StayRecord[];
}

/** The shipped bundle of the task unless the request names one. */
const requestedBundleDir = (request: BundleEvaluationRequest) =>
  resolve(request.bundle ?? join(SHIPPED_MODELS_DIR, request.task));

function refuseOtherModel(runtime: ModelRuntime, dir: string, request: BundleEvaluationRequest) {
  const { manifest } = runtime;
  if (manifest.task !== request.task) {
    throw new BundleError(
      'manifest',
      `The bundle in ${dir} predicts ${manifest.task}, not ${request.task}.`,
    );
  }
  const expected = request.expectedFingerprint;
  // An audit run recorded before manifests were hashed has the files-only fingerprint.
  const fingerprints = [
    bundleFingerprint(bundleHashes(manifest)),
    legacyBundleFingerprint(manifest),
  ];
  if (expected !== undefined && !fingerprints.includes(expected)) {
    throw new BundleError(
      'hash',
      `The bundle in ${dir} changed since the audit ran: its files or manifest are not the audited model's any more. Evaluate the bundle as it is now with toe evaluate --bundle ${dir}, or audit it again.`,
    );
  }
}

/** What was requested, as the command line that reproduces it (paths as a report prints them). */
function reproducingCommand(store: Store, request: BundleEvaluationRequest): string {
  return evaluationCommandLine({
    db: portablePath(store.path),
    cohort: request.cohort,
    task: request.task,
    bundle: request.bundle === undefined ? undefined : portablePath(request.bundle),
    split: request.split,
    seed: request.seed,
    spurious: false,
    k: request.ks,
    methods: request.methods,
    limit: request.limit,
    resamples: request.resamples,
    limeSamples: request.limeSamples,
    shapBudget: request.shapBudget,
    out: request.out === undefined ? undefined : portablePath(request.out),
  });
}

export async function evaluateBundle(
  store: Store,
  request: BundleEvaluationRequest,
  options: { progress?: ProgressSink; signal?: AbortSignal } = {},
): Promise<BundleEvaluation> {
  const cohortId = store.resolveCohort(request.cohort);
  const bundleDir = requestedBundleDir(request);
  const { split, limit, executionProvider } = request;
  const { signal } = options;
  const runtime = await ModelRuntime.open(bundleDir, {
    store,
    ...(executionProvider ? { executionProvider } : {}),
  });
  try {
    refuseOtherModel(runtime, bundleDir, request);
    const plan: EvaluationPlan = {
      ks: request.ks,
      methods: request.methods,
      params: { ...SEARCH_PARAM_DEFAULTS, threshold: runtime.manifest.decisionThreshold },
      seed: request.seed,
      resamples: request.resamples,
      limeSamples: request.limeSamples,
      shapBudget: request.shapBudget ?? null,
    };
    const { result, records } = await runEvaluation({
      store,
      runtime,
      cohortId,
      split,
      plan,
      limit: limit ?? null,
      command: reproducingCommand(store, request),
      // A worker opens the store file, so an in-memory store's stays run on this thread; the
      // result is the same.
      ...(store.path === ':memory:'
        ? {}
        : {
            pool: {
              workers: Math.min(request.workers ?? availableParallelism(), MAX_WORKERS),
              bundleDir,
            },
          }),
      ...(options.progress ? { progress: options.progress } : {}),
      ...(signal ? { signal } : {}),
    });
    // The abstention section audits the whole split (and its validation split): skipped for
    // an evaluation of some stays only, and for the validation split itself.
    if (request.abstention && limit === undefined && split !== 'val') {
      const progress = options.progress;
      result.abstention = await abstentionAudits(
        store,
        { cohortId, task: request.task, split, bundleDir, seed: request.seed },
        {
          ...(signal ? { signal } : {}),
          ...(executionProvider ? { executionProvider } : {}),
          ...(progress
            ? {
                progress: (p) =>
                  progress({
                    phase: `abstention audits: ${p.phase === 'embedding' ? 'embedding notes' : 'auditing stays'}`,
                    done: p.done,
                    total: p.total,
                  }),
              }
            : {}),
        },
      );
    }
    // Kept in the store: the dashboard of every audit run of this bundle on this cohort and
    // split shows its frontier.
    const stored = new EvaluationStore(store).save(cohortId, result, request.expectedFingerprint);
    return { stored, records };
  } finally {
    await runtime.close();
  }
}
