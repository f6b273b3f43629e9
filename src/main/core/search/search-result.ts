import type { SearchMode, SearchParams } from './search-params';

/** One beam state as the trace records it. */
export interface TraceState {
  units: number[];
  /** The beam state it was expanded from (the first, when several lead to the same set). */
  parent: number[] | null;
  p: number;
  confidence: number;
  stability: number;
  size: number;
  score: number;
}

/** One step of the search: what was kept, how much was scored, which state led. */
export interface TraceStep {
  step: number;
  childrenScored: number;
  kept: TraceState[];
  /** Index in `kept` of the leading state (the beam is sorted, so always 0). */
  leader: number;
}

/**
 * What a search returns; JSON-serialisable as is, for the store, the UI and reports.
 * `status`: converged (sufficient evidence found), exhausted (dynamic mode ran out of steps),
 * or budget (fixed mode, which never stops early).
 */
export interface SearchResult {
  evidence: number[];
  /** p_full on the scale decided on (calibrated when the search was given a calibration). */
  pFull: number;
  /** The model's own p_full, before any calibration. */
  rawPFull: number;
  yFull: 0 | 1;
  p: number;
  confidence: number;
  stability: number;
  size: number;
  score: number;
  status: 'converged' | 'exhausted' | 'budget';
  /** Whether convergence was possible at all from p_full (method.md, "Reachability"). */
  reachable: boolean;
  steps: number;
  /** Unique evidence sets evaluated by the search (the full input not counted). */
  statesScored: number;
  candidates: number[];
  params: SearchParams;
  mode: SearchMode;
  trace: TraceStep[];
  /**
   * The leading state's p after each step: the trace's leaders, then (with
   * continuePastConvergence) the steps after convergence up to S_max.
   */
  leaderPath: number[];
}
