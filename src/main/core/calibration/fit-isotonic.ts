/**
 * Isotonic calibration: the non-decreasing step-and-ramp function of p closest to the labels
 * in least squares, exactly as scikit-learn's IsotonicRegression(increasing=True,
 * out_of_bounds='clip') fits it (sklearn/isotonic.py `_build_y`, sklearn/_isotonic.pyx), so
 * that its knots (X_thresholds_, y_thresholds_) and predictions are the same doubles:
 *
 * 1. sort by p (then label);
 * 2. merge equal p: a run of values within 1e-15 (numpy's float64 `resolution`) of the run's
 *    first value becomes one point at that first value, its y the mean label and its weight
 *    the count (sklearn's `_make_unique`), so tied stays always get one calibrated value;
 * 3. pool adjacent violators over those weighted points (the same single-pass loop with
 *    backtracking as `_inplace_contiguous_isotonic_regression`, which also pools equal
 *    neighbours);
 * 4. keep the first and last point and every point whose y differs from a neighbour's: the
 *    rest lie on a flat stretch and change nothing under linear interpolation. That keeps the
 *    knots compact: at most two per pooled block.
 */
import type { CalibrationMap } from '../../../shared/calibration';
import { checkLabelledProbabilities, type Numbers } from './labelled-scores';

export type IsotonicMap = Extract<CalibrationMap, { method: 'isotonic' }>;

/** numpy.finfo(float64).resolution: sklearn's tolerance for "the same x". */
const SAME_X = 1e-15;

export function fitIsotonic(probabilities: Numbers, labels: Numbers): IsotonicMap {
  const { stays } = checkLabelledProbabilities('isotonic calibration', probabilities, labels);
  if (stays === 0) throw new RangeError('isotonic calibration: no stays to fit');
  const order = Array.from({ length: stays }, (_, i) => i).sort(
    (a, b) => probabilities[a]! - probabilities[b]! || labels[a]! - labels[b]!,
  );

  // 2. One weighted point per run of (nearly) equal p.
  const x: number[] = [];
  const y: number[] = [];
  const w: number[] = [];
  let currentX = probabilities[order[0]!]!;
  let sumY = 0;
  let weight = 0;
  for (const i of order) {
    const p = probabilities[i]!;
    if (p - currentX >= SAME_X) {
      x.push(currentX);
      y.push(sumY / weight);
      w.push(weight);
      currentX = p;
      sumY = 0;
      weight = 0;
    }
    sumY += labels[i]!;
    weight += 1;
  }
  x.push(currentX);
  y.push(sumY / weight);
  w.push(weight);

  poolAdjacentViolators(y, w);

  // 4. Drop interior points equal to both neighbours.
  const keptX: number[] = [];
  const keptY: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const interior = i > 0 && i < x.length - 1;
    if (interior && y[i] === y[i - 1] && y[i] === y[i + 1]) continue;
    keptX.push(x[i]!);
    keptY.push(y[i]!);
  }
  return { method: 'isotonic', x: keptX, y: keptY };
}

/**
 * Weighted pool-adjacent-violators, increasing, in place: y becomes the non-decreasing
 * sequence minimising Σ w_i (y_i − ŷ_i)². A transcription of scikit-learn's loop, so the block
 * means are summed in the same order and come out as the same doubles. While it runs,
 * block [i..j] has target[i] = j and target[j] = i, and y[i], w[i] hold its mean and weight.
 */
function poolAdjacentViolators(y: number[], w: number[]): void {
  const n = y.length;
  const target = Array.from({ length: n }, (_, i) => i);
  let i = 0;
  while (i < n) {
    let k = target[i]! + 1;
    if (k === n) break;
    if (y[i]! < y[k]!) {
      i = k;
      continue;
    }
    let sumWy = w[i]! * y[i]!;
    let sumW = w[i]!;
    for (;;) {
      // Within a non-increasing run: absorb block k.
      const previousY = y[k]!;
      sumWy += w[k]! * y[k]!;
      sumW += w[k]!;
      k = target[k]! + 1;
      if (k === n || previousY < y[k]!) {
        y[i] = sumWy / sumW;
        w[i] = sumW;
        target[i] = k - 1;
        target[k - 1] = i;
        if (i > 0) i = target[i - 1]!; // back-track to the previous block's start
        break;
      }
    }
  }
  // Spread each block's mean over its members.
  i = 0;
  while (i < n) {
    const k = target[i]! + 1;
    for (let j = i + 1; j < k; j++) y[j] = y[i]!;
    i = k;
  }
}
