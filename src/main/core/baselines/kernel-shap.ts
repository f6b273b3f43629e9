import { allUnits, queryForUnits, type StayModel } from '../models/stay-model';
import { fusedProbabilitiesOf } from './fused-logits';
import {
  confidenceToward,
  DEFAULT_DECISION_THRESHOLD,
  fullInputClass,
  type FullInputClass,
} from './full-input-class';
import { seededGenerator, type SeedOptions } from './seeded-random';
import { defaultShapBudget, shapleyKernelDesign, type CoalitionDesign } from './shapley-coalitions';
import { solveSymmetric } from './symmetric-solve';
import { emptyUnitScores, rankByScore, type UnitRanking } from './unit-ranking';

/**
 * KernelSHAP over evidence units, as shap's KernelExplainer computes it (without its l1_reg
 * feature pre-selection: every unit gets an attribution).
 *  - Players: the stay's valid units. A coalition S is evaluated as the evidence mask that
 *    selects exactly S.
 *  - Value: v(S) = probability of the full-input class, p(S) if ŷ_full = 1 else 1 − p(S),
 *    with the identity link (attributions are in probability units, summing to
 *    C(all) − C(∅)), so a positive φ supports the full-input decision.
 *  - Background: the all-masked input, so v(∅) = the model with NO evidence. Why: the
 *    alternative, a cohort of background stays, makes "absent" mean "as in other patients",
 *    while ToE, the metrics and every other baseline mean "masked out"; the empty set is
 *    also exactly ToE's start state, so φ sums to the gap the search has to close.
 *  - Budget: coalitions besides ∅ and the full set, default 2M + 2048, capped at 2^M − 2
 *    (then every coalition is enumerated and φ are the exact Shapley values).
 *  - Fit: weighted least squares with the Shapley kernel weights, the efficiency constraint
 *    Σφ = v(all) − v(∅) imposed by eliminating the last unit's φ.
 * One forward() call: [full, empty, ...coalitions].
 */
export interface KernelShapOptions extends SeedOptions {
  /** Coalition evaluations besides ∅ and the full set; default 2M + 2048. */
  budget?: number;
  threshold?: number;
}

export interface KernelShapRanking extends UnitRanking, FullInputClass {
  method: 'kernel-shap';
  /** φ per unit id (NaN for padding slots). */
  scores: Float64Array;
  /** v(∅): the full-input class probability with no evidence. */
  baseValue: number;
  /** v(all) = C(all); Σφ = fullValue − baseValue. */
  fullValue: number;
  /** Every coalition was evaluated: φ are exact Shapley values, not estimates. */
  exact: boolean;
}

export async function kernelShapRanking(
  model: StayModel,
  options: KernelShapOptions = {},
): Promise<KernelShapRanking> {
  const units = allUnits(model);
  const budget = options.budget ?? defaultShapBudget(units.length);
  if (!Number.isInteger(budget) || budget < 2)
    throw new RangeError(`KernelSHAP budget must be an integer >= 2, got ${budget}`);
  const design = shapleyKernelDesign(units.length, budget, seededGenerator(options));

  const queries = [queryForUnits(model, units), queryForUnits(model, [])];
  for (let i = 0; i < design.count; i++) {
    queries.push(
      queryForUnits(
        model,
        units.filter((_, j) => design.masks[i * units.length + j] === 1),
      ),
    );
  }
  const probabilities = await fusedProbabilitiesOf(model, queries);
  const decision = fullInputClass(
    probabilities[0]!,
    options.threshold ?? DEFAULT_DECISION_THRESHOLD,
  );
  const values = probabilities.map((p) => confidenceToward(decision.yFull, p));
  const fullValue = values[0]!;
  const baseValue = values[1]!;
  const phi = constrainedShapleyRegression(
    design,
    values.subarray(2),
    fullValue - baseValue,
    baseValue,
  );

  const scores = emptyUnitScores(model);
  units.forEach((unit, j) => (scores[unit] = phi[j]!));
  return {
    method: 'kernel-shap',
    ranking: rankByScore(units, (unit) => scores[unit]!),
    scores,
    evaluations: queries.length,
    baseValue,
    fullValue,
    exact: design.complete,
    ...decision,
  };
}

/**
 * min Σ_i k_i (v_i − v∅ − z_iᵀφ)²  subject to  Σφ = Δ = v(all) − v∅.
 * Substituting φ_M = Δ − Σ_{j<M} φ_j leaves an unconstrained weighted least squares in M−1
 * unknowns with regressors z_ij − z_iM and targets v_i − v∅ − z_iM·Δ.
 */
export function constrainedShapleyRegression(
  design: CoalitionDesign,
  values: ArrayLike<number>,
  delta: number,
  baseValue: number,
): Float64Array {
  const m = design.players;
  const phi = new Float64Array(m);
  if (m === 0) return phi;
  if (m === 1) {
    phi[0] = delta;
    return phi;
  }
  const n = m - 1;
  const gram = new Float64Array(n * n);
  const moment = new Float64Array(n);
  const regressors = new Float64Array(n);
  for (let i = 0; i < design.count; i++) {
    const row = design.masks.subarray(i * m, (i + 1) * m);
    const last = row[m - 1]!;
    const target = values[i]! - baseValue - last * delta;
    const k = design.weights[i]!;
    for (let j = 0; j < n; j++) regressors[j] = row[j]! - last;
    for (let j = 0; j < n; j++) {
      const kz = k * regressors[j]!;
      if (kz === 0) continue;
      moment[j] = moment[j]! + kz * target;
      for (let l = j; l < n; l++) gram[j * n + l] = gram[j * n + l]! + kz * regressors[l]!;
    }
  }
  for (let j = 0; j < n; j++) for (let l = 0; l < j; l++) gram[j * n + l] = gram[l * n + j]!;
  const reduced = solveSymmetric(gram, n, moment).x;
  let sum = 0;
  for (let j = 0; j < n; j++) {
    phi[j] = reduced[j]!;
    sum += reduced[j]!;
  }
  phi[m - 1] = delta - sum;
  return phi;
}
