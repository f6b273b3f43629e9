import type { ApiEvent, CallName, CallResult, ParsedArgs } from '../../../shared/contract';
import type { AppInfo } from '../../../shared/domain';
import type { RunProgress } from '../../../shared/audit';
import { resumeRun, startRun, type RunOptions } from '../audit/run-engine';
import { RunStore } from '../audit/run-store';
import { writeAuditReport } from '../report/audit-report';
import { createDemoCohort } from '../import/demo';
import { importGeneric } from '../import/generic';
import { importMimicIv } from '../import/mimic-iv';
import { JobRegistry } from '../jobs/job-registry';
import type { ProgressSink, ProgressUpdate } from '../jobs/progress';
import type { Store } from '../store';
import { APP_VERSION } from '../app-version';

export type Handlers = {
  [N in CallName]: (args: ParsedArgs<N>) => Promise<CallResult<N>>;
};

const RUN_PHASE_LABEL: Record<RunProgress['phase'], string> = {
  embedding: 'Embedding note chunks',
  auditing: 'Auditing stays',
};

export interface HandlerContext {
  store: Store;
  transport: AppInfo['transport'];
  emit: (event: ApiEvent) => void;
}

/** The core's implementation of the contract; transports only parse, route and serialise. */
export function createHandlers({ store, transport, emit }: HandlerContext): Handlers {
  const jobs = new JobRegistry(emit);
  const runs = new RunStore(store);

  async function asJob<T>(
    requestedId: string | undefined,
    work: (job: { jobId: string; signal: AbortSignal; progress: ProgressSink }) => Promise<T>,
  ): Promise<T> {
    const { jobId, signal, progress } = jobs.start(requestedId);
    try {
      const result = await work({ jobId, signal, progress });
      jobs.finish(jobId, null);
      return result;
    } catch (error) {
      jobs.finish(jobId, error as Error);
      throw error;
    }
  }

  /**
   * A run reports twice: `run.progress` events (stays/s, ETA) for run views, and ordinary
   * job progress for generic progress bars. The job's ETA is the run's own: JobRegistry
   * spreads the update over the ETA it derives, and its clock would count a resumed run's
   * earlier stays as done in this session.
   */
  function runOptions(job: { jobId: string; signal: AbortSignal; progress: ProgressSink }) {
    const options: RunOptions = {
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
    return options;
  }

  return {
    'app.info': async () => ({ version: APP_VERSION, dbPath: store.path, transport }),
    'cohorts.list': async () => store.listCohorts(),
    'cohorts.get': async ({ cohortId }) => store.getCohort(cohortId),
    'cohorts.delete': async ({ cohortId }) => ({ deleted: store.deleteCohort(cohortId) }),
    'cohorts.createDemo': async ({ jobId, ...options }) =>
      asJob(jobId, (job) => createDemoCohort(store, options, job)),
    'cohorts.import': async ({ jobId, format, dir, name, allowPhi }) =>
      asJob(jobId, (job) =>
        format === 'mimic-iv'
          ? importMimicIv(store, dir, { name, allowPhi, ...job })
          : importGeneric(store, dir, { name, allowPhi, ...job }),
      ),
    'stays.list': async ({ cohortId, split, offset, limit }) =>
      store.listStays(cohortId, { split, offset, limit }),
    'runs.start': async ({ jobId, cohortId, task, split, bundle, params, workers, stayKeys }) =>
      asJob(jobId, (job) =>
        startRun(
          store,
          { cohortId, task, split: split ?? null, bundleDir: bundle, params, workers, stayKeys },
          runOptions(job),
        ),
      ),
    'runs.list': async () => runs.listRuns(),
    'runs.get': async ({ runId }) => runs.getRun(runId),
    'runs.resume': async ({ runId, workers, jobId }) =>
      asJob(jobId, (job) => resumeRun(store, runId, { ...runOptions(job), workers })),
    'runs.results': async ({ runId, offset, limit }) => ({
      total: runs.getRun(runId).doneStays,
      results: runs.results(runId, { offset, limit }),
    }),
    'runs.stay': async ({ runId, stayId }) => runs.detail(runId, stayId),
    'reports.export': async ({ runId, path, seed }) => {
      const { pages } = await writeAuditReport(store, runId, path, { seed });
      return { path, pages };
    },
    'jobs.cancel': async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
  };
}
