import type { TraceStep } from '../../../shared/audit';
import type { SearchMode, SearchParams } from './search-params';

export type { TraceState, TraceStep } from '../../../shared/audit';

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
