import { allUnits, queryForUnits, type StayModel } from '../models/stay-model';
import { fusedProbabilitiesOf } from './fused-logits';
import {
  confidenceToward,
  DEFAULT_DECISION_THRESHOLD,
  fullInputClass,
  type FullInputClass,
} from './full-input-class';
import { sampleIndices, seededGenerator, uniformIndex, type SeedOptions } from './seeded-random';
import { emptyUnitScores, rankByScore, type UnitRanking } from './unit-ranking';
import { fitWeightedRidge } from './weighted-ridge';

/**
 * LIME over evidence units, following lime's text explainer (LimeTextExplainer with
 * bow=True), with units in the place of words:
 *  - sample 0 is the full input (all ones); every other sample draws how many units to
 *    remove, uniformly in 1..d, then which ones, uniformly without replacement;
 *  - distance = cosine distance between the binary vector and the all-ones vector, ×100:
 *    100·(1 − √(z/d)) for z units kept (an empty vector has distance 100, as sklearn's
 *    cosine distance gives for a zero row);
 *  - kernel weight = √(exp(−distance² / width²)), width 25. NB: lime's text default kernel
 *    takes the square root, i.e. exp(−d²/(2·width²)); we follow lime's code, not the often
 *    quoted exp(−d²/width²);
 *  - surrogate: Ridge(alpha=1, fit_intercept=True) on all units with the kernel weights
 *    (lime's feature_selection='none'; its 'auto' pre-selection of num_features is skipped
 *    because every unit needs a coefficient to be ranked).
 * The regression target is the probability of the full-input class (p when ŷ_full = 1,
 * 1 − p when ŷ_full = 0), the column lime would explain for label ŷ_full, and units are
 * ranked by signed coefficient: most supportive of the full-input decision first.
 * p_full is sample 0, so the whole method is one forward() call of `samples` queries.
 */
export interface LimeOptions extends SeedOptions {
  /** Neighbourhood size including the full-input sample; lime's default 5,000. */
  samples?: number;
  kernelWidth?: number;
  ridgeAlpha?: number;
  threshold?: number;
}

export interface LimeRanking extends UnitRanking, FullInputClass {
  method: 'lime';
  scores: Float64Array;
  /** The surrogate's intercept: its prediction with every unit absent. */
  intercept: number;
}

export const LIME_DEFAULTS = { samples: 5000, kernelWidth: 25, ridgeAlpha: 1 } as const;

export async function limeRanking(
  model: StayModel,
  options: LimeOptions = {},
): Promise<LimeRanking> {
  const samples = options.samples ?? LIME_DEFAULTS.samples;
  const width = options.kernelWidth ?? LIME_DEFAULTS.kernelWidth;
  if (!Number.isInteger(samples) || samples < 2)
    throw new RangeError(`LIME needs >= 2 samples, got ${samples}`);
  const units = allUnits(model);
  const d = units.length;
  if (d === 0) {
    const [pFull] = await fusedProbabilitiesOf(model, [queryForUnits(model, [])]);
    return emptyLime(
      model,
      fullInputClass(pFull!, options.threshold ?? DEFAULT_DECISION_THRESHOLD),
    );
  }

  const kept = neighbourhood(d, samples, options);
  const probabilities = await fusedProbabilitiesOf(
    model,
    Array.from({ length: samples }, (_, i) =>
      queryForUnits(
        model,
        units.filter((_, j) => kept[i * d + j] === 1),
      ),
    ),
  );
  const decision = fullInputClass(
    probabilities[0]!,
    options.threshold ?? DEFAULT_DECISION_THRESHOLD,
  );
  const targets = probabilities.map((p) => confidenceToward(decision.yFull, p));
  const weights = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    let z = 0;
    for (let j = 0; j < d; j++) z += kept[i * d + j]!;
    weights[i] = limeKernelWeight(z, d, width);
  }
  const fit = fitWeightedRidge(
    { rows: samples, cols: d, values: kept },
    targets,
    weights,
    options.ridgeAlpha ?? LIME_DEFAULTS.ridgeAlpha,
  );
  const scores = emptyUnitScores(model);
  units.forEach((unit, j) => (scores[unit] = fit.coefficients[j]!));
  return {
    method: 'lime',
    ranking: rankByScore(units, (unit) => scores[unit]!),
    scores,
    evaluations: samples,
    intercept: fit.intercept,
    ...decision,
  };
}

/**
 * lime's text kernel for a sample keeping `kept` of `total` units: cosine distance to the
 * all-ones vector ×100, i.e. 100·(1 − √(kept/total)), through √exp(−d²/width²).
 */
export function limeKernelWeight(kept: number, total: number, width: number): number {
  const distance = 100 * (1 - Math.sqrt(kept / total));
  return Math.sqrt(Math.exp(-(distance * distance) / (width * width)));
}

/** The binary neighbourhood, row-major samples × d: 1 = unit kept, 0 = removed. */
function neighbourhood(d: number, samples: number, seed: SeedOptions): Uint8Array {
  const rng = seededGenerator(seed);
  const kept = new Uint8Array(samples * d).fill(1);
  for (let i = 1; i < samples; i++) {
    const removeCount = 1 + uniformIndex(rng, d);
    for (const j of sampleIndices(rng, d, removeCount)) kept[i * d + j] = 0;
  }
  return kept;
}

function emptyLime(model: StayModel, decision: FullInputClass): LimeRanking {
  return {
    method: 'lime',
    ranking: [],
    scores: emptyUnitScores(model),
    evaluations: 1,
    intercept: 0,
    ...decision,
  };
}
