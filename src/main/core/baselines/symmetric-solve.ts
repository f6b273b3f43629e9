/**
 * Solving A x = b for the small symmetric systems the baselines meet: ridge normal
 * equations (LIME), the constrained Shapley-kernel regression (KernelSHAP) and Newton steps
 * (the concept bottleneck's logistic regression). At most a few dozen unknowns, so dense
 * O(n³) methods are right; matrices are row-major Float64Array n×n.
 */
export interface SymmetricSolution {
  x: Float64Array;
  /** 'pseudo-inverse' when A was singular (or numerically so) and the minimum-norm solution was taken. */
  method: 'cholesky' | 'pseudo-inverse';
}

/** A = L Lᵀ, then two triangular solves; null when A is not (numerically) positive definite. */
export function choleskySolve(a: Float64Array, n: number, b: Float64Array): Float64Array | null {
  const lower = new Float64Array(n * n);
  let largestDiagonal = 0;
  for (let i = 0; i < n; i++) largestDiagonal = Math.max(largestDiagonal, Math.abs(a[i * n + i]!));
  // Pivots this small relative to the matrix are rounding noise: treat A as singular.
  const floor = largestDiagonal * n * Number.EPSILON;
  for (let j = 0; j < n; j++) {
    let pivot = a[j * n + j]!;
    for (let k = 0; k < j; k++) pivot -= lower[j * n + k]! ** 2;
    if (!(pivot > floor)) return null;
    const root = Math.sqrt(pivot);
    lower[j * n + j] = root;
    for (let i = j + 1; i < n; i++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= lower[i * n + k]! * lower[j * n + k]!;
      lower[i * n + j] = sum / root;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= lower[i * n + k]! * y[k]!;
    y[i] = sum / lower[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= lower[k * n + i]! * x[k]!;
    x[i] = sum / lower[i * n + i]!;
  }
  return x;
}

/**
 * Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: slow for big n
 * but simple, unconditionally stable, and exact enough for the n ≤ ~50 used here.
 */
export function symmetricEigen(
  a: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const m = Float64Array.from(a);
  const vectors = new Float64Array(n * n);
  for (let i = 0; i < n; i++) vectors[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let offDiagonal = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) offDiagonal += m[p * n + q]! ** 2;
    if (offDiagonal < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        if (apq === 0) continue;
        const theta = (m[q * n + q]! - m[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = m[k * n + p]!;
          const mkq = m[k * n + q]!;
          m[k * n + p] = c * mkp - s * mkq;
          m[k * n + q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p * n + k]!;
          const mqk = m[q * n + k]!;
          m[p * n + k] = c * mpk - s * mqk;
          m[q * n + k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = vectors[k * n + p]!;
          const vkq = vectors[k * n + q]!;
          vectors[k * n + p] = c * vkp - s * vkq;
          vectors[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = m[i * n + i]!;
  return { values, vectors };
}

/**
 * x = A⁺ b, the minimum-norm least-squares solution, dropping eigenvalues below
 * n · ε · max|λ| (numpy's matrix_rank tolerance). What shap falls back to (pinv) when its
 * regression matrix is singular, e.g. when a tiny budget leaves units never varied.
 */
export function pseudoInverseSolve(a: Float64Array, n: number, b: Float64Array): Float64Array {
  const { values, vectors } = symmetricEigen(a, n);
  let largest = 0;
  for (const value of values) largest = Math.max(largest, Math.abs(value));
  const cutoff = largest * n * Number.EPSILON;
  const x = new Float64Array(n);
  for (let e = 0; e < n; e++) {
    const value = values[e]!;
    if (Math.abs(value) <= cutoff) continue;
    let projection = 0;
    for (let i = 0; i < n; i++) projection += vectors[i * n + e]! * b[i]!;
    const coefficient = projection / value;
    for (let i = 0; i < n; i++) x[i] = x[i]! + coefficient * vectors[i * n + e]!;
  }
  return x;
}

/** Cholesky when A is positive definite (the normal case), else the pseudo-inverse. */
export function solveSymmetric(a: Float64Array, n: number, b: Float64Array): SymmetricSolution {
  if (a.length !== n * n || b.length !== n) throw new RangeError(`expected a ${n}×${n} system`);
  const x = choleskySolve(a, n, b);
  return x
    ? { x, method: 'cholesky' }
    : { x: pseudoInverseSolve(a, n, b), method: 'pseudo-inverse' };
}
