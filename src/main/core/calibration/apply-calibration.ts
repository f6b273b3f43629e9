/**
 * Applying a fitted calibration map to raw fused probabilities. Every map is a fixed,
 * non-decreasing function of p alone, so calibration never changes which of two stays ranks
 * higher (AUROC is unchanged up to ties isotonic creates); it changes what p means.
 */
import type { CalibrationMap } from '../../../shared/calibration';
import { logit, sigmoid } from '../models/stay-model';
import type { Numbers } from './labelled-scores';

/**
 * The calibrated probability p' of a raw probability p (NaN stays NaN).
 *
 * * temperature: p' = sigmoid(logit(p) / T); platt: p' = sigmoid(slope · logit(p) + intercept).
 *   `logit` (models/stay-model.ts) clamps p to [1e-12, 1 − 1e-12] first, so p = 0 or 1 (a
 *   float32 sigmoid saturates) maps to a finite logit of ±27.6 rather than ±Infinity.
 * * isotonic: exactly scikit-learn's IsotonicRegression(out_of_bounds='clip').predict, which
 *   clips p to [x₀, x_last] and interpolates with numpy.interp: the knot's own y on a knot,
 *   else y_j + (y_{j+1} − y_j)/(x_{j+1} − x_j) · (p − x_j) with x_j ≤ p < x_{j+1}.
 */
export function applyCalibration(map: CalibrationMap, p: number): number {
  if (Number.isNaN(p)) return NaN;
  switch (map.method) {
    case 'temperature':
      return sigmoid(logit(p) / map.temperature);
    case 'platt':
      return sigmoid(map.slope * logit(p) + map.intercept);
    case 'isotonic':
      return interpolateClipped(map.x, map.y, p);
  }
}

/** applyCalibration over many stays. */
export function applyCalibrationAll(map: CalibrationMap, probabilities: Numbers): Float64Array {
  const out = new Float64Array(probabilities.length);
  for (let i = 0; i < out.length; i++) out[i] = applyCalibration(map, probabilities[i]!);
  return out;
}

/** numpy.interp(t, x, y) after clipping t to [x₀, x_last]; x ascending, at least one knot. */
function interpolateClipped(x: readonly number[], y: readonly number[], t: number): number {
  const last = x.length - 1;
  if (t <= x[0]!) return y[0]!;
  if (t >= x[last]!) return y[last]!;
  // The largest j with x[j] <= t (binary search; x[0] < t < x[last] here).
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! <= t) lo = mid;
    else hi = mid;
  }
  if (x[lo] === t) return y[lo]!;
  const slope = (y[lo + 1]! - y[lo]!) / (x[lo + 1]! - x[lo]!);
  return slope * (t - x[lo]!) + y[lo]!;
}
