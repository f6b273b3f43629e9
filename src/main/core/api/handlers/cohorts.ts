// Cohorts: listing, detail, deletion, the demo generator and the importers (as jobs).
import { deleteCohort } from '../../audit/cohort-deletion';
import { createDemoCohort } from '../../import/demo';
import { importGeneric } from '../../import/generic';
import { importMimicIv } from '../../import/mimic-iv';
import { importYaib } from '../../import/yaib';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import type { JobRunner } from '../job-runner';

type CohortCalls =
  | 'cohorts.list'
  | 'cohorts.get'
  | 'cohorts.resolve'
  | 'cohorts.delete'
  | 'cohorts.createDemo'
  | 'cohorts.import';

export function cohortHandlers(
  { store }: HandlerContext,
  jobs: JobRunner,
): HandlerGroup<CohortCalls> {
  return {
    'cohorts.list': async () => store.listCohorts(),
    'cohorts.get': async ({ cohortId }) => store.getCohort(cohortId),
    'cohorts.resolve': async ({ nameOrId }) => store.getCohort(store.resolveCohort(nameOrId)),
    'cohorts.delete': async ({ cohortId }) => ({ deleted: deleteCohort(store, cohortId) }),
    'cohorts.createDemo': async ({ jobId, ...options }) =>
      jobs.run(jobId, (job) => createDemoCohort(store, options, job)),
    'cohorts.import': async ({ jobId, format, dir, name, phi, labelRule }) =>
      jobs.run(jobId, (job) => {
        switch (format) {
          case 'mimic-iv':
            return importMimicIv(store, dir, { name, phi, ...job });
          case 'generic':
            return importGeneric(store, dir, { name, phi, ...job });
          case 'yaib':
            return importYaib(store, dir, { name, phi, labelRule, ...job });
        }
      }),
  };
}
