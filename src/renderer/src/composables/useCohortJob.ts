import { onScopeDispose, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiErrorPayload } from '../../../shared/contract';
import type { ImportReport, JobProgress } from '../../../shared/domain';
import { toErrorPayload, type ApiClient } from '../api/client';

export type JobState = 'idle' | 'running' | 'cancelling';

export interface CohortJob {
  state: Ref<JobState>;
  progress: ShallowRef<JobProgress | null>;
  error: Ref<ApiErrorPayload | null>;
  /**
   * Runs `call` (cohorts.createDemo or cohorts.import) under a new job id; resolves with the
   * import report, or null when the job failed or was cancelled (see error).
   */
  start: (call: (jobId: string) => Promise<ImportReport>) => Promise<ImportReport | null>;
  cancel: () => Promise<void>;
}

/**
 * A job that makes a cohort (the demo generator or an importer): the caller-chosen job id
 * ties the progress events (with their ETA) to this form, and jobs.cancel stops it, leaving
 * the store unchanged (imports are one transaction).
 */
export function useCohortJob(api: ApiClient): CohortJob {
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

  async function start(
    call: (jobId: string) => Promise<ImportReport>,
  ): Promise<ImportReport | null> {
    if (state.value !== 'idle') return null;
    const id = `cohort-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    jobId = id;
    state.value = 'running';
    progress.value = null;
    error.value = null;
    unsubscribe = api.onEvent((event) => {
      if (event.type === 'job.progress' && event.progress.jobId === id)
        progress.value = event.progress;
    });
    try {
      return await call(id);
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
