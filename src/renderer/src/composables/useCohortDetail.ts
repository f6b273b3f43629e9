import { watch, type Ref } from 'vue';
import type { CohortDetail } from '../../../shared/domain';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** One cohort with its import summary, reloaded whenever the selected id changes. */
export function useCohortDetail(
  api: ApiClient,
  cohortId: Ref<number | null>,
): AsyncResource<CohortDetail> {
  const resource = useAsyncResource<CohortDetail>(async () => {
    if (cohortId.value === null) return null;
    return api.call('cohorts.get', { cohortId: cohortId.value });
  });
  watch(cohortId, () => void resource.reload(), { immediate: true });
  return resource;
}
