import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type {
  AbstentionReason,
  AbstentionRow,
  AbstentionSortKey,
} from '../../../shared/abstention-queue';
import type { ConfusionClass } from '../../../shared/audit-statistics';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

export type SortDirection = 'asc' | 'desc';
/** '' = any; the select boxes bind to these. */
export interface QueueFilterForm {
  reason: AbstentionReason | '';
  outcome: ConfusionClass | '';
  reviewed: 'reviewed' | 'unreviewed' | '';
}

export const QUEUE_PAGE_SIZE = 25;

export interface AbstentionQueueState {
  page: AsyncResource<{ total: number; rows: AbstentionRow[] }>;
  sort: Ref<{ key: AbstentionSortKey; direction: SortDirection }>;
  filter: Ref<QueueFilterForm>;
  offset: Ref<number>;
  /** The sort and filter as the contract takes them (shared by the list and the CSV). */
  query: ComputedRef<{
    sort: { key: AbstentionSortKey; direction: SortDirection };
    filter: {
      reasons?: AbstentionReason[];
      outcomes?: ConfusionClass[];
      reviewed?: boolean;
    };
  }>;
  toggleSort: (key: AbstentionSortKey) => void;
}

/**
 * One page of a run's abstention queue. Sorting and filtering happen in the core (the same
 * order as the CSV and the report); a change of either goes back to the first page.
 */
export function useAbstentionQueue(
  api: ApiClient,
  runId: Ref<number | null>,
): AbstentionQueueState {
  const sort = ref<{ key: AbstentionSortKey; direction: SortDirection }>({
    key: 'reason',
    direction: 'asc',
  });
  const filter = ref<QueueFilterForm>({ reason: '', outcome: '', reviewed: '' });
  const offset = ref(0);
  const query = computed(() => ({
    sort: { ...sort.value },
    filter: {
      ...(filter.value.reason ? { reasons: [filter.value.reason] } : {}),
      ...(filter.value.outcome ? { outcomes: [filter.value.outcome] } : {}),
      ...(filter.value.reviewed ? { reviewed: filter.value.reviewed === 'reviewed' } : {}),
    },
  }));
  const page = useAsyncResource(async () => {
    if (runId.value === null) return null;
    return api.call('abstentions.list', {
      runId: runId.value,
      ...query.value,
      offset: offset.value,
      limit: QUEUE_PAGE_SIZE,
    });
  });
  watch([runId, query], () => {
    offset.value = 0;
  });
  watch([runId, query, offset], () => void page.reload(), { immediate: true });

  function toggleSort(key: AbstentionSortKey): void {
    const flip = sort.value.key === key && sort.value.direction === 'asc';
    sort.value = { key, direction: flip ? 'desc' : 'asc' };
  }

  return { page, sort, filter, offset, query, toggleSort };
}
