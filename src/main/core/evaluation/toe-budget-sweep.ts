/**
 * Reading many budgets off one search. A fixed-budget run to k_max takes exactly the steps
 * a run to any smaller k takes (the beam after step s does not depend on the budget), and a
 * dynamic run with S_max = 10 takes exactly the steps a run with S_max = 5 takes until it
 * stops. So one run per stay gives the best state at every k from the trace's leaders —
 * k_max times less search than a run per budget. Tested against separate runs.
 */
import type { SearchResult } from '../search';

/** The state a fixed-budget search to k would return. */
export interface BudgetState {
  k: number;
  units: number[];
  p: number;
  score: number;
}

/** The best state at each budget of `ks`, from one fixed-budget run to at least max(ks). */
export function statesAtBudgets(result: SearchResult, ks: readonly number[]): BudgetState[] {
  if (result.mode.kind !== 'fixed')
    throw new RangeError('statesAtBudgets needs a fixed-budget search');
  const budget = result.mode.budget;
  return ks.map((k) => {
    if (!Number.isInteger(k) || k < 1 || k > budget)
      throw new RangeError(`budget ${k} is outside the search's 1..${budget}`);
    // A run to k stops after min(k, candidates) steps; this run took min(budget, candidates).
    const steps = Math.min(k, result.steps);
    if (steps === 0) return { k, units: [], p: result.p, score: result.score };
    const leader = result.trace[steps - 1]!.kept[0]!;
    return { k, units: leader.units, p: leader.p, score: leader.score };
  });
}

/** What a dynamic-mode search with a smaller S_max would have returned. */
export interface DynamicOutcome {
  maxSteps: number;
  status: 'converged' | 'exhausted';
  /** |E|: the number of steps taken, one unit per step. */
  size: number;
  units: number[];
  p: number;
  reachable: boolean;
}

/**
 * The outcome of dynamic search with S_max = maxSteps, from a dynamic run with S_max at
 * least that: it converged within maxSteps exactly when this run converged by then;
 * otherwise it stopped exhausted after min(maxSteps, steps taken) steps.
 */
export function dynamicOutcomeAt(result: SearchResult, maxSteps: number): DynamicOutcome {
  if (result.mode.kind !== 'dynamic')
    throw new RangeError('dynamicOutcomeAt needs a dynamic-mode search');
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > result.params.maxSteps)
    throw new RangeError(`S_max ${maxSteps} is outside the search's 1..${result.params.maxSteps}`);
  const converged = result.status === 'converged' && result.steps <= maxSteps;
  const steps = converged ? result.steps : Math.min(maxSteps, result.steps);
  const base = { maxSteps, status: converged ? 'converged' : 'exhausted', size: steps } as const;
  if (steps === 0) return { ...base, units: [], p: result.p, reachable: result.reachable };
  const leader = result.trace[steps - 1]!.kept[0]!;
  return { ...base, units: leader.units, p: leader.p, reachable: result.reachable };
}
