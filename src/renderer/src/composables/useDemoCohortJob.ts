import { onScopeDispose, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiErrorPayload } from '../../../shared/contract';
import type { ImportReport, JobProgress } from '../../../shared/domain';
import { toErrorPayload, type ApiClient } from '../api/client';

export type JobState = 'idle' | 'running' | 'cancelling';

export interface DemoCohortRequest {
  name: string;
  stays: number;
}

export interface DemoCohortJob {
  state: Ref<JobState>;
  progress: ShallowRef<JobProgress | null>;
  error: Ref<ApiErrorPayload | null>;
  /** Resolves with the report, or null when the job failed or was cancelled. */
  start: (request: DemoCohortRequest) => Promise<ImportReport | null>;
  cancel: () => Promise<void>;
}

/**
 * Runs cohorts.createDemo as a job: the caller-chosen job id ties the progress events
 * (with their ETA) to this run, and jobs.cancel stops it (the store is left unchanged).
 */
export function useDemoCohortJob(api: ApiClient): DemoCohortJob {
  const state = ref<JobState>('idle');
  const progress = shallowRef<JobProgress | null>(null);
  const error = ref<ApiErrorPayload | null>(null);
  let jobId: string | null = null;
  let unsubscribe: (() => void) | null = null;

  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  onScopeDispose(stopListening);

  async function start(request: DemoCohortRequest): Promise<ImportReport | null> {
    if (state.value !== 'idle') return null;
    const id = `demo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    jobId = id;
    state.value = 'running';
    progress.value = null;
    error.value = null;
    unsubscribe = api.onEvent((event) => {
      if (event.type === 'job.progress' && event.progress.jobId === id)
        progress.value = event.progress;
    });
    try {
      return await api.call('cohorts.createDemo', {
        name: request.name,
        stays: request.stays,
        seed: 7,
        spurious: false,
        jobId: id,
      });
    } catch (caught) {
      error.value = toErrorPayload(caught);
      return null;
    } finally {
      stopListening();
      jobId = null;
      state.value = 'idle';
      progress.value = null;
    }
  }

  async function cancel(): Promise<void> {
    if (state.value !== 'running' || jobId === null) return;
    state.value = 'cancelling';
    try {
      await api.call('jobs.cancel', { jobId });
    } catch (caught) {
      error.value = toErrorPayload(caught);
    }
  }

  return { state, progress, error, start, cancel };
}
