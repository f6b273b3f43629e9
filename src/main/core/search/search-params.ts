/** The search's parameters are defined once, in src/shared (ranges, defaults, words). */
import { searchParamsSchema, type SearchParams } from '../../../shared/search-params';

export { searchParamsSchema, type SearchParams };

export const DEFAULT_SEARCH_PARAMS: SearchParams = searchParamsSchema.parse({});

/** Dynamic stopping (audit) or exactly k steps (evaluation at budget k). */
export type SearchMode = { kind: 'dynamic' } | { kind: 'fixed'; budget: number };
