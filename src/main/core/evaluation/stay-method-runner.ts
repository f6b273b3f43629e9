/**
 * Everything an evaluation asks of one stay: every method's evidence set at every budget,
 * ToE's ablations, exhaustive enumeration for the optimality gap and dynamic-mode ToE, then
 * p(m_sel) and p(all minus m_sel) of every distinct set in ONE batched model call, so all
 * methods are scored by the same evaluation and no set is evaluated twice.
 */
import {
  exhaustiveBestSets,
  kernelShapRanking,
  limeRanking,
  randomRanking,
  saliencyRanking,
  selectTopK,
  topKRanking,
  type UnitRanking,
} from '../baselines';
import { allUnits, fusedProbabilities, type StayModel } from '../models/stay-model';
import { treeOfEvidenceSearch } from '../search';
import type { ComparedMethod, RowMethod } from '../../../shared/charts';
import {
  comparedMethods,
  dynamicStepLimits,
  EXHAUSTIVE_MAX_K,
  toeVariants,
  type EvaluationPlan,
} from './evaluation-plan';
import { dynamicOutcomeAt, statesAtBudgets, type DynamicOutcome } from './toe-budget-sweep';

/** One method's evidence set at one budget, scored. */
export interface Selection {
  method: RowMethod;
  k: number;
  units: number[];
  /** p(m_sel): the model on the selected units only. */
  p: number;
  /** p(all minus m_sel): for comprehensiveness. */
  pRemoved: number;
}

/** ToE's objective score at k against the best score of any k-set (exhaustive). */
export interface OptimalityPoint {
  k: number;
  toeScore: number;
  optimumScore: number;
  /** p of ToE's set and of the optimal set, as each search evaluated them. */
  toeP: number;
  optimumP: number;
  /**
   * ToE returned the very set exhaustive enumeration ranks first. It can score as well and
   * still differ: on the λ = 1 plateau many sets tie on score and the order's next key
   * (closeness to p_full) is searched only among the beam's children.
   */
  sameSet: boolean;
}

export interface StayMethodResults {
  pFull: number;
  yFull: 0 | 1;
  selections: Selection[];
  optimality: OptimalityPoint[];
  dynamic: DynamicOutcome[];
}

type Pick = Omit<Selection, 'p' | 'pRemoved'>;

/** The ranking of one ranking baseline; `stream` (the stay id) decorrelates stays' draws. */
function ranking(
  method: Exclude<ComparedMethod, 'toe'>,
  model: StayModel,
  plan: EvaluationPlan,
  stream: number,
): Promise<UnitRanking> {
  const seed = { seed: plan.seed, stream, threshold: plan.params.threshold };
  switch (method) {
    case 'topk':
      return topKRanking(model);
    case 'random':
      return Promise.resolve(randomRanking(model, seed));
    case 'saliency':
      return saliencyRanking(model);
    case 'lime':
      return limeRanking(model, { ...seed, samples: plan.limeSamples });
    case 'shap':
      return kernelShapRanking(model, {
        ...seed,
        ...(plan.shapBudget !== null ? { budget: plan.shapBudget } : {}),
      });
  }
}

/** Runs every method of the plan on one stay. */
export async function runStayMethods(
  model: StayModel,
  plan: EvaluationPlan,
  stream: number,
): Promise<StayMethodResults> {
  const picks: Pick[] = [];
  const kMax = Math.max(...plan.ks);
  const optimality: OptimalityPoint[] = [];
  let dynamic: DynamicOutcome[] = [];

  for (const variant of toeVariants(plan)) {
    // A TS-only bundle (no note slots) has no note stream for a notes-only search to read.
    if (variant.method === 'toe-notes-only' && model.noteSlots === 0) continue;
    // Main ToE runs to at least k = 3, the optimality gap's budgets, whatever the k list.
    const depth = variant.method === 'toe' ? Math.max(kMax, EXHAUSTIVE_MAX_K) : kMax;
    const run = await treeOfEvidenceSearch(
      model,
      { kind: 'fixed', budget: depth },
      variant.params,
      variant.stateOrder ? { stateOrder: variant.stateOrder } : {},
    );
    for (const state of statesAtBudgets(run, plan.ks))
      picks.push({ method: variant.method, k: state.k, units: state.units });
    if (variant.method !== 'toe') continue;
    const exhaustiveKs = Array.from({ length: EXHAUSTIVE_MAX_K }, (_, i) => i + 1);
    const toeStates = statesAtBudgets(run, exhaustiveKs);
    const exhaustive = await exhaustiveBestSets(model, {
      maxK: EXHAUSTIVE_MAX_K,
      lambda: variant.params.lambda,
      mu: variant.params.mu,
      stability: variant.params.stability,
      threshold: variant.params.threshold,
      candidates: { ts: variant.params.topTimeWindows, note: variant.params.topNoteChunks },
    });
    for (const toe of toeStates) {
      // Fewer candidates than k: both methods stop at every candidate, as the search does.
      const best = exhaustive.best[Math.min(toe.k, exhaustive.best.length) - 1];
      picks.push({ method: 'exhaustive', k: toe.k, units: best?.units ?? [] });
      optimality.push({
        k: toe.k,
        toeScore: toe.score,
        optimumScore: best?.score ?? toe.score,
        toeP: toe.p,
        optimumP: best?.p ?? toe.p,
        sameSet: (best?.units ?? []).join(',') === toe.units.join(','),
      });
    }
    const audit = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, variant.params);
    dynamic = dynamicStepLimits(variant.params).map((steps) => dynamicOutcomeAt(audit, steps));
  }

  for (const method of comparedMethods(plan)) {
    if (method === 'toe') continue;
    const order = (await ranking(method, model, plan, stream)).ranking;
    for (const k of plan.ks) picks.push({ method, k, units: selectTopK(order, k) });
  }

  const scored = await scoreSets(model, picks);
  return {
    pFull: scored.pFull,
    yFull: scored.pFull >= plan.params.threshold ? 1 : 0,
    selections: scored.selections,
    optimality,
    dynamic,
  };
}

/**
 * p(set) and p(all minus set) for every pick, plus p_full, in one evaluate() call over the
 * distinct sets (methods often agree, and the complement of one set may be another's set).
 */
async function scoreSets(
  model: StayModel,
  picks: readonly Pick[],
): Promise<{ pFull: number; selections: Selection[] }> {
  const everything = allUnits(model);
  const index = new Map<string, number>();
  const sets: number[][] = [];
  const indexOf = (units: number[]): number => {
    const key = units.join(',');
    let i = index.get(key);
    if (i === undefined) {
      i = sets.length;
      index.set(key, i);
      sets.push(units);
    }
    return i;
  };
  const full = indexOf(everything);
  const rows = picks.map((pick) => {
    const chosen = new Set(pick.units);
    return {
      sel: indexOf(pick.units),
      removed: indexOf(everything.filter((u) => !chosen.has(u))),
    };
  });
  const p = await fusedProbabilities(model, sets);
  return {
    pFull: p[full]!,
    selections: picks.map((pick, i) => ({
      ...pick,
      p: p[rows[i]!.sel]!,
      pRemoved: p[rows[i]!.removed]!,
    })),
  };
}
