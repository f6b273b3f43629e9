/**
 * Evaluations: for a run's dashboard, the stored evaluation of the run's model (the frontier)
 * and starting one with toe evaluate's defaults; and `toe evaluate`'s, of any bundle with any
 * settings, which returns its report folder too. Both are the one use case (evaluateBundle),
 * as a job on a worker thread. One evaluation of a run's model, cohort and split at a time
 * from its dashboard: a second request while one is under way is refused, not queued.
 */
import type { RunSummary } from '../../../../shared/audit';
import { SELECTABLE_METHODS } from '../../../../shared/charts';
import type { JobProgress, ProgressSink, ProgressUpdate } from '../../../../shared/domain';
import { RunStore } from '../../audit/run-store';
import { DEFAULT_BUDGETS, DEFAULT_EVALUATION } from '../../../../shared/evaluation-settings';
import {
  evaluateBundle,
  evaluationHeadline,
  evaluateOnWorker,
  evaluationFolder,
  EvaluationStore,
  type BundleEvaluationRequest,
  type EvaluationKey,
} from '../../evaluation';
import { bundleFingerprint } from '../../models';
import { ConflictError, type Store } from '../../store';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import type { Job, JobRunner } from '../job-runner';
import { refuseCohortWithoutTask } from './cohort-task';

/** The model, data and split of a run, as evaluations are keyed. */
function evaluationKey(run: RunSummary): EvaluationKey {
  return {
    cohortId: run.spec.cohortId,
    task: run.spec.task,
    // A run of every split is compared with the held-out test split.
    split: run.spec.split ?? 'test',
    bundleFingerprint: bundleFingerprint(run.provenance.bundleHashes),
    cohortContentHash: run.provenance.cohortContentHash,
  };
}

/**
 * The use case on a worker thread: minutes of work with seconds-long synchronous stretches
 * (the bootstrap), which must not stall the thread that answers calls. An in-memory store has
 * no file a worker could open (tests): evaluated here.
 */
function evaluate(
  store: Store,
  request: BundleEvaluationRequest,
  job: Job,
  progress: ProgressSink = job.progress,
) {
  const options = { signal: job.signal, progress };
  return store.path === ':memory:'
    ? evaluateBundle(store, request, options)
    : evaluateOnWorker(store.path, request, options);
}

interface Underway {
  jobId: string;
  progress: JobProgress | null;
}

export function evaluationHandlers(
  { store }: HandlerContext,
  jobs: JobRunner,
): HandlerGroup<'evaluations.forRun' | 'evaluations.start' | 'evaluations.evaluate'> {
  const runs = new RunStore(store);
  const evaluations = new EvaluationStore(store);
  /** Evaluations under way, by JSON of their key, with their last progress. */
  const running = new Map<string, Underway>();

  return {
    'evaluations.forRun': async ({ runId }) => {
      const key = evaluationKey(runs.getRun(runId));
      return {
        evaluation: evaluations.newest(key),
        running: running.get(JSON.stringify(key)) ?? null,
        plan: { split: key.split, stays: store.stayIds(key.cohortId, key.split).length },
      };
    },
    'evaluations.start': async ({ runId, limit, jobId }) => {
      const run = runs.getRun(runId);
      const key = evaluationKey(run);
      const id = JSON.stringify(key);
      const underway = running.get(id);
      if (underway) {
        throw new ConflictError(
          `This model is already being evaluated on this cohort's ${key.split} split (job ${underway.jobId}); wait for it or cancel it.`,
        );
      }
      const request: BundleEvaluationRequest = {
        cohort: store.getCohort(key.cohortId).name,
        task: key.task,
        split: key.split,
        bundle: run.spec.bundleDir,
        expectedFingerprint: key.bundleFingerprint,
        ks: [...DEFAULT_BUDGETS],
        methods: [...SELECTABLE_METHODS],
        ...DEFAULT_EVALUATION,
        limit,
        abstention: true,
      };
      return jobs.run(jobId, async (job) => {
        const state: Underway = { jobId: job.jobId, progress: null };
        running.set(id, state);
        try {
          const evaluation = await evaluate(store, request, job, (update: ProgressUpdate) => {
            state.progress = { jobId: job.jobId, etaSeconds: null, message: '', ...update };
            job.progress(update);
          });
          return evaluation.stored;
        } finally {
          running.delete(id);
        }
      });
    },
    'evaluations.evaluate': async ({ jobId, ...request }) =>
      jobs.run(jobId, async (job) => {
        refuseCohortWithoutTask(store.getCohort(store.resolveCohort(request.cohort)), request.task);
        const { stored, records } = await evaluate(store, request, job);
        job.progress({ phase: 'writing the report and figures', done: 0, total: 1 });
        const folder = evaluationFolder(stored.result, records).map(({ file, bytes }) => ({
          file,
          base64: Buffer.from(bytes).toString('base64'),
        }));
        // The report's headline section, for a terminal to print as the report says it.
        return { evaluation: stored, folder, headline: evaluationHeadline(stored.result) };
      }),
  };
}
