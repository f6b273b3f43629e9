import {
  computed,
  onScopeDispose,
  ref,
  shallowRef,
  watch,
  type ComputedRef,
  type Ref,
  type ShallowRef,
} from 'vue';
import type { ApiErrorPayload } from '../../../shared/contract';
import type { JobProgress } from '../../../shared/domain';
import type { RunEvaluationState } from '../../../shared/evaluations';
import { toErrorPayload, type ApiClient } from '../api/client';
import type { AsyncResource } from './useAsyncResource';
import { useRunResource } from './useRunResource';

export interface RunEvaluation {
  /** The run's stored evaluation, what one would cover, and any evaluation under way. */
  state: AsyncResource<RunEvaluationState>;
  /** The progress of the evaluation under way (started here or elsewhere). */
  progress: ShallowRef<JobProgress | null>;
  running: ComputedRef<boolean>;
  cancelling: Ref<boolean>;
  /** The last evaluation ended by a cancel (nothing was kept). */
  cancelled: Ref<boolean>;
  /** Cancel was pressed but the last evaluation had finished first: its results were kept. */
  finishedFirst: Ref<boolean>;
  /** Why the last start or cancel failed. */
  error: Ref<ApiErrorPayload | null>;
  /** Evaluates the run's model on its split (only the first `limit` stays when given). */
  start: (limit: number | null) => Promise<void>;
  cancel: () => Promise<void>;
}

/**
 * The faithfulness–sparsity frontier of a run's model as a job: starts an evaluation with a
 * job id of its own, follows its progress events, and, when the dashboard opens while one is
 * already under way (started before the user navigated away, or in another window), follows
 * that one instead of offering a second.
 */
export function useRunEvaluation(api: ApiClient, runId: Ref<number | null>): RunEvaluation {
  const state = useRunResource(runId, (id) => api.call('evaluations.forRun', { runId: id }));
  /** The evaluation under way (started here or elsewhere), or null. */
  const jobId = ref<string | null>(null);
  const progress = shallowRef<JobProgress | null>(null);
  const cancelling = ref(false);
  const cancelled = ref(false);
  const finishedFirst = ref(false);
  const error = ref<ApiErrorPayload | null>(null);
  const running = computed(() => jobId.value !== null);
  /** The job this page started: its call, not its events, reports how it ended. */
  let startedHere: string | null = null;

  const follow = (id: string | null, last: JobProgress | null = null) => {
    jobId.value = id;
    progress.value = last;
    cancelling.value = false;
  };

  // One started elsewhere: follow it until it finishes.
  watch(state.data, (data) => {
    if (data?.running && jobId.value === null) follow(data.running.jobId, data.running.progress);
  });

  const stopListening = api.onEvent((event) => {
    if (event.type === 'job.progress' && event.progress.jobId === jobId.value)
      progress.value = event.progress;
    if (
      event.type === 'job.finished' &&
      event.jobId === jobId.value &&
      event.jobId !== startedHere
    ) {
      if (event.outcome === 'cancelled') cancelled.value = true;
      else if (event.cancelRequested) finishedFirst.value = true;
      if (event.outcome === 'failed')
        error.value = { code: 'internal', message: event.error ?? 'The evaluation failed.' };
      follow(null);
      void state.reload();
    }
  });
  onScopeDispose(stopListening);

  async function start(limit: number | null): Promise<void> {
    if (runId.value === null || running.value) return;
    const id = `evaluation-${runId.value}-${Date.now().toString(36)}`;
    startedHere = id;
    follow(id);
    cancelled.value = false;
    finishedFirst.value = false;
    error.value = null;
    try {
      await api.call('evaluations.start', {
        runId: runId.value,
        jobId: id,
        ...(limit === null ? {} : { limit }),
      });
      // A honoured Cancel makes the call fail; one that succeeded anyway came too late.
      finishedFirst.value = cancelling.value;
    } catch (caught) {
      const payload = toErrorPayload(caught);
      if (payload.code === 'cancelled') cancelled.value = true;
      else error.value = payload;
    } finally {
      if (jobId.value === id) follow(null);
      startedHere = null;
      await state.reload();
    }
  }

  async function cancel(): Promise<void> {
    if (jobId.value === null || cancelling.value) return;
    cancelling.value = true;
    try {
      await api.call('jobs.cancel', { jobId: jobId.value });
    } catch (caught) {
      error.value = toErrorPayload(caught);
      cancelling.value = false;
    }
  }

  return { state, progress, running, cancelling, cancelled, finishedFirst, error, start, cancel };
}
