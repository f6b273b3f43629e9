/**
 * Calibration slope and intercept (Cox 1958; Van Calster et al., J Clin Epidemiol 2016): the
 * outcome regressed on the logit of the model's risk. The slope is b in
 * logit P(y = 1) = a + b·logit(p) (1 when the risks spread as the outcomes do, below 1 when they
 * are too extreme); the intercept is a in logit P(y = 1) = a + logit(p), the slope held at 1
 * (0 when as many outcomes happen as the risks expect, above 0 when more do). Both by
 * Newton–Raphson on the logistic likelihood; null when the fit does not converge (complete
 * separation, or a class absent).
 */

const ITERATIONS = 50;
const TOLERANCE = 1e-10;
// Risks of exactly 0 or 1 have an infinite logit; held just inside so one stay cannot break the fit.
const EDGE = 1e-9;

function logit(p: number): number {
  const q = Math.min(1 - EDGE, Math.max(EDGE, p));
  return Math.log(q / (1 - q));
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** A risk with `shift` added to its logit: the risk on a baseline the intercept was fitted to. */
export function recalibratedRisk(p: number, shift: number): number {
  return sigmoid(logit(p) + shift);
}

/** Each null when its fit fails: the slope, for one, needs risks that differ. */
export interface CalibrationFit {
  slope: number | null;
  intercept: number | null;
}

/** Slope and intercept of the stays' outcomes on their risks; null without both outcomes. */
export function calibrationSlopeIntercept(
  risks: ArrayLike<number>,
  outcomes: ArrayLike<number>,
): CalibrationFit | null {
  if (risks.length !== outcomes.length)
    throw new RangeError(
      `calibrationSlopeIntercept: ${risks.length} risks but ${outcomes.length} outcomes`,
    );
  let events = 0;
  for (let i = 0; i < outcomes.length; i++) events += outcomes[i]!;
  if (events === 0 || events === outcomes.length) return null;
  const x = Float64Array.from({ length: risks.length }, (_, i) => logit(risks[i]!));
  return { slope: fitSlope(x, outcomes), intercept: fitIntercept(x, outcomes) };
}

/** b of logit P = a + b·x, by Newton's method on (a, b). */
function fitSlope(x: Float64Array, y: ArrayLike<number>): number | null {
  let a = 0;
  let b = 1;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    // Gradient g and the information matrix [[haa, hab], [hab, hbb]].
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (let i = 0; i < x.length; i++) {
      const mu = sigmoid(a + b * x[i]!);
      const w = mu * (1 - mu);
      const r = y[i]! - mu;
      ga += r;
      gb += r * x[i]!;
      haa += w;
      hab += w * x[i]!;
      hbb += w * x[i]! * x[i]!;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) return null;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
    if (Math.abs(da) < TOLERANCE && Math.abs(db) < TOLERANCE) return b;
  }
  return null;
}

/** a of logit P = a + x (x an offset), by Newton's method. */
function fitIntercept(x: Float64Array, y: ArrayLike<number>): number | null {
  let a = 0;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < x.length; i++) {
      const mu = sigmoid(a + x[i]!);
      g += y[i]! - mu;
      h += mu * (1 - mu);
    }
    if (!(h > 0)) return null;
    const step = g / h;
    a += step;
    if (!Number.isFinite(a)) return null;
    if (Math.abs(step) < TOLERANCE) return a;
  }
  return null;
}
