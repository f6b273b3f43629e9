/**
 * What an evaluation runs: the budgets, the methods, ToE's parameters and the variants its
 * ablations change, the seeds. One object, recorded in the result, so a report can always
 * say how its numbers were made.
 */
import { DEFAULT_BUDGETS, DEFAULT_EVALUATION } from '../../../shared/evaluation-settings';
import { SEARCH_PARAM_DEFAULTS, type SearchParams, type StateOrder } from '../search';
import {
  SELECTABLE_METHODS,
  type AblationMethod,
  type ComparedMethod,
  type SelectableMethod,
} from '../../../shared/charts';

export interface EvaluationPlan {
  /** Evidence budgets, ascending, distinct, each ≥ 1. */
  ks: number[];
  methods: SelectableMethod[];
  params: SearchParams;
  /** Seed of the bootstrap and of Random, LIME and KernelSHAP (stream = stay id). */
  seed: number;
  resamples: number;
  limeSamples: number;
  /** KernelSHAP coalitions per stay; null = the default 2·units + 2048. */
  shapBudget: number | null;
}

/** Every method at the paper's budgets, method.md's search defaults, the bundle's threshold. */
export function defaultEvaluationPlan(decisionThreshold: number): EvaluationPlan {
  return {
    ks: [...DEFAULT_BUDGETS],
    methods: [...SELECTABLE_METHODS],
    params: { ...SEARCH_PARAM_DEFAULTS, threshold: decisionThreshold },
    ...DEFAULT_EVALUATION,
    shapBudget: null,
  };
}

/** The optimality gap compares with exhaustive enumeration up to k = 3 (paper appendix). */
export const EXHAUSTIVE_MAX_K = 3;

/** The paper's evidence-size figure is drawn at budget 5. */
export const EVIDENCE_SIZE_BUDGET = 5;

/** The explainers of the plan that pick units per stay (all but the concept bottleneck). */
export function comparedMethods(plan: Pick<EvaluationPlan, 'methods'>): ComparedMethod[] {
  return plan.methods.filter((m): m is ComparedMethod => m !== 'cbm');
}

export interface ToeVariant {
  method: 'toe' | AblationMethod;
  params: SearchParams;
  /** How the search orders tied scores (default: method.md's faithful tie-break). */
  stateOrder?: StateOrder;
}

/**
 * ToE and, with it, its ablations (paper, "Ablation Studies" and appendix): no stability
 * (λ = 0), no sparsity cost (μ = 0; at a fixed budget every state has the same size, so
 * this must equal full ToE — the run shows it rather than assuming it), logit-space
 * stability, the paper's order of tied states (method.md's |p_full − p| tie-break optimises
 * the fidelity metric on the λ = 1 plateau; this variant shows by how much), and the
 * modality ablation by restricting the candidates to one stream.
 */
export function toeVariants(plan: Pick<EvaluationPlan, 'methods' | 'params'>): ToeVariant[] {
  if (!plan.methods.includes('toe')) return [];
  const p = plan.params;
  return [
    { method: 'toe', params: p },
    { method: 'toe-lambda0', params: { ...p, lambda: 0 } },
    { method: 'toe-mu0', params: { ...p, mu: 0 } },
    { method: 'toe-logit', params: { ...p, stability: 'logit' } },
    { method: 'toe-paper-order', params: p, stateOrder: 'score-only' },
    { method: 'toe-ts-only', params: { ...p, topNoteChunks: 0 } },
    { method: 'toe-notes-only', params: { ...p, topTimeWindows: 0 } },
  ];
}

/** Dynamic-mode step limits reported: the paper's budget 5 and the configured S_max. */
export function dynamicStepLimits(params: Pick<SearchParams, 'maxSteps'>): number[] {
  return [...new Set([Math.min(EVIDENCE_SIZE_BUDGET, params.maxSteps), params.maxSteps])];
}
