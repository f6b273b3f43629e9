/**
 * The faithfulness figures of method.md ("Faithfulness metrics"): how well the selected
 * evidence m_sel reproduces the full-input decision, over a cohort at one budget.
 */
import {
  checkBinary,
  checkProbabilities,
  classProbability,
  sameLength,
  type Numbers,
} from './inputs';
import { auroc, averagePrecision } from './ranking';

/** Mean |p_full − p(m_sel)|: how far the evidence alone moves the risk. NaN for no stays. */
export function fidelityMae(pFull: Numbers, pSel: Numbers): number {
  const n = sameLength('fidelityMae', pFull, pSel);
  checkProbabilities('fidelityMae', pFull);
  checkProbabilities('fidelityMae', pSel);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(pFull[i]! - pSel[i]!);
  return n > 0 ? sum / n : NaN;
}

/**
 * Share of stays whose evidence-only decision [p(m_sel) >= threshold] equals the full-input
 * decision y_full. `threshold` must be the run's decision threshold (0.5 by default).
 * NaN for no stays.
 */
export function decisionAgreement(pSel: Numbers, yFull: Numbers, threshold = 0.5): number {
  const n = sameLength('decisionAgreement', pSel, yFull);
  checkProbabilities('decisionAgreement', pSel);
  checkBinary('decisionAgreement', yFull);
  let agree = 0;
  for (let i = 0; i < n; i++) if ((pSel[i]! >= threshold ? 1 : 0) === yFull[i]) agree++;
  return n > 0 ? agree / n : NaN;
}

/**
 * Comprehensiveness (paper eq. comp / method.md): mean over stays of
 * Pr(ŷ_full | all) − Pr(ŷ_full | all minus m_sel), where Pr(ŷ | ·) is p for ŷ = 1 and 1 − p
 * for ŷ = 0. High means the decision leaned on the removed evidence. NaN for no stays.
 */
export function comprehensiveness(pFull: Numbers, pRemoved: Numbers, yFull: Numbers): number {
  return meanConfidenceDrop('comprehensiveness', pFull, pRemoved, yFull);
}

/**
 * Mean of Pr(ŷ_full | full) − Pr(ŷ_full | other) over stays: the common shape of ERASER's
 * comprehensiveness (other = full minus rationale) and sufficiency (other = rationale only).
 */
export function meanConfidenceDrop(
  name: string,
  pFull: Numbers,
  pOther: Numbers,
  yFull: Numbers,
): number {
  const n = sameLength(name, pFull, pOther, yFull);
  checkProbabilities(name, pFull);
  checkProbabilities(name, pOther);
  checkBinary(name, yFull);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const y = yFull[i]!;
    sum += classProbability(pFull[i]!, y) - classProbability(pOther[i]!, y);
  }
  return n > 0 ? sum / n : NaN;
}

/** The paper's sufficiency AUROC: AUROC of p(m_sel) against the true labels (NaN: one class). */
export function sufficiencyAuroc(pSel: Numbers, labels: Numbers): number {
  return auroc(pSel, labels);
}

/** The paper's sufficiency AUPRC: sklearn average precision of p(m_sel) (NaN: no positives). */
export function sufficiencyAuprc(pSel: Numbers, labels: Numbers): number {
  return averagePrecision(pSel, labels);
}
