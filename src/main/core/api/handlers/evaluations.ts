/**
 * Evaluations for a run's dashboard: the stored evaluation of the run's model (the frontier)
 * and starting one, as a job on a worker thread. One evaluation of a given model, cohort and
 * split at a time: a second request while one is under way is refused, not queued.
 */
import type { RunSummary } from '../../../../shared/audit';
import type { JobProgress } from '../../../../shared/domain';
import { RunStore } from '../../audit/run-store';
import {
  evaluateBundle,
  evaluateOnWorker,
  EvaluationStore,
  type EvaluationKey,
} from '../../evaluation';
import type { ProgressUpdate } from '../../jobs/progress';
import { bundleFingerprint } from '../../models';
import { ConflictError } from '../../store';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import type { JobRunner } from '../job-runner';

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

interface Underway {
  jobId: string;
  progress: JobProgress | null;
}

export function evaluationHandlers(
  { store }: HandlerContext,
  jobs: JobRunner,
): HandlerGroup<'evaluations.forRun' | 'evaluations.start'> {
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
      const request = {
        cohortId: key.cohortId,
        split: key.split,
        bundleDir: run.spec.bundleDir,
        expectedFingerprint: key.bundleFingerprint,
        limit: limit ?? null,
      };
      return jobs.run(jobId, async (job) => {
        const state: Underway = { jobId: job.jobId, progress: null };
        running.set(id, state);
        try {
          const options = {
            signal: job.signal,
            progress: (update: ProgressUpdate) => {
              state.progress = { jobId: job.jobId, etaSeconds: null, message: '', ...update };
              job.progress(update);
            },
          };
          // An in-memory store has no file a worker could open (tests): evaluate here.
          const result =
            store.path === ':memory:'
              ? await evaluateBundle(store, request, options)
              : await evaluateOnWorker(store.path, request, options);
          return evaluations.save(key.cohortId, result, key.bundleFingerprint);
        } finally {
          running.delete(id);
        }
      });
    },
  };
}
