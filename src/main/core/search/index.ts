export { treeOfEvidenceSearch, searchCandidates, fullInputDecision } from './beam-search';
export type { ProbabilityMap, SearchOptions } from './beam-search';
export { convergenceReachable, decide, isSufficient, scoreState } from './objective';
export type { FullInputDecision, StateScore } from './objective';
export { SEARCH_PARAM_DEFAULTS, searchParamsSchema } from './search-params';
export type { SearchMode, SearchParams } from './search-params';
export type { SearchResult, TraceState, TraceStep } from './search-result';
export { compareStates, type StateOrder } from './state-order';
