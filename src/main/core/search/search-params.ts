/** The search's parameters are defined once, in src/shared (ranges, defaults, words). */
import {
  SEARCH_PARAM_DEFAULTS,
  searchParamsSchema,
  type SearchParams,
} from '../../../shared/search-params';

export { SEARCH_PARAM_DEFAULTS, searchParamsSchema, type SearchParams };

/** Dynamic stopping (audit) or exactly k steps (evaluation at budget k). */
export type SearchMode = { kind: 'dynamic' } | { kind: 'fixed'; budget: number };
