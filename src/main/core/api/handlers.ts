import type { ApiEvent, CallName, CallResult, ParsedArgs } from '../../../shared/contract';
import type { AppInfo } from '../../../shared/domain';
import { createDemoCohort } from '../import/demo';
import { importGeneric } from '../import/generic';
import { importMimicIv } from '../import/mimic-iv';
import { JobRegistry } from '../jobs/job-registry';
import type { Store } from '../store';
import { APP_VERSION } from '../app-version';

export type Handlers = {
  [N in CallName]: (args: ParsedArgs<N>) => Promise<CallResult<N>>;
};

export interface HandlerContext {
  store: Store;
  transport: AppInfo['transport'];
  emit: (event: ApiEvent) => void;
}

/** The core's implementation of the contract; transports only parse, route and serialise. */
export function createHandlers({ store, transport, emit }: HandlerContext): Handlers {
  const jobs = new JobRegistry(emit);

  async function asJob<T>(
    requestedId: string | undefined,
    work: (job: {
      signal: AbortSignal;
      progress: ReturnType<JobRegistry['start']>['progress'];
    }) => Promise<T>,
  ): Promise<T> {
    const { jobId, signal, progress } = jobs.start(requestedId);
    try {
      const result = await work({ signal, progress });
      jobs.finish(jobId, null);
      return result;
    } catch (error) {
      jobs.finish(jobId, error as Error);
      throw error;
    }
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
    'jobs.cancel': async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
  };
}
