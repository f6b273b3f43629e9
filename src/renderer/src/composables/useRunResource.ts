import { computed, watch, type Ref } from 'vue';
import type { AbstentionAnalysis } from '../../../shared/abstention';
import type { RunSummary } from '../../../shared/audit';
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

/**
 * Every abstention policy's proof on the run, at its policy and budget (computed on a worker),
 * following the run's summary: redone when stays are added, the run ends, or its review policy
 * or budget changes; not asked for while the run has no result.
 */
export function useRunAbstention(
  api: ApiClient,
  run: Ref<RunSummary | null>,
): AsyncResource<AbstentionAnalysis> {
  const resource = useAsyncResource(async () => {
    const current = run.value;
    if (!current || current.doneStays === 0) return null;
    return api.call('runs.abstention', { runId: current.id });
  });
  const version = computed(() => {
    const r = run.value;
    return r ? JSON.stringify([r.id, r.doneStays, r.status, r.spec.abstention ?? null]) : '';
  });
  watch(version, () => void resource.reload(), { immediate: true });
  return resource;
}
