import { computed, type ComputedRef } from 'vue';
import { useRoute, useRouter, type LocationQuery } from 'vue-router';
import {
  ABSTENTION_REASONS,
  ABSTENTION_SORT_KEYS,
  QUEUE_SCOPES,
  type AbstentionReason,
  type AbstentionSortKey,
  type QueueScope,
} from '../../../shared/abstention-queue';
import { CONFUSION_CLASSES, type ConfusionClass } from '../../../shared/audit-statistics';

export type SortDirection = 'asc' | 'desc';

/** '' = any; the select boxes bind to these. */
export interface QueueFilterForm {
  reason: AbstentionReason | '';
  outcome: ConfusionClass | '';
  reviewed: 'reviewed' | 'unreviewed' | '';
}

/** Everything that decides which rows the queue shows, as the page's URL keeps it. */
export interface QueueQuery {
  scope: QueueScope;
  sort: { key: AbstentionSortKey; direction: SortDirection };
  filter: QueueFilterForm;
  /** 0-based page index. */
  page: number;
}

/** The queue as it opens: the stays flagged for review, most likely wrong first. */
export const DEFAULT_QUEUE_QUERY: QueueQuery = {
  scope: 'flagged',
  sort: { key: 'rank', direction: 'asc' },
  filter: { reason: '', outcome: '', reviewed: '' },
  page: 0,
};

function one(value: LocationQuery[string] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

function member<T extends string>(values: readonly T[], text: string, fallback: T): T {
  return (values as readonly string[]).includes(text) ? (text as T) : fallback;
}

/** The URL's query as the queue's state; anything unknown or malformed reads as the default. */
export function queueQueryFrom(query: LocationQuery): QueueQuery {
  const page = Number(one(query.page));
  return {
    scope: member(QUEUE_SCOPES, one(query.scope), DEFAULT_QUEUE_QUERY.scope),
    sort: {
      key: member(ABSTENTION_SORT_KEYS, one(query.sort), DEFAULT_QUEUE_QUERY.sort.key),
      direction: one(query.dir) === 'desc' ? 'desc' : 'asc',
    },
    filter: {
      reason: member<AbstentionReason | ''>(ABSTENTION_REASONS, one(query.reason), ''),
      outcome: member<ConfusionClass | ''>(CONFUSION_CLASSES, one(query.outcome), ''),
      reviewed: member(['reviewed', 'unreviewed'] as const, one(query.reviewed), ''),
    },
    // The URL counts pages from 1, as people do.
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The state as a URL query: only what differs from the defaults, so the plain URL is the default. */
export function locationQueryOf(state: QueueQuery): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.scope !== DEFAULT_QUEUE_QUERY.scope) query.scope = state.scope;
  if (state.sort.key !== DEFAULT_QUEUE_QUERY.sort.key) query.sort = state.sort.key;
  if (state.sort.direction !== 'asc') query.dir = state.sort.direction;
  if (state.filter.reason) query.reason = state.filter.reason;
  if (state.filter.outcome) query.outcome = state.filter.outcome;
  if (state.filter.reviewed) query.reviewed = state.filter.reviewed;
  if (state.page > 0) query.page = String(state.page + 1);
  return query;
}

export interface QueueQueryState {
  state: ComputedRef<QueueQuery>;
  /** Changes part of the state; anything but the page goes back to the first page. */
  update: (patch: Partial<QueueQuery>) => Promise<void>;
}

/**
 * The queue's scope, sort, filters and page live in the URL (…/abstentions?scope=exhausted&
 * outcome=FP&page=2), so a reload, a shared link and the back button all keep them.
 */
export function useQueueQuery(): QueueQueryState {
  const route = useRoute();
  const router = useRouter();
  const state = computed(() => queueQueryFrom(route.query));

  async function update(patch: Partial<QueueQuery>): Promise<void> {
    const next: QueueQuery = { ...state.value, page: 0, ...patch };
    await router.replace({ query: locationQueryOf(next) });
  }

  return { state, update };
}
