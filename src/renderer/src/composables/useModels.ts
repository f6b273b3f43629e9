import { onMounted } from 'vue';
import type { BundleSummary } from '../../../shared/model-bundles';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** The model bundles shipped with the app, verified, loaded when the component mounts. */
export function useModels(api: ApiClient): AsyncResource<BundleSummary[]> {
  const resource = useAsyncResource(() => api.call('models.list', {}));
  onMounted(() => void resource.reload());
  return resource;
}
