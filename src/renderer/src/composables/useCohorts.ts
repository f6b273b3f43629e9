import { onMounted } from 'vue';
import type { CohortSummary } from '../../../shared/domain';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** The store's cohorts, loaded when the component mounts. */
export function useCohorts(api: ApiClient): AsyncResource<CohortSummary[]> {
  const resource = useAsyncResource(() => api.call('cohorts.list', {}));
  onMounted(() => void resource.reload());
  return resource;
}
