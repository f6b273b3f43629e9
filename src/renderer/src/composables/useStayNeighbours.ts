import { watch, type Ref } from 'vue';
import type { StayFilter, StayNeighbours } from '../../../shared/stay-detail';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** Where the stay sits among the run's stays matching the filter (previous, next, count). */
export function useStayNeighbours(
  api: ApiClient,
  runId: Ref<number | null>,
  stayId: Ref<number | null>,
  filter: Ref<StayFilter>,
): AsyncResource<StayNeighbours> {
  const resource = useAsyncResource<StayNeighbours>(async () => {
    if (runId.value === null) return null;
    return api.call('runs.neighbours', {
      runId: runId.value,
      ...(stayId.value !== null ? { stayId: stayId.value } : {}),
      ...filter.value,
    });
  });
  watch([runId, stayId, filter], () => void resource.reload(), { immediate: true, deep: true });
  return resource;
}
