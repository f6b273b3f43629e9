/**
 * Risk–coverage curves and their area (AURC), the policy-free way to ask which review score
 * ranks errors better.
 *
 * Accept stays in increasing score order (least likely wrong first). After accepting k of n,
 * coverage is k/n and risk(k) is the error rate among the k accepted. AURC is the mean risk
 * over every coverage level, AURC = (1/n) Σ_{k=1..n} risk(k): the standard definition of
 * Geifman, Uziel & El-Yaniv, "Bias-Reduced Uncertainty Estimation for Deep Neural
 * Classifiers" (ICLR 2019). Lower is better; a score that ranks every error last gets the
 * minimum for its error rate, a random score about the error rate itself.
 *
 * Ties: stays with equal scores cannot be ordered by the score, so within a group of tied
 * stays risk(k) is the EXPECTED risk over every order of the group, which is exact and
 * deterministic: a group of g stays with e errors entered after s accepted stays holding E
 * errors gives risk(k) = (E + (k − s) · e / g) / k for k = s+1 … s+g. A score with many
 * ties (the paper's exhausted flag alone) is thus neither rewarded nor punished by an
 * arbitrary tie-break such as stay id.
 */
import type { RiskCoveragePoint } from '../../../shared/abstention';

/** Stays in ascending score order, cut into groups of equal score. */
export interface ScoreOrder {
  /** Stay indices, ascending score. */
  order: Uint32Array;
  /** groupEnd[g]: one past the last position of group g in `order`. */
  groupEnd: Uint32Array;
  groups: number;
}

export function scoreOrder(scores: ArrayLike<number>): ScoreOrder {
  const n = scores.length;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(scores[i])) throw new RangeError(`scoreOrder: score ${i} is NaN`);
  }
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => scores[a]! - scores[b]! || a - b,
  );
  const ends: number[] = [];
  for (let p = 1; p <= n; p++) {
    if (p === n || scores[order[p]!] !== scores[order[p - 1]!]) ends.push(p);
  }
  return { order, groupEnd: Uint32Array.from(ends), groups: ends.length };
}

const harmonicCache: { values: Float64Array } = { values: new Float64Array([0]) };

/** H_0 … H_n (H_k = Σ_{j ≤ k} 1/j), cached and grown on demand. */
export function harmonicNumbers(n: number): Float64Array {
  if (harmonicCache.values.length <= n) {
    const values = new Float64Array(n + 1);
    for (let k = 1; k <= n; k++) values[k] = values[k - 1]! + 1 / k;
    harmonicCache.values = values;
  }
  return harmonicCache.values;
}

/**
 * Visits the tie groups of `sorted` in accepting order with each group's counted stays g and
 * errors e (stays counted `weights[i]` times; all once for null) and returns the stays
 * counted. The areas below differ only in what they add up per group.
 */
function visitTieGroups(
  sorted: ScoreOrder,
  errors: ArrayLike<number>,
  weights: ArrayLike<number> | null,
  visit: (g: number, e: number) => void,
): number {
  const { order, groupEnd, groups } = sorted;
  let total = 0;
  let start = 0;
  for (let gi = 0; gi < groups; gi++) {
    const end = groupEnd[gi]!;
    let g = 0;
    let e = 0;
    for (let p = start; p < end; p++) {
      const i = order[p]!;
      const w = weights ? weights[i]! : 1;
      g += w;
      e += w * errors[i]!;
    }
    start = end;
    total += g;
    if (g > 0) visit(g, e);
  }
  return total;
}

/**
 * AURC of a score whose order is precomputed, with each stay counted `weights[i]` times (a
 * bootstrap resample's multiplicities; all ones for the stays as given). Runs in O(n): a tie
 * group's contribution Σ_k (E + (k − s) e/g) / k has the closed form
 * (E − s·e/g)(H_{s+g} − H_s) + e. NaN when no stay is counted.
 */
export function weightedAurc(
  sorted: ScoreOrder,
  errors: ArrayLike<number>,
  weights: ArrayLike<number> | null,
): number {
  let counted = 0;
  for (const i of sorted.order) counted += weights ? weights[i]! : 1;
  const h = harmonicNumbers(counted);
  let accepted = 0;
  let errorsAccepted = 0;
  let sum = 0;
  const total = visitTieGroups(sorted, errors, weights, (g, e) => {
    sum += (errorsAccepted - (accepted * e) / g) * (h[accepted + g]! - h[accepted]!) + e;
    accepted += g;
    errorsAccepted += e;
  });
  return total === 0 ? NaN : sum / total;
}

/** AURC of `scores` (higher = more likely wrong) against per-stay errors (1 = wrong). */
export function aurc(scores: ArrayLike<number>, errors: ArrayLike<number>): number {
  if (scores.length !== errors.length)
    throw new RangeError(`aurc: ${scores.length} scores but ${errors.length} errors`);
  return weightedAurc(scoreOrder(scores), errors, null);
}

/**
 * AUGRC (Traub et al., "Overcoming Common Flaws in the Evaluation of Selective
 * Classification Systems", NeurIPS 2024): the mean over k = 1 … n of the generalized risk
 * errors accepted(k) / n, the share of ALL stays that are both wrong and accepted. Ties as
 * in weightedAurc: a tie group of g stays with e errors after s accepted holding E errors
 * contributes Σ_{j=1..g} (E + j·e/g) = g·E + e(g + 1)/2. NaN when no stay is counted.
 */
export function weightedAugrc(
  sorted: ScoreOrder,
  errors: ArrayLike<number>,
  weights: ArrayLike<number> | null,
): number {
  let errorsAccepted = 0;
  let sum = 0;
  const total = visitTieGroups(sorted, errors, weights, (g, e) => {
    sum += g * errorsAccepted + (e * (g + 1)) / 2;
    errorsAccepted += e;
  });
  return total === 0 ? NaN : sum / (total * total);
}

/** AUGRC of `scores` against per-stay errors (see weightedAugrc). */
export function augrc(scores: ArrayLike<number>, errors: ArrayLike<number>): number {
  if (scores.length !== errors.length)
    throw new RangeError(`augrc: ${scores.length} scores but ${errors.length} errors`);
  return weightedAugrc(scoreOrder(scores), errors, null);
}

/** risk(k) for k = 1 … n (index k − 1), ties as the expectation over their orders. */
export function riskAtEveryCoverage(
  scores: ArrayLike<number>,
  errors: ArrayLike<number>,
): Float64Array {
  if (scores.length !== errors.length)
    throw new RangeError(`riskAtEveryCoverage: ${scores.length} scores, ${errors.length} errors`);
  const { order, groupEnd, groups } = scoreOrder(scores);
  const risk = new Float64Array(order.length);
  let start = 0;
  let errorsAccepted = 0;
  for (let gi = 0; gi < groups; gi++) {
    const end = groupEnd[gi]!;
    let e = 0;
    for (let p = start; p < end; p++) e += errors[order[p]!]!;
    const g = end - start;
    for (let k = start + 1; k <= end; k++)
      risk[k - 1] = (errorsAccepted + ((k - start) * e) / g) / k;
    errorsAccepted += e;
    start = end;
  }
  return risk;
}

/**
 * The risk–coverage curve for transport and drawing: every point when n ≤ maxPoints, else
 * maxPoints evenly spaced accepted counts k = round(1 + j(n − 1)/(maxPoints − 1)), which
 * always include the first stay (k = 1) and full coverage (k = n).
 */
export function riskCoverageCurve(
  scores: ArrayLike<number>,
  errors: ArrayLike<number>,
  maxPoints = 101,
): RiskCoveragePoint[] {
  if (!(Number.isInteger(maxPoints) && maxPoints >= 2))
    throw new RangeError(`riskCoverageCurve: maxPoints must be an integer ≥ 2 (${maxPoints})`);
  const risk = riskAtEveryCoverage(scores, errors);
  const n = risk.length;
  const ks: number[] = [];
  if (n <= maxPoints) for (let k = 1; k <= n; k++) ks.push(k);
  else {
    for (let j = 0; j < maxPoints; j++) {
      const k = Math.round(1 + (j * (n - 1)) / (maxPoints - 1));
      if (k !== ks[ks.length - 1]) ks.push(k);
    }
  }
  return ks.map((k) => ({ coverage: k / n, risk: risk[k - 1]! }));
}
