import { logit } from '../models/stay-model';
import type { SearchParams } from './search-params';

/** One evidence set's standing under the search objective. */
export interface StateScore {
  p: number;
  /** C: confidence in the full-input class. */
  confidence: number;
  /** S: stability, 1 − |p_full − p| (or the logit-space form). */
  stability: number;
  /** K: number of units. */
  size: number;
  score: number;
}

export interface FullInputDecision {
  pFull: number;
  /** ŷ_full: 1 iff p_full ≥ the decision threshold. */
  yFull: 0 | 1;
}

export function decide(pFull: number, threshold: number): FullInputDecision {
  return { pFull, yFull: pFull >= threshold ? 1 : 0 };
}

export function scoreState(
  p: number,
  size: number,
  full: FullInputDecision,
  params: Pick<SearchParams, 'lambda' | 'mu' | 'stability'>,
): StateScore {
  const confidence = full.yFull === 1 ? p : 1 - p;
  const stability =
    params.stability === 'probability'
      ? 1 - Math.abs(full.pFull - p)
      : 1 - Math.abs(logit(full.pFull) - logit(p));
  return {
    p,
    confidence,
    stability,
    size,
    score: confidence + params.lambda * stability - params.mu * size,
  };
}

/** The convergence test applied to the best state after each step. */
export function isSufficient(
  state: StateScore,
  params: Pick<SearchParams, 'tauConf' | 'tauSuff'>,
): boolean {
  return state.confidence >= params.tauConf && state.stability >= params.tauSuff;
}

/**
 * Whether any evidence set could pass the convergence test (method.md, "Reachability").
 * For a positive decision, C ≥ τc needs p ≥ τc and S ≥ τs needs p within (1 − τs) of p_full
 * (probability space) or logit(p) within (1 − τs) of logit(p_full) (logit space); the two
 * overlap only when p_full is high enough. Negative decisions mirror this.
 */
export function convergenceReachable(
  full: FullInputDecision,
  params: Pick<SearchParams, 'tauConf' | 'tauSuff' | 'stability'>,
): boolean {
  const slack = 1 - params.tauSuff;
  const conf = full.yFull === 1 ? full.pFull : 1 - full.pFull;
  if (params.stability === 'probability') return conf >= params.tauConf - slack;
  return logit(conf) >= logit(params.tauConf) - slack;
}
