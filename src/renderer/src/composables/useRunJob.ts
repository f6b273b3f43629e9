import { onScopeDispose, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { RunSummary } from '../../../shared/audit';
import type { ApiErrorPayload, CallArgs } from '../../../shared/contract';
import { toErrorPayload, type ApiClient } from '../api/client';
import type { LiveRunProgress } from './useRunProgressFeed';

export type RunJobState = 'idle' | 'running' | 'cancelling';
export type RunStartRequest = Omit<CallArgs<'runs.start'>, 'jobId'>;

export interface RunJob {
  state: Ref<RunJobState>;
  progress: ShallowRef<LiveRunProgress | null>;
  error: Ref<ApiErrorPayload | null>;
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
  const state = ref<RunJobState>('idle');
  const progress = shallowRef<LiveRunProgress | null>(null);
  const error = ref<ApiErrorPayload | null>(null);
  let jobId: string | null = null;
  let unsubscribe: (() => void) | null = null;
  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  onScopeDispose(stopListening);

  async function asJob(work: (id: string) => Promise<RunSummary>): Promise<RunSummary | null> {
    if (state.value !== 'idle') return null;
    const id = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    jobId = id;
    state.value = 'running';
    progress.value = null;
    error.value = null;
    unsubscribe = api.onEvent((event) => {
      if (event.type === 'run.progress' && event.progress.jobId === id)
        progress.value = event.progress;
    });
    try {
      return await work(id);
    } catch (caught) {
      error.value = toErrorPayload(caught);
      return null;
    } finally {
      stopListening();
      jobId = null;
      state.value = 'idle';
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

  return {
    state,
    progress,
    error,
    start: (request) => asJob((id) => api.call('runs.start', { ...request, jobId: id })),
    resume: (runId, workers) =>
      asJob((id) => api.call('runs.resume', { runId, jobId: id, ...(workers ? { workers } : {}) })),
    cancel,
  };
}
