import type { ImportSummary, JobProgress } from '../../../shared/domain';
import type { ApiClient } from '../api/client';
import { useJobCall, type JobCall } from './useJobCall';

export type CohortJob = JobCall<ImportSummary, JobProgress>;

/**
 * A job that makes a cohort (cohorts.createDemo or cohorts.import), followed through its job
 * progress (with ETA); a cancel leaves the store unchanged, since imports are one transaction.
 */
export function useCohortJob(api: ApiClient): CohortJob {
  return useJobCall(api, (event, jobId) =>
    event.type === 'job.progress' && event.progress.jobId === jobId ? event.progress : null,
  );
}
