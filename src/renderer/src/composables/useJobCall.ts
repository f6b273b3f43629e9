import { onScopeDispose, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiErrorPayload, ApiEvent } from '../../../shared/contract';
import { toErrorPayload, type ApiClient } from '../api/client';

export type JobState = 'idle' | 'running' | 'cancelling';

export interface JobCall<R, P> {
  state: Ref<JobState>;
  /** The job's latest progress event; kept after it ends, cleared when the next starts. */
  progress: ShallowRef<P | null>;
  error: Ref<ApiErrorPayload | null>;
  /**
   * The user pressed Cancel but the job had finished first, so its result was kept: the page
   * says so beside the result. Cleared when the next job starts.
   */
  finishedFirst: Ref<boolean>;
  /** Runs `call` under a new job id; resolves with its result, or null when it failed or was cancelled (see error). */
  start: (call: (jobId: string) => Promise<R>) => Promise<R | null>;
  cancel: () => Promise<void>;
}

/**
 * One long call as a job the page follows: a caller-chosen job id ties the progress events to
 * this page, and jobs.cancel stops it. One at a time: a start while one runs is ignored.
 */
export function useJobCall<R, P>(
  api: ApiClient,
  /** The progress an event carries for job `jobId`, or null when it is not about it. */
  progressOf: (event: ApiEvent, jobId: string) => P | null,
): JobCall<R, P> {
  const state = ref<JobState>('idle');
  const progress = shallowRef<P | null>(null);
  const error = ref<ApiErrorPayload | null>(null);
  const finishedFirst = ref(false);
  let jobId: string | null = null;
  /** Cancel was pressed for the job under way. */
  let cancelRequested = false;
  let unsubscribe: (() => void) | null = null;
  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  onScopeDispose(stopListening);

  async function start(call: (jobId: string) => Promise<R>): Promise<R | null> {
    if (state.value !== 'idle') return null;
    const id = `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    jobId = id;
    cancelRequested = false;
    state.value = 'running';
    progress.value = null;
    error.value = null;
    finishedFirst.value = false;
    unsubscribe = api.onEvent((event) => {
      const update = progressOf(event, id);
      if (update !== null) progress.value = update;
    });
    try {
      const result = await call(id);
      // A honoured Cancel makes the call fail; one that succeeded anyway came too late.
      finishedFirst.value = cancelRequested;
      return result;
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
    cancelRequested = true;
    try {
      await api.call('jobs.cancel', { jobId });
    } catch (caught) {
      error.value = toErrorPayload(caught);
    }
  }

  return { state, progress, error, finishedFirst, start, cancel };
}
