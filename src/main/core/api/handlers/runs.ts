/**
 * Audit runs: a check before starting, start and resume (as jobs whose progress is also
 * pushed as `run.progress` events), listing, results a page at a time, one stay's trace,
 * and stepping through the stays of one outcome class or search status.
 */
import { join } from 'node:path';
import type { RunProgress, RunSummary } from '../../../../shared/audit';
import type { ParsedArgs } from '../../../../shared/contract';
import type { RunOptions, RunRequest } from '../../audit/run-engine';
import { RunStore } from '../../audit/run-store';
import { checkRunStart } from '../../audit/start-check';
import { stayNeighbours } from '../../audit/stay-neighbours';
import { resumeAuditWithValidation, startAuditWithValidation } from '../../audit/validation-run';
import type { ProgressUpdate } from '../../jobs/progress';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import type { Job, JobRunner } from '../job-runner';
import { checkedWorkers } from '../../jobs/worker-limit';

type RunCalls =
  | 'runs.start'
  | 'runs.checkStart'
  | 'runs.list'
  | 'runs.get'
  | 'runs.resume'
  | 'runs.setAbstention'
  | 'runs.results'
  | 'runs.stay'
  | 'runs.neighbours';

const RUN_PHASE_LABEL: Record<RunProgress['phase'], string> = {
  embedding: 'Embedding note chunks',
  auditing: 'Auditing stays',
};

export function runHandlers(
  { store, emit, resources = CHECKOUT_RESOURCES }: HandlerContext,
  jobs: JobRunner,
  /** Told of each run this session completes (its validation run's too). */
  onCompleted: (runId: number) => void = () => undefined,
): HandlerGroup<RunCalls> {
  const runs = new RunStore(store);
  // The run the user is about to open first: its figures are computed ahead of its
  // validation run's (figures-thread.ts starts them in the order asked).
  const settled = (run: RunSummary): RunSummary => {
    if (run.status === 'completed') onCompleted(run.id);
    if (run.spec.abstention?.validationRunId) onCompleted(run.spec.abstention.validationRunId);
    return run;
  };

  /**
   * A run reports twice: `run.progress` events (stays/s, ETA) for run views, and ordinary
   * job progress for generic progress bars. The job's ETA is the run's own: JobRegistry
   * spreads the update over the ETA it derives, and its clock would count a resumed run's
   * earlier stays as done in this session.
   */
  function runOptions(job: Job): RunOptions {
    return {
      signal: job.signal,
      progress: (p) => {
        emit({ type: 'run.progress', progress: { ...p, jobId: job.jobId } });
        const rate = p.staysPerSecond === null ? '' : `${p.staysPerSecond.toFixed(1)} stays/s`;
        const update: ProgressUpdate & { etaSeconds: number | null } = {
          phase: RUN_PHASE_LABEL[p.phase],
          done: p.done,
          total: p.total,
          message: rate,
          etaSeconds: p.etaSeconds,
        };
        job.progress(update);
      },
    };
  }

  /** The core's request for what the caller asked (start and its check read it alike). */
  function runRequest(args: ParsedArgs<'runs.checkStart'>): RunRequest {
    return {
      cohortId: args.cohortId,
      task: args.task,
      split: args.split ?? null,
      bundleDir: args.bundle ?? join(resources.modelsDir, args.task),
      params: args.params,
      stayKeys: args.stayKeys,
      calibration: args.calibration ?? 'bundle',
      ...(args.abstention ? { abstention: args.abstention } : {}),
      ...(args.validation ? {} : { validationRunId: null }),
      ...(args.searchExtent ? { searchExtent: args.searchExtent } : {}),
    };
  }

  return {
    'runs.start': async (args) => {
      const workers = checkedWorkers(args.workers);
      return jobs.run(args.jobId, (job) =>
        startAuditWithValidation(store, { ...runRequest(args), workers }, runOptions(job)).then(
          settled,
        ),
      );
    },
    'runs.checkStart': async (args) => checkRunStart(store, runRequest(args)),
    'runs.list': async () => runs.listRuns(),
    'runs.get': async ({ runId }) => runs.getRun(runId),
    'runs.resume': async ({ runId, workers, jobId }) => {
      const checked = checkedWorkers(workers);
      return jobs.run(jobId, (job) =>
        resumeAuditWithValidation(store, runId, { ...runOptions(job), workers: checked }).then(
          settled,
        ),
      );
    },
    'runs.setAbstention': async ({ runId, policy, budget }) =>
      runs.setAbstention(runId, { policy, budget }),
    'runs.results': async ({ runId, offset, limit }) => ({
      total: runs.getRun(runId).doneStays,
      results: runs.results(runId, { offset, limit }),
    }),
    'runs.stay': async ({ runId, stayId }) => runs.detail(runId, stayId),
    'runs.neighbours': async ({ runId, stayId, outcome, status }) => {
      runs.getRun(runId);
      return stayNeighbours(runs.results(runId), { outcome, status }, stayId);
    },
  };
}
