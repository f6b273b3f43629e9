/**
 * Platt scaling on the logit: p' = sigmoid(a · logit(p) + b), a logistic regression of the
 * labels on logit(p). Two parameters, so it can also move p = 0.5 (a bundle trained
 * class-balanced is shifted towards the events, not only over-confident).
 *
 * The fit reuses the exact IRLS solver of the baselines (baselines/logistic-regression.ts)
 * with scikit-learn's objective at C = 1e10, i.e. LogisticRegression(C=1e10): the penalty
 * ½a² is 1e-10 of the likelihood's weight, so a and b are the unregularised maximum-
 * likelihood values to ~1e-10, and agree with scikit-learn's to solver tolerance.
 */
import type { CalibrationMap } from '../../../shared/calibration';
import { fitLogisticRegression } from '../baselines/logistic-regression';
import { InputError } from '../errors/input-error';
import { logit, sigmoid } from '../models/stay-model';
import { checkBothClasses, type Numbers } from './labelled-scores';

export type PlattMap = Extract<CalibrationMap, { method: 'platt' }>;

/** scikit-learn's C: large enough that the fit is unregularised in all but name. */
export const PLATT_C = 1e10;

export function fitPlatt(probabilities: Numbers, labels: Numbers): PlattMap {
  const { stays, events } = checkBothClasses('Platt scaling', probabilities, labels);
  const z = Float64Array.from({ length: stays }, (_, i) => logit(probabilities[i]!));
  checkOverlap(z, labels, stays, events);
  // The solver's gradient carries C: stop when the likelihood's own gradient is below 1e-9.
  const fit = fitLogisticRegression(z, stays, 1, labels, {
    c: PLATT_C,
    tolerance: PLATT_C * 1e-9,
    maxIterations: 100,
  });
  const { slope, intercept, gradient } = finishNewton(
    z,
    labels,
    fit.coefficients[0]!,
    fit.intercept,
  );
  if (!(gradient < 1e-6) || !Number.isFinite(slope) || !Number.isFinite(intercept)) {
    throw new InputError(
      'Platt scaling',
      null,
      null,
      'the logistic regression on logit(p) did not converge (the validation split is probably perfectly separated by p). Use --method temperature or a larger validation split.',
    );
  }
  if (!(slope > 0)) {
    throw new InputError(
      'Platt scaling',
      null,
      null,
      `the fitted slope on logit(p) is ${slope.toPrecision(4)}: higher raw probabilities do not mean more events on this split, so the map would not be increasing. Check the bundle and the cohort.`,
    );
  }
  return { method: 'platt', slope, intercept };
}

/**
 * Without an event scored below some non-event (or the reverse), the likelihood keeps rising
 * as the slope grows: no finite maximum exists, and the solver stops wherever its gradient
 * test happens to pass (a slope in the thousands on a 10-stay split with 1 event, which maps
 * every stay to 0 or 1 and chose a threshold of 1). Refused, so the bundle stays uncalibrated.
 */
function checkOverlap(z: Float64Array, labels: Numbers, stays: number, events: number): void {
  let lowestEvent = Infinity;
  let highestEvent = -Infinity;
  let lowestNonEvent = Infinity;
  let highestNonEvent = -Infinity;
  for (let i = 0; i < stays; i++) {
    if (labels[i] === 1) {
      lowestEvent = Math.min(lowestEvent, z[i]!);
      highestEvent = Math.max(highestEvent, z[i]!);
    } else {
      lowestNonEvent = Math.min(lowestNonEvent, z[i]!);
      highestNonEvent = Math.max(highestNonEvent, z[i]!);
    }
  }
  if (highestNonEvent <= lowestEvent || highestEvent <= lowestNonEvent) {
    throw new InputError(
      'Platt scaling',
      null,
      null,
      `the ${events} event(s) and ${stays - events} non-event(s) of the validation split do not overlap in p, so the logistic fit has no finite solution (its slope grows without bound). Calibrate on a larger validation split.`,
    );
  }
}

/**
 * Plain Newton steps on the same objective, divided by C: a²/(2C) + Σ softplus(az + b) − y(az + b),
 * from the solver's answer. The solver's Armijo line search compares objective values near
 * 1e12 (the likelihood times C), whose rounding (~1e-4) can swallow the last Newton
 * decreases and stall it a few digits short of the optimum; there, unguarded Newton converges
 * quadratically, so a few steps reach the optimum to rounding. Returns the likelihood's
 * largest gradient entry at the end.
 */
function finishNewton(
  z: Float64Array,
  labels: Numbers,
  startSlope: number,
  startIntercept: number,
): { slope: number; intercept: number; gradient: number } {
  let a = startSlope;
  let b = startIntercept;
  const state = () => {
    let gz = a / PLATT_C;
    let g1 = 0;
    let hzz = 1 / PLATT_C;
    let hz1 = 0;
    let h11 = 0;
    for (let i = 0; i < z.length; i++) {
      const p = sigmoid(a * z[i]! + b);
      const r = p - labels[i]!;
      const w = p * (1 - p);
      gz += r * z[i]!;
      g1 += r;
      hzz += w * z[i]! * z[i]!;
      hz1 += w * z[i]!;
      h11 += w;
    }
    return { gz, g1, hzz, hz1, h11 };
  };
  for (let iteration = 0; iteration < 8; iteration++) {
    const { gz, g1, hzz, hz1, h11 } = state();
    const det = hzz * h11 - hz1 * hz1;
    if (!(det > 0)) break;
    const da = (h11 * gz - hz1 * g1) / det;
    const db = (hzz * g1 - hz1 * gz) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) <= 1e-15 * (1 + Math.abs(a)) && Math.abs(db) <= 1e-15 * (1 + Math.abs(b)))
      break;
  }
  const { gz, g1 } = state();
  return { slope: a, intercept: b, gradient: Math.max(Math.abs(gz), Math.abs(g1)) };
}
