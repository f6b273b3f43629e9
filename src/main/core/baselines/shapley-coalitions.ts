import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { sampleIndices, uniformUnitInterval } from './seeded-random';
import { binomial, kSubsets } from './subsets';

/**
 * Which coalitions KernelSHAP evaluates, and with what weight: shap's KernelExplainer
 * design, re-derived here. The Shapley kernel gives a coalition of size s the weight
 * (M−1) / (C(M,s)·s·(M−s)). Sizes are visited from the outside in (1 and M−1, then 2 and
 * M−2, ...); a size pair is enumerated completely while the remaining budget covers it at
 * its share of the kernel mass, and the rest of the budget samples the remaining sizes
 * with their complements (paired sampling), merging repeats by adding weight. The empty
 * and full coalitions are not part of the design: the regression fixes them exactly.
 */
export interface CoalitionDesign {
  /** M, the number of players (units). */
  players: number;
  /** Coalitions drawn, row-major count × M (1 = unit present). */
  masks: Uint8Array;
  weights: Float64Array;
  count: number;
  /** True when every coalition size was enumerated: the regression is then exact. */
  complete: boolean;
}

/** shap's default budget: 2M + 2048 model evaluations. */
export function defaultShapBudget(players: number): number {
  return 2 * players + 2048;
}

/** How many coalitions exist besides ∅ and the full set (shap stops counting at 2^30). */
export function maxCoalitions(players: number): number {
  return players <= 30 ? 2 ** players - 2 : 2 ** 30;
}

export function shapleyKernelDesign(
  players: number,
  budget: number,
  rng: RandomGenerator,
): CoalitionDesign {
  const m = players;
  const total = Math.min(Math.max(0, Math.floor(budget)), maxCoalitions(m));
  const design = new DesignBuilder(m, total);
  if (m < 2) return design.finish(true);

  const sizes = Math.ceil((m - 1) / 2);
  const pairedSizes = Math.floor((m - 1) / 2);
  // Kernel mass per size s (both s and M−s when paired), normalised to 1.
  const mass = Array.from(
    { length: sizes },
    (_, i) => ((m - 1) / ((i + 1) * (m - i - 1))) * (i < pairedSizes ? 2 : 1),
  );
  const massSum = mass.reduce((a, b) => a + b, 0);
  for (let i = 0; i < sizes; i++) mass[i] = mass[i]! / massSum;

  let fullSizes = 0;
  let left = total;
  const remaining = [...mass];
  for (let size = 1; size <= sizes; size++) {
    const paired = size <= pairedSizes;
    const coalitions = binomial(m, size) * (paired ? 2 : 1);
    // The 1e-8 slack keeps an exactly sufficient budget from failing on rounding.
    if ((left * remaining[size - 1]!) / coalitions < 1 - 1e-8) break;
    fullSizes++;
    left -= coalitions;
    const share = remaining[size - 1]!;
    if (share < 1) for (let i = 0; i < sizes; i++) remaining[i] = remaining[i]! / (1 - share);
    const weight = mass[size - 1]! / binomial(m, size) / (paired ? 2 : 1);
    for (const members of kSubsets(m, size)) {
      design.add(members, weight, false);
      if (paired) design.add(members, weight, true);
    }
  }

  const complete = fullSizes === sizes;
  if (!complete)
    sampleRemainingSizes(design, mass, fullSizes, pairedSizes, total - design.count, rng);
  return design.finish(complete);
}

/** Paired random sampling over the sizes not enumerated; repeated draws add weight. */
function sampleRemainingSizes(
  design: DesignBuilder,
  mass: readonly number[],
  fullSizes: number,
  pairedSizes: number,
  budgetLeft: number,
  rng: RandomGenerator,
): void {
  const m = design.players;
  // Each draw of a paired size yields two samples, so its draw probability is halved.
  const drawMass = mass.map((w, i) => (i < pairedSizes ? w / 2 : w)).slice(fullSizes);
  const drawSum = drawMass.reduce((a, b) => a + b, 0);
  const fixed = design.count;
  const seen = new Map<string, number>();
  let left = budgetLeft;
  // shap gives up after 4 draws per wanted sample, in case the space is nearly exhausted.
  for (let draw = 0; left > 0 && draw < 4 * budgetLeft; draw++) {
    const size = drawSize(drawMass, drawSum, rng) + fullSizes + 1;
    const members = sampleIndices(rng, m, size).sort((a, b) => a - b);
    const key = members.join(',');
    const previous = seen.get(key);
    if (previous === undefined) {
      seen.set(key, design.count);
      design.add(members, 1, false);
      left--;
    } else {
      design.weights[previous] = design.weights[previous]! + 1;
    }
    if (left > 0 && size <= pairedSizes) {
      if (previous === undefined) {
        design.add(members, 1, true);
        left--;
      } else {
        // The complement was stored right after the coalition.
        design.weights[previous + 1] = design.weights[previous + 1]! + 1;
      }
    }
  }
  // Sampled coalitions share exactly the kernel mass of the sizes not enumerated.
  const massLeft = mass.slice(fullSizes).reduce((a, b) => a + b, 0);
  let sampledWeight = 0;
  for (let i = fixed; i < design.count; i++) sampledWeight += design.weights[i]!;
  for (let i = fixed; i < design.count; i++)
    design.weights[i] = (design.weights[i]! * massLeft) / sampledWeight;
}

function drawSize(drawMass: readonly number[], drawSum: number, rng: RandomGenerator): number {
  let u = uniformUnitInterval(rng) * drawSum;
  for (let i = 0; i < drawMass.length; i++) {
    u -= drawMass[i]!;
    if (u < 0) return i;
  }
  return drawMass.length - 1;
}

class DesignBuilder {
  readonly masks: Uint8Array;
  readonly weights: Float64Array;
  count = 0;

  constructor(
    readonly players: number,
    capacity: number,
  ) {
    this.masks = new Uint8Array(capacity * players);
    this.weights = new Float64Array(capacity);
  }

  add(members: readonly number[], weight: number, complement: boolean): void {
    const row = this.masks.subarray(this.count * this.players, (this.count + 1) * this.players);
    row.fill(complement ? 1 : 0);
    for (const j of members) row[j] = complement ? 0 : 1;
    this.weights[this.count] = weight;
    this.count++;
  }

  finish(complete: boolean): CoalitionDesign {
    return {
      players: this.players,
      masks: this.masks.slice(0, this.count * this.players),
      weights: this.weights.slice(0, this.count),
      count: this.count,
      complete,
    };
  }
}
