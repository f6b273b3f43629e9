import { solveSymmetric } from './symmetric-solve';

/**
 * Sample-weighted ridge regression with an unpenalised intercept, as scikit-learn's
 * Ridge(alpha, fit_intercept=True).fit(X, y, sample_weight=w) defines it — LIME's surrogate.
 * X and y are centred on their w-weighted means (so the intercept is never shrunk), then
 * (Xcᵀ W Xc + αI) β = Xcᵀ W yc with the RAW weights (sklearn rescales rows by √w and does
 * not normalise w, so α's strength depends on the weights' scale, as in LIME), and
 * intercept = ȳ_w − x̄_wᵀ β.
 */
export interface DesignMatrix {
  rows: number;
  cols: number;
  /** Row-major rows × cols. */
  values: ArrayLike<number>;
}

export interface RidgeFit {
  coefficients: Float64Array;
  intercept: number;
}

export function fitWeightedRidge(
  design: DesignMatrix,
  targets: ArrayLike<number>,
  weights: ArrayLike<number>,
  alpha: number,
): RidgeFit {
  const { rows, cols, values } = design;
  if (values.length !== rows * cols || targets.length !== rows || weights.length !== rows) {
    throw new RangeError('design, targets and weights must agree in size');
  }
  if (!(alpha >= 0)) throw new RangeError(`ridge alpha must be >= 0, got ${alpha}`);
  let weightSum = 0;
  for (let i = 0; i < rows; i++) weightSum += weights[i]!;
  if (!(weightSum > 0)) throw new RangeError('sample weights must have a positive sum');

  const xMean = new Float64Array(cols);
  let yMean = 0;
  for (let i = 0; i < rows; i++) {
    const w = weights[i]!;
    yMean += w * targets[i]!;
    for (let j = 0; j < cols; j++) xMean[j] = xMean[j]! + w * values[i * cols + j]!;
  }
  yMean /= weightSum;
  for (let j = 0; j < cols; j++) xMean[j] = xMean[j]! / weightSum;

  // Centre explicitly rather than using XᵀWX − (Σw) x̄x̄ᵀ: no cancellation for near-constant columns.
  const gram = new Float64Array(cols * cols);
  const moment = new Float64Array(cols);
  const centred = new Float64Array(cols);
  for (let i = 0; i < rows; i++) {
    const w = weights[i]!;
    if (w === 0) continue;
    for (let j = 0; j < cols; j++) centred[j] = values[i * cols + j]! - xMean[j]!;
    const yc = targets[i]! - yMean;
    for (let j = 0; j < cols; j++) {
      const wxj = w * centred[j]!;
      moment[j] = moment[j]! + wxj * yc;
      for (let k = j; k < cols; k++) gram[j * cols + k] = gram[j * cols + k]! + wxj * centred[k]!;
    }
  }
  for (let j = 0; j < cols; j++) {
    gram[j * cols + j] = gram[j * cols + j]! + alpha;
    for (let k = 0; k < j; k++) gram[j * cols + k] = gram[k * cols + j]!;
  }
  const coefficients = solveSymmetric(gram, cols, moment).x;
  let intercept = yMean;
  for (let j = 0; j < cols; j++) intercept -= xMean[j]! * coefficients[j]!;
  return { coefficients, intercept };
}
