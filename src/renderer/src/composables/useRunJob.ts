import type { Ref, ShallowRef } from 'vue';
import type { RunSummary } from '../../../shared/audit';
import type { ApiErrorPayload, CallArgs } from '../../../shared/contract';
import type { ApiClient } from '../api/client';
import { useJobCall, type JobState } from './useJobCall';
import type { LiveRunProgress } from './useRunProgressFeed';

export type RunJobState = JobState;
export type RunStartRequest = Omit<CallArgs<'runs.start'>, 'jobId'>;

export interface RunJob {
  state: Ref<RunJobState>;
  progress: ShallowRef<LiveRunProgress | null>;
  error: Ref<ApiErrorPayload | null>;
  /** Cancel was pressed but the run had finished first: its results are kept (useJobCall). */
  finishedFirst: Ref<boolean>;
  /** Resolve with the finished run, or null when it failed or was cancelled (see error). */
  start: (request: RunStartRequest) => Promise<RunSummary | null>;
  resume: (runId: number, workers?: number) => Promise<RunSummary | null>;
  cancel: () => Promise<void>;
}

/**
 * Starts or resumes an audit run as a job: the caller-chosen job id ties the `run.progress`
 * events (stays/s, ETA) to this run, and jobs.cancel stops it; results committed before a
 * cancel are kept, so the run can be resumed later.
 */
export function useRunJob(api: ApiClient): RunJob {
  const job = useJobCall<RunSummary, LiveRunProgress>(api, (event, jobId) =>
    event.type === 'run.progress' && event.progress.jobId === jobId ? event.progress : null,
  );
  return {
    state: job.state,
    progress: job.progress,
    error: job.error,
    finishedFirst: job.finishedFirst,
    start: (request) => job.start((id) => api.call('runs.start', { ...request, jobId: id })),
    resume: (runId, workers) =>
      job.start((id) =>
        api.call('runs.resume', { runId, jobId: id, ...(workers ? { workers } : {}) }),
      ),
    cancel: job.cancel,
  };
}
