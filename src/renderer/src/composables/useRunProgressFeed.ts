import { onScopeDispose, shallowRef, type ShallowRef } from 'vue';
import type { ApiEvent } from '../../../shared/contract';
import type { ApiClient } from '../api/client';

export type LiveRunProgress = Extract<ApiEvent, { type: 'run.progress' }>['progress'];

/**
 * The latest progress of every run executing now, by run id, from `run.progress` events:
 * lets any view show a running run's stays/s and ETA, and cancel it (the event carries the
 * job id). An entry goes when its job finishes.
 */
export function useRunProgressFeed(
  api: ApiClient,
): ShallowRef<ReadonlyMap<number, LiveRunProgress>> {
  const live = shallowRef<ReadonlyMap<number, LiveRunProgress>>(new Map());
  const stop = api.onEvent((event) => {
    if (event.type === 'run.progress') {
      const next = new Map(live.value);
      next.set(event.progress.runId, event.progress);
      live.value = next;
    } else if (event.type === 'job.finished') {
      const next = new Map(
        [...live.value].filter(([, progress]) => progress.jobId !== event.jobId),
      );
      if (next.size !== live.value.size) live.value = next;
    }
  });
  onScopeDispose(stop);
  return live;
}
