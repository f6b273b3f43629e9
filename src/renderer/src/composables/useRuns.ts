import { onMounted, onScopeDispose } from 'vue';
import type { RunSummary } from '../../../shared/audit';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/**
 * The store's audit runs, newest first, reloaded whenever a job finishes (a run started,
 * completed, was cancelled or failed, here or in another window).
 */
export function useRuns(api: ApiClient): AsyncResource<RunSummary[]> {
  const resource = useAsyncResource(async () =>
    (await api.call('runs.list', {})).slice().reverse(),
  );
  onMounted(() => void resource.reload());
  const stop = api.onEvent((event) => {
    if (event.type === 'job.finished') void resource.reload();
  });
  onScopeDispose(stop);
  return resource;
}
