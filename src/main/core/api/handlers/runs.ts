/**
 * Audit runs: a check before starting, start and resume (as jobs whose progress is also
 * pushed as `run.progress` events), listing, results a page at a time, one stay's trace,
 * and stepping through the stays of one outcome class or search status.
 */
import { join } from 'node:path';
import type { RunProgress, RunSummary } from '../../../../shared/audit';
import { VALIDATION_PHASE, type ParsedArgs } from '../../../../shared/contract';
import type { RunRequest } from '../../audit/run-engine';
import { RunStore, type LeaseHolderRef } from '../../audit/run-store';
import { checkRunStart } from '../../audit/start-check';
import { stayNeighbours } from '../../audit/stay-neighbours';
import {
  resumeAuditWithValidation,
  reusableRun,
  startAuditWithValidation,
  type AuditPairOptions,
} from '../../audit/validation-run';
import type { Store } from '../../store';
import type { ProgressUpdate } from '../../../../shared/domain';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import { CancelledError } from '../../jobs/progress';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import { InterruptedRunError } from '../interrupted-run-error';
import { refuseCohortWithoutTask } from './cohort-task';
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

/** What an audit pair does with its validation split first, as the job's progress says it. */
function validationNote(event: Parameters<NonNullable<AuditPairOptions['onValidation']>>[0]) {
  switch (event.action) {
    case 'reuse':
      return `Validation split: reusing completed audit run ${event.runId} to fit the policies.`;
    case 'resume':
      return `Validation split: resuming audit run ${event.runId} first (the policies are fitted on it).`;
    case 'start':
      return 'Validation split: auditing it first (the policies are fitted on it), then the requested split.';
  }
}

/**
 * Whom a resume may take a stale lease over from: anyone (true), nobody, or only the holder
 * the user agreed to — the lease's current token, if it is still that process on that host.
 */
function takeOverOf(
  store: Store,
  runId: number,
  asked: ParsedArgs<'runs.resume'>['takeOver'],
): boolean | LeaseHolderRef {
  if (asked === undefined || typeof asked === 'boolean') return asked ?? false;
  const holder = new RunStore(store).leaseHolder(runId);
  const same = holder.pid === asked.pid && holder.host === asked.host;
  return same ? holder : { ...asked, token: null };
}

export function runHandlers(
  { store, emit, transport, resources = CHECKOUT_RESOURCES }: HandlerContext,
  jobs: JobRunner,
  /**
   * Told of each run this session completes (its validation run's too): keeps its dashboard
   * figures, settling when they are kept (or could not be computed).
   */
  onCompleted: (runId: number) => Promise<void> = async () => undefined,
): HandlerGroup<RunCalls> {
  const runs = new RunStore(store);
  // The run the user is about to open first: its figures are computed ahead of its
  // validation run's (figures-thread.ts starts them in the order asked). The same figures are
  // kept whoever started the run; the app and the server carry on meanwhile, while a `toe`
  // command, whose process ends with its call, returns once they are kept.
  const settled = async (run: RunSummary): Promise<RunSummary> => {
    const kept: Promise<void>[] = [];
    if (run.status === 'completed') kept.push(onCompleted(run.id));
    if (run.spec.abstention?.validationRunId)
      kept.push(onCompleted(run.spec.abstention.validationRunId));
    if (transport === 'cli') await Promise.all(kept);
    return run;
  };

  /**
   * A run reports twice: `run.progress` events (stays/s, ETA) for run views, and ordinary
   * job progress for generic progress bars. The job's ETA is the run's own: JobRegistry
   * spreads the update over the ETA it derives, and its clock would count a resumed run's
   * earlier stays as done in this session.
   */
  function runOptions(job: Job, onRun: (runId: number) => void): AuditPairOptions {
    return {
      signal: job.signal,
      beginCommit: job.beginCommit,
      onValidation: (event) =>
        job.progress({
          phase: VALIDATION_PHASE,
          done: 0,
          total: 0,
          message: validationNote(event),
        }),
      progress: (p) => {
        onRun(p.runId);
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

  /** Whether a run is marked failed; a store that cannot say leaves the refusal as it is. */
  function hasFailed(runId: number): boolean {
    try {
      return runs.getRun(runId).status === 'failed';
    } catch {
      return false;
    }
  }

  /**
   * An audit that is cancelled or fails after it started keeps its results and can be resumed:
   * its refusal names the run (the last that reported progress, the validation run's or the
   * requested one's). A refusal before any run started names none.
   */
  async function namingInterruptedRun<T>(
    audit: (onRun: (runId: number) => void) => Promise<T>,
  ): Promise<T> {
    let lastRunId: number | null = null;
    try {
      return await audit((runId) => (lastRunId = runId));
    } catch (error) {
      if (lastRunId === null) throw error;
      const resumable = error instanceof CancelledError || hasFailed(lastRunId);
      throw resumable ? new InterruptedRunError(error, lastRunId) : error;
    }
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
      const request: RunRequest = { ...runRequest(args), workers };
      return namingInterruptedRun((onRun) =>
        jobs.run(args.jobId, async (job) => {
          refuseCohortWithoutTask(store.getCohort(request.cohortId), request.task);
          const options: AuditPairOptions = {
            ...runOptions(job, onRun),
            workers,
            ...(args.executionProvider ? { executionProvider: args.executionProvider } : {}),
          };
          // A completed audit of the same model and decision is returned, an interrupted one
          // resumed, when the caller asks (`toe demo`: run twice, it costs seconds).
          const previous = args.reuse ? reusableRun(store, request) : null;
          const run =
            previous === null
              ? await startAuditWithValidation(store, request, options)
              : previous.status === 'completed'
                ? previous
                : await resumeAuditWithValidation(store, previous.id, options);
          return settled(run);
        }),
      );
    },
    'runs.checkStart': async (args) => checkRunStart(store, runRequest(args)),
    'runs.list': async () => runs.listRuns(),
    'runs.get': async ({ runId }) => runs.getRun(runId),
    'runs.resume': async ({ runId, workers, takeOver, jobId }) => {
      const checked = checkedWorkers(workers);
      return namingInterruptedRun((onRun) =>
        jobs.run(jobId, async (job) => {
          const options = { ...runOptions(job, onRun), workers: checked };
          const holder = takeOverOf(store, runId, takeOver);
          return settled(
            await resumeAuditWithValidation(store, runId, { ...options, takeOver: holder }),
          );
        }),
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
