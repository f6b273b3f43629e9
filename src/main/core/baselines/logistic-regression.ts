import { solveSymmetric } from './symmetric-solve';

/**
 * L2-regularised logistic regression fitted by Newton's method (IRLS), minimising
 * scikit-learn's LogisticRegression objective exactly:
 *   ½‖w‖² + C Σ_i s_i [log(1 + e^{z_i}) − y_i z_i],   z_i = wᵀx_i + b,  b unpenalised,
 * with optional per-sample weights s_i (class weights). Newton is exact and quadratically
 * convergent for the ~25 parameters here, so fits agree with sklearn to solver tolerance,
 * not to some iteration budget. A backtracking line search keeps every step a descent
 * (pure Newton can overshoot on nearly separable data).
 */
export interface LogisticOptions {
  /** Inverse regularisation strength, sklearn's C (default 1). */
  c?: number;
  sampleWeights?: ArrayLike<number>;
  maxIterations?: number;
  /** Stop when the largest gradient entry is below this. */
  tolerance?: number;
}

export interface LogisticFit {
  coefficients: Float64Array;
  intercept: number;
  iterations: number;
  converged: boolean;
}

/** log(1 + e^z) without overflow. */
function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}

function logistic(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function fitLogisticRegression(
  features: ArrayLike<number>,
  rows: number,
  cols: number,
  labels: ArrayLike<number>,
  options: LogisticOptions = {},
): LogisticFit {
  const c = options.c ?? 1;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  if (features.length !== rows * cols || labels.length !== rows)
    throw new RangeError('features and labels disagree in size');
  if (!(c > 0)) throw new RangeError(`C must be > 0, got ${c}`);
  const weightOf = (i: number): number => options.sampleWeights?.[i] ?? 1;
  const n = cols + 1; // the intercept is the last parameter
  const theta = new Float64Array(n);

  const linear = (params: Float64Array, i: number): number => {
    let z = params[cols]!;
    for (let j = 0; j < cols; j++) z += params[j]! * features[i * cols + j]!;
    return z;
  };
  const objective = (params: Float64Array): number => {
    let value = 0;
    for (let j = 0; j < cols; j++) value += 0.5 * params[j]! ** 2;
    for (let i = 0; i < rows; i++) {
      const z = linear(params, i);
      value += c * weightOf(i) * (softplus(z) - labels[i]! * z);
    }
    return value;
  };

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const gradient = new Float64Array(n);
    const hessian = new Float64Array(n * n);
    for (let j = 0; j < cols; j++) {
      gradient[j] = theta[j]!;
      hessian[j * n + j] = 1;
    }
    const x = new Float64Array(n);
    x[cols] = 1;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) x[j] = features[i * cols + j]!;
      const p = logistic(linear(theta, i));
      const s = c * weightOf(i);
      const residual = s * (p - labels[i]!);
      const curvature = s * p * (1 - p);
      for (let j = 0; j < n; j++) {
        gradient[j] = gradient[j]! + residual * x[j]!;
        const cx = curvature * x[j]!;
        if (cx === 0) continue;
        for (let k = j; k < n; k++) hessian[j * n + k] = hessian[j * n + k]! + cx * x[k]!;
      }
    }
    if (Math.max(...gradient.map(Math.abs)) < tolerance)
      return { ...split(theta, cols), iterations: iteration - 1, converged: true };
    for (let j = 0; j < n; j++)
      for (let k = 0; k < j; k++) hessian[j * n + k] = hessian[k * n + j]!;
    const step = solveSymmetric(hessian, n, gradient).x;

    const current = objective(theta);
    let slope = 0;
    for (let j = 0; j < n; j++) slope -= gradient[j]! * step[j]!;
    let scale = 1;
    let candidate = theta.map((t, j) => t - step[j]!);
    // Armijo backtracking; at the optimum's doorstep rounding can stall it, so cap the halvings.
    for (
      let halvings = 0;
      halvings < 30 && objective(candidate) > current + 1e-4 * scale * slope;
      halvings++
    ) {
      scale /= 2;
      candidate = theta.map((t, j) => t - scale * step[j]!);
    }
    theta.set(candidate);
  }
  return { ...split(theta, cols), iterations: maxIterations, converged: false };
}

function split(theta: Float64Array, cols: number): Pick<LogisticFit, 'coefficients' | 'intercept'> {
  return { coefficients: theta.slice(0, cols), intercept: theta[cols]! };
}

/** P(y = 1 | x) under a fit. */
export function logisticProbability(
  fit: Pick<LogisticFit, 'coefficients' | 'intercept'>,
  x: ArrayLike<number>,
): number {
  let z = fit.intercept;
  for (let j = 0; j < fit.coefficients.length; j++) z += fit.coefficients[j]! * x[j]!;
  return logistic(z);
}
