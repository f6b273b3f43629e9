/**
 * The evaluation result as it is written to evaluation.json and read back: plain JSON, so
 * the Node report writer and the renderer draw the SAME figures from the same data. A figure
 * the cohort cannot give (an AUROC with one class absent, a rate with an empty denominator)
 * is null, never NaN: JSON has no NaN, and null says "undefined here" explicitly. Every
 * figure is an Estimate (../estimate.ts); the dynamic-mode sections are the audit run's own
 * (../audit-statistics.ts).
 */
import type { Estimate } from '../estimate';

/** Explainers compared at a budget k (paper, "Baseline Comparisons"). */
export const COMPARED_METHODS = ['toe', 'topk', 'random', 'saliency', 'lime', 'shap'] as const;
export type ComparedMethod = (typeof COMPARED_METHODS)[number];

/**
 * ToE variants of the ablations: objective (λ, μ), stability space, the paper's order of
 * tied states (no |p_full − p| tie-break), modality.
 */
export const ABLATION_METHODS = [
  'toe-lambda0',
  'toe-mu0',
  'toe-logit',
  'toe-paper-order',
  'toe-ts-only',
  'toe-notes-only',
] as const;
export type AblationMethod = (typeof ABLATION_METHODS)[number];

/** Every row method of the result: compared, ablations, and exhaustive enumeration (k ≤ 3). */
export type RowMethod = ComparedMethod | AblationMethod | 'exhaustive';

/** What `--methods` accepts: the compared explainers and the concept bottleneck. */
export const SELECTABLE_METHODS = [...COMPARED_METHODS, 'cbm'] as const;
export type SelectableMethod = (typeof SELECTABLE_METHODS)[number];

export const METHOD_LABELS: Record<RowMethod | 'cbm' | 'full', string> = {
  toe: 'ToE (beam search)',
  topk: 'Top-k ranking',
  random: 'Random',
  saliency: 'Saliency (Input×Gradient)',
  lime: 'LIME',
  shap: 'KernelSHAP',
  'toe-lambda0': 'ToE, no stability (λ = 0)',
  'toe-mu0': 'ToE, no sparsity (μ = 0)',
  'toe-logit': 'ToE, logit-space stability',
  'toe-paper-order': 'ToE, the paper’s order (ties by score only)',
  'toe-ts-only': 'ToE, time series only',
  'toe-notes-only': 'ToE, notes only',
  exhaustive: 'Exhaustive enumeration',
  cbm: 'Hard concept bottleneck',
  full: 'Full model (all units)',
};

/** The figures of one explainer at one budget, each over the evaluated stays. */
export interface MethodRow {
  method: RowMethod;
  k: number;
  /** Sufficiency AUROC / AUPRC: p(m_sel) against the true labels. */
  auroc: Estimate;
  auprc: Estimate;
  /** Mean |p_full − p(m_sel)|. */
  fidelityMae: Estimate;
  /** Mean Pr(ŷ_full | all) − Pr(ŷ_full | all minus m_sel). */
  comprehensiveness: Estimate;
  /** 10 equal-width bins of p(m_sel) against the true labels. */
  ece: Estimate;
  /** Share of stays with [p(m_sel) ≥ threshold] = ŷ_full. */
  decisionAgreement: Estimate;
  /** Mean |m_sel| (below k when a stay has fewer units or candidates). */
  meanSize: number;
}
