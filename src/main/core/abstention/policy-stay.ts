/**
 * What every abstention policy reads of one audited stay: the decision, its correctness, and
 * the search's trace features. Built from a run's per-stay results (audit/), so policies
 * never see the store. Probabilities are on the scale the run decided on (calibrated when the
 * run used a calibration file), and `threshold` is that run's decision threshold.
 */
export interface PolicyStay {
  stayId: number;
  label: 0 | 1;
  /** p_full as the run decided on it; predicted positive iff pFull ≥ threshold. */
  pFull: number;
  yFull: 0 | 1;
  threshold: number;
  status: 'converged' | 'exhausted';
  /** Whether convergence was reachable under the run's τ (method.md, "Reachability"). */
  reachable: boolean;
  /** Steps the search took before it stopped (converged) or gave up (exhausted). */
  steps: number;
  /** The returned evidence set's C, S, |E|, note units, p(E) and p(all but E). */
  confidence: number;
  stability: number;
  evidenceSize: number;
  noteUnits: number;
  pEvidence: number;
  pWithoutEvidence: number;
  /**
   * The leading state's p after each step 1..S_max, continued past a convergence so that
   * any other stopping rule can be replayed (the beam does not depend on τ); shorter only
   * when the stay has fewer candidate units than S_max. The toe-tuned policy replays its
   * stopping rule on this path (policies.ts, bestAdmissibleMargin).
   */
  leaderPath: number[];
}
