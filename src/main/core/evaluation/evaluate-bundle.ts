/**
 * An evaluation with toe evaluate's defaults (every method at the paper's budgets) of one
 * bundle on one cohort split: what a run's dashboard starts to draw the frontier of the
 * run's model. The caller keeps the result (EvaluationStore).
 */
import { availableParallelism } from 'node:os';
import type { EvaluationResult } from '../../../shared/charts';
import type { Split } from '../../../shared/domain';
import type { ProgressSink } from '../jobs/progress';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  legacyBundleFingerprint,
  ModelRuntime,
} from '../models';
import type { Store } from '../store';
import { evaluationCommandLine } from './evaluation-command';
import { defaultEvaluationPlan } from './evaluation-plan';
import { runEvaluation } from './run-evaluation';

export interface BundleEvaluationRequest {
  cohortId: number;
  split: Split;
  bundleDir: string;
  /** The bundle must still be this model (an audit run's), else the evaluation is refused. */
  expectedFingerprint: string | null;
  /** Only the first N labelled stays of the split (by id), or null for all. */
  limit: number | null;
}

export async function evaluateBundle(
  store: Store,
  request: BundleEvaluationRequest,
  options: { progress?: ProgressSink; signal?: AbortSignal } = {},
): Promise<EvaluationResult> {
  const { cohortId, split, bundleDir, limit } = request;
  const runtime = await ModelRuntime.open(bundleDir, { store });
  try {
    const { manifest } = runtime;
    // An audit run recorded before manifests were hashed has the files-only fingerprint.
    const fingerprints = [
      bundleFingerprint(bundleHashes(manifest)),
      legacyBundleFingerprint(manifest),
    ];
    if (
      request.expectedFingerprint !== null &&
      !fingerprints.includes(request.expectedFingerprint)
    ) {
      throw new BundleError(
        'hash',
        `The bundle in ${bundleDir} changed since the audit ran: its files or manifest are not the audited model's any more. Evaluate the bundle as it is now with toe evaluate --bundle ${bundleDir}, or audit it again.`,
      );
    }
    const plan = defaultEvaluationPlan(manifest.decisionThreshold);
    const command = evaluationCommandLine({
      db: store.path,
      cohort: store.getCohort(cohortId).name,
      task: manifest.task,
      bundle: bundleDir,
      split,
      seed: plan.seed,
      spurious: false,
      k: plan.ks,
      methods: plan.methods,
      limit: limit ?? undefined,
      resamples: plan.resamples,
      limeSamples: plan.limeSamples,
    });
    const { result } = await runEvaluation({
      store,
      runtime,
      cohortId,
      split,
      plan,
      limit,
      command,
      // The stays on one worker per core, as toe evaluate does (a worker opens the store
      // file, so an in-memory store's run on this thread); the result is the same.
      ...(store.path === ':memory:'
        ? {}
        : { pool: { workers: availableParallelism(), bundleDir } }),
      ...(options.progress ? { progress: options.progress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return result;
  } finally {
    await runtime.close();
  }
}
