import {
  allUnits,
  fusedProbabilities,
  type StayModel,
} from '../../src/main/core/models/stay-model';

/**
 * Exact Shapley values of the stay's valid units by brute force over all 2^M coalitions,
 * straight from the definition
 *   φ_i = Σ_{S ⊆ N∖{i}} |S|! (M − |S| − 1)! / M! · (v(S ∪ {i}) − v(S)),
 * with v(S) = the fused probability of class `towardClass` when exactly S is selected.
 * Independent of the KernelSHAP code on purpose: no regression, no kernel weights.
 */
export async function exactShapleyValues(
  model: StayModel,
  towardClass: 0 | 1,
): Promise<{ units: number[]; phi: number[]; empty: number; full: number }> {
  const units = allUnits(model);
  const m = units.length;
  if (m > 16) throw new Error(`exact Shapley over ${m} units would take 2^${m} evaluations`);
  const subsets = Array.from({ length: 2 ** m }, (_, mask) =>
    units.filter((_, j) => (mask >> j) & 1),
  );
  const p = await fusedProbabilities(model, subsets);
  const v = (mask: number): number => (towardClass === 1 ? p[mask]! : 1 - p[mask]!);
  const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
  const phi = units.map((_, i) => {
    let total = 0;
    for (let mask = 0; mask < 2 ** m; mask++) {
      if ((mask >> i) & 1) continue;
      let size = 0;
      for (let j = 0; j < m; j++) size += (mask >> j) & 1;
      const weight = (factorial(size) * factorial(m - size - 1)) / factorial(m);
      total += weight * (v(mask | (1 << i)) - v(mask));
    }
    return total;
  });
  return { units, phi, empty: v(0), full: v(2 ** m - 1) };
}
