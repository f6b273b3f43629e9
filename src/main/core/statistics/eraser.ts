/**
 * ERASER's faithfulness scores (DeYoung et al. 2020), matched to the benchmark's reference
 * scorer, jayded/eraserbenchmark, rationale_benchmark/metrics.py:
 *
 * - `score_classifications`: with kls = the model's own full-input class ("classification")
 *     comprehensiveness = mean_i( classification_scores[kls]
 *                                 − comprehensiveness_classification_scores[kls] )
 *     sufficiency       = mean_i( classification_scores[kls]
 *                                 − sufficiency_classification_scores[kls] )
 *   i.e. Pr(ŷ_full | full) − Pr(ŷ_full | rationale removed / rationale only), a plain np.average.
 * - `_instances_aopc`: for every instance and every requested threshold (sorted ascending),
 *   delta = beta_0 − beta_k with beta_0 = Pr(kls | full) and beta_k = Pr(kls | input at bin k);
 *   the score is np.average over the whole N × |bins| array (equal, as their comment notes, to
 *   the mean of per-bin means), and the per-bin means are reported as "aopc_points".
 *   ERASER's bins are token fractions (default 0.01, 0.05, 0.1, 0.2, 0.5); ours are evidence
 *   budgets k (units per stay), each with its own selection. Like ERASER, and unlike Samek et
 *   al.'s AOPC, there is no k = 0 term and no 1/(L+1) normalisation: only the listed bins.
 *
 * Binary case: the model gives p = Pr(1 | ·), so Pr(ŷ | ·) is p for ŷ = 1 and 1 − p for ŷ = 0.
 */
import {
  checkBinary,
  checkProbabilities,
  classProbability,
  sameLength,
  type Numbers,
} from './inputs';
import { meanConfidenceDrop } from './faithfulness';

/**
 * ERASER sufficiency: mean Pr(ŷ_full | full) − Pr(ŷ_full | only m_sel). Lower is better (the
 * rationale alone keeps the confidence); it can be negative. NaN for no stays.
 */
export function eraserSufficiency(pFull: Numbers, pSel: Numbers, yFull: Numbers): number {
  return meanConfidenceDrop('eraserSufficiency', pFull, pSel, yFull);
}

/**
 * ERASER comprehensiveness: mean Pr(ŷ_full | full) − Pr(ŷ_full | full minus m_sel), the same
 * figure as method.md's comprehensiveness. Higher is better.
 */
export function eraserComprehensiveness(pFull: Numbers, pRemoved: Numbers, yFull: Numbers): number {
  return meanConfidenceDrop('eraserComprehensiveness', pFull, pRemoved, yFull);
}

/** p(·) = Pr(1 | ·) per stay for one evidence budget (units only, or all minus the units). */
export interface BudgetProbabilities {
  budget: number;
  probs: Numbers;
}

export interface Aopc {
  /** Mean of every stay × budget drop (ERASER's comprehensiveness_aopc / sufficiency_aopc). */
  score: number;
  /** Budgets, ascending, as the points below are ordered. */
  budgets: number[];
  /** Mean drop per budget (ERASER's *_aopc_points). */
  points: number[];
}

/**
 * AOPC over evidence budgets, as ERASER's `_instances_aopc` computes it. Pass p with the
 * selected units removed for AOPC comprehensiveness, with only them kept for AOPC
 * sufficiency. Every budget must cover every stay; budgets must be distinct. NaN for no stays.
 */
export function aopc(
  pFull: Numbers,
  yFull: Numbers,
  atBudgets: readonly BudgetProbabilities[],
): Aopc {
  if (atBudgets.length === 0) throw new RangeError('aopc: at least one budget is needed');
  const sorted = [...atBudgets].sort((a, b) => a.budget - b.budget);
  for (let b = 1; b < sorted.length; b++) {
    if (sorted[b]!.budget === sorted[b - 1]!.budget)
      throw new RangeError(`aopc: budget ${sorted[b]!.budget} given twice`);
  }
  const n = sameLength('aopc', pFull, yFull, ...sorted.map((s) => s.probs));
  checkProbabilities('aopc', pFull);
  checkBinary('aopc', yFull);
  let total = 0;
  const points = sorted.map(({ probs }) => {
    checkProbabilities('aopc', probs);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const y = yFull[i]!;
      sum += classProbability(pFull[i]!, y) - classProbability(probs[i]!, y);
    }
    total += sum;
    return n > 0 ? sum / n : NaN;
  });
  return {
    score: n > 0 ? total / (n * sorted.length) : NaN,
    budgets: sorted.map((s) => s.budget),
    points,
  };
}
