/**
 * The note stream's pooling done in the runtime, so the per-chunk projection phi(e_j) is
 * computed once per stay and every mask costs only a weighted mean and the small head:
 *   v = Σ_j m_j a_j phi_j / (Σ_j m_j a_j + 1e-6)    (empty selection: v = 0 exactly)
 * Accumulated in float64 and rounded once; PyTorch's float32 sum differs by rounding only
 * (parity holds it within 1e-5).
 */
export const POOLING_EPSILON = 1e-6;

/**
 * Writes pooled[P] for one mask. `projectionOf(j)` returns phi for slot j (the stay's
 * constant one, or the projection of a scaled embedding for saliency).
 */
export function poolProjections(
  weights: ArrayLike<number>,
  presence: ArrayLike<number>,
  projectionOf: (slot: number) => Float32Array,
  out: Float32Array,
): void {
  const sum = new Float64Array(out.length);
  let total = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = weights[j]! * presence[j]!;
    if (w === 0) continue;
    total += w;
    const phi = projectionOf(j);
    for (let k = 0; k < sum.length; k++) sum[k]! += w * phi[k]!;
  }
  for (let k = 0; k < sum.length; k++) out[k] = sum[k]! / (total + POOLING_EPSILON);
}
