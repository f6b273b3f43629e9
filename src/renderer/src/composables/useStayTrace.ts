import { watch, type Ref } from 'vue';
import type { StayAuditDetail } from '../../../shared/audit';
import type { StayDetail } from '../../../shared/stay-detail';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

export interface StayTrace {
  /** The stay's audit result with the search's trace. */
  audit: StayAuditDetail;
  /** The stay's raw data (series, notes, context). */
  stay: StayDetail;
}

/** One stay of one run: its trace and its raw data, loaded together. */
export function useStayTrace(
  api: ApiClient,
  runId: Ref<number | null>,
  stayId: Ref<number | null>,
): AsyncResource<StayTrace> {
  const resource = useAsyncResource<StayTrace>(async () => {
    if (runId.value === null || stayId.value === null) return null;
    const ids = { runId: runId.value, stayId: stayId.value };
    // Both at once, but the error shown is always the run's answer when both fail: with
    // Promise.all it was whichever call failed first, so the page's message varied by timing.
    const [audit, stay] = await Promise.allSettled([
      api.call('runs.stay', ids),
      api.call('stays.detail', ids),
    ]);
    if (audit.status === 'rejected') throw audit.reason;
    if (stay.status === 'rejected') throw stay.reason;
    return { audit: audit.value, stay: stay.value };
  });
  watch([runId, stayId], () => void resource.reload(), { immediate: true });
  return resource;
}
