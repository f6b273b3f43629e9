import { computed, watch, type ComputedRef, type Ref } from 'vue';
import type {
  AbstentionReason,
  AbstentionRow,
  AbstentionSortKey,
  QueueScope,
} from '../../../shared/abstention-queue';
import { QUEUE_SCOPES } from '../../../shared/abstention-queue';
import type { ConfusionClass } from '../../../shared/audit-statistics';
import type { ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';
import type { QueueQuery, SortDirection } from './useQueueQuery';

export type { QueueFilterForm, SortDirection } from './useQueueQuery';

export const QUEUE_PAGE_SIZE = 25;

/** The scope, sort and filter as the contract takes them (shared by the list and the CSV). */
export interface QueueRequest {
  scope: QueueScope;
  sort: { key: AbstentionSortKey; direction: SortDirection };
  filter: {
    reasons?: AbstentionReason[];
    outcomes?: ConfusionClass[];
    reviewed?: boolean;
  };
}

export interface AbstentionQueueState {
  page: AsyncResource<{ total: number; rows: AbstentionRow[] }>;
  /** How many stays each scope holds, filters aside (the scope control shows them). */
  scopeTotals: AsyncResource<Record<QueueScope, number>>;
  request: ComputedRef<QueueRequest>;
  offset: ComputedRef<number>;
}

export function queueRequest(query: QueueQuery): QueueRequest {
  const { filter } = query;
  return {
    scope: query.scope,
    sort: { ...query.sort },
    filter: {
      ...(filter.reason ? { reasons: [filter.reason] } : {}),
      ...(filter.outcome ? { outcomes: [filter.outcome] } : {}),
      ...(filter.reviewed ? { reviewed: filter.reviewed === 'reviewed' } : {}),
    },
  };
}

/**
 * One page of a run's review queue, as the URL's query asks for it. Ordering and filtering
 * happen in the core (the same order as the CSV and the report).
 */
export function useAbstentionQueue(
  api: ApiClient,
  runId: Ref<number | null>,
  query: ComputedRef<QueueQuery>,
): AbstentionQueueState {
  const request = computed(() => queueRequest(query.value));
  const offset = computed(() => query.value.page * QUEUE_PAGE_SIZE);
  const page = useAsyncResource(async () => {
    if (runId.value === null) return null;
    return api.call('abstentions.list', {
      runId: runId.value,
      ...request.value,
      offset: offset.value,
      limit: QUEUE_PAGE_SIZE,
    });
  });
  // The route hands out a new query object on every navigation: reload only on a real change.
  const key = computed(() => JSON.stringify([runId.value, request.value, offset.value]));
  watch(key, () => void page.reload(), { immediate: true });

  const scopeTotals = useAsyncResource(async () => {
    const id = runId.value;
    if (id === null) return null;
    const totals = await Promise.all(
      QUEUE_SCOPES.map(
        async (scope) => (await api.call('abstentions.list', { runId: id, scope, limit: 1 })).total,
      ),
    );
    return Object.fromEntries(QUEUE_SCOPES.map((s, i) => [s, totals[i]!])) as Record<
      QueueScope,
      number
    >;
  });
  watch(runId, () => void scopeTotals.reload(), { immediate: true });

  return { page, scopeTotals, request, offset };
}
