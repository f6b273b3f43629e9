import { watch, type Ref } from 'vue';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** Something of one run (its summary, its statistics, …), reloaded when the run changes. */
export function useRunResource<T>(
  runId: Ref<number | null>,
  load: (runId: number) => Promise<T>,
): AsyncResource<T> {
  const resource = useAsyncResource<T>(async () =>
    runId.value === null ? null : load(runId.value),
  );
  watch(runId, () => void resource.reload(), { immediate: true });
  return resource;
}

export const useRun = (api: ApiClient, runId: Ref<number | null>) =>
  useRunResource(runId, (id) => api.call('runs.get', { runId: id }));

export const useRunStatistics = (api: ApiClient, runId: Ref<number | null>) =>
  useRunResource(runId, (id) => api.call('runs.statistics', { runId: id }));
