/**
 * Temperature scaling (Guo et al., 2017): p' = sigmoid(logit(p) / T), the one-parameter map
 * that fixes the over-confidence class-balanced training leaves in p without touching the
 * ranking or the point p = 0.5.
 *
 * With z = logit(p) and β = 1/T the binary negative log-likelihood
 *   NLL(β) = Σ_i softplus(β z_i) − y_i β z_i
 * is convex in β: NLL'(β) = Σ_i (sigmoid(β z_i) − y_i) z_i is non-decreasing, with
 * NLL''(β) = Σ_i sigmoid(β z_i)(1 − sigmoid(β z_i)) z_i² ≥ 0. So the fit is the root of the
 * derivative, found by Newton's method inside a bracket that bisection keeps shrinking: Newton
 * converges quadratically, the bracket guarantees it cannot wander, and the result is exact
 * to rounding (well below 1e-9), not to an iteration budget.
 */
import type { CalibrationMap } from '../../../shared/calibration';
import { InputError } from '../errors/input-error';
import { logit, sigmoid } from '../models/stay-model';
import { checkBothClasses, type Numbers } from './labelled-scores';

export type TemperatureMap = Extract<CalibrationMap, { method: 'temperature' }>;

const MAX_ITERATIONS = 200;

/** The NLL-minimising temperature T > 0 of raw probabilities p against 0/1 labels. */
export function fitTemperature(probabilities: Numbers, labels: Numbers): TemperatureMap {
  const { stays } = checkBothClasses('temperature scaling', probabilities, labels);
  const z = Float64Array.from({ length: stays }, (_, i) => logit(probabilities[i]!));
  const y = labels;

  const derivative = (beta: number): { slope: number; curvature: number } => {
    let slope = 0;
    let curvature = 0;
    for (let i = 0; i < stays; i++) {
      const s = sigmoid(beta * z[i]!);
      slope += (s - y[i]!) * z[i]!;
      curvature += s * (1 - s) * z[i]! * z[i]!;
    }
    return { slope, curvature };
  };

  // NLL'(0) = Σ (1/2 − y_i) z_i ≥ 0: the NLL only falls as T → ∞ (every p' → 0.5). Either
  // events do not score higher, or p is shifted so far above the event rate (class-balanced
  // training) that flattening everything towards 0.5 is the best a temperature can do.
  if (derivative(0).slope >= 0) {
    throw new InputError(
      'temperature scaling',
      null,
      null,
      'no temperature T > 0 fits: the likelihood only improves as T grows without bound (every p towards 0.5), because the raw probabilities are shifted far from the event rate or do not score events higher. Use --method platt, which also fits a shift.',
    );
  }
  // NLL'(β) → Σ over misranked stays (events with z < 0, non-events with z > 0) of |z| as
  // β → ∞; with none, the split is perfectly separated and the NLL falls all the way to T → 0.
  let misranked = 0;
  for (let i = 0; i < stays; i++)
    if ((z[i]! > 0 && y[i] === 0) || (z[i]! < 0 && y[i] === 1)) misranked++;
  if (misranked === 0) {
    throw new InputError(
      'temperature scaling',
      null,
      null,
      "the raw probabilities separate events from non-events perfectly at p = 0.5, so the fitted temperature would be 0 (every p' exactly 0 or 1). Fit on a larger validation split.",
    );
  }

  // Bracket the root: NLL'(lo) < 0 ≤ NLL'(hi).
  let lo = 0;
  let hi = 1;
  while (derivative(hi).slope < 0) {
    lo = hi;
    hi *= 2;
  }
  let beta = lo === 0 ? hi / 2 : (lo + hi) / 2;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { slope, curvature } = derivative(beta);
    if (slope === 0) break;
    if (slope < 0) lo = beta;
    else hi = beta;
    let next = curvature > 0 ? beta - slope / curvature : NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2; // Newton left the bracket: bisect
    const step = Math.abs(next - beta);
    beta = next;
    if (step <= 1e-15 * beta || hi - lo <= 1e-15 * hi) break;
  }
  return { method: 'temperature', temperature: 1 / beta };
}
