import { describe, expect, it } from 'vitest';
import {
  choleskySolve,
  pseudoInverseSolve,
  solveSymmetric,
  symmetricEigen,
} from '../../../src/main/core/baselines/symmetric-solve';

describe('symmetric solvers', () => {
  it('solves a positive-definite system by Cholesky', () => {
    // A = [[4,2,0],[2,5,1],[0,1,3]], x = (1, −1, 2) → b = (2, −1, 5).
    const a = Float64Array.from([4, 2, 0, 2, 5, 1, 0, 1, 3]);
    const result = solveSymmetric(a, 3, Float64Array.from([2, -1, 5]));
    expect(result.method).toBe('cholesky');
    [1, -1, 2].forEach((x, i) => expect(result.x[i]).toBeCloseTo(x, 14));
  });

  it('falls back to the minimum-norm solution for a singular system', () => {
    // [[1,1],[1,1]] x = (2, 2): every x with x0 + x1 = 2 solves it; the minimum norm is (1, 1).
    const a = Float64Array.from([1, 1, 1, 1]);
    expect(choleskySolve(a, 2, Float64Array.from([2, 2]))).toBeNull();
    const result = solveSymmetric(a, 2, Float64Array.from([2, 2]));
    expect(result.method).toBe('pseudo-inverse');
    expect(result.x[0]).toBeCloseTo(1, 14);
    expect(result.x[1]).toBeCloseTo(1, 14);
    // A zero matrix has pseudo-inverse zero.
    expect([...pseudoInverseSolve(new Float64Array(4), 2, Float64Array.from([1, 1]))]).toEqual([
      0, 0,
    ]);
  });

  it('diagonalises a symmetric matrix: A = V Λ Vᵀ with orthonormal V', () => {
    const n = 5;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j <= i; j++)
        a[i * n + j] = a[j * n + i] = Math.sin(i * 7 + j * 3) + (i === j ? 2 : 0);
    const { values, vectors } = symmetricEigen(a, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let rebuilt = 0;
        let gram = 0;
        for (let e = 0; e < n; e++) {
          rebuilt += vectors[i * n + e]! * values[e]! * vectors[j * n + e]!;
          gram += vectors[e * n + i]! * vectors[e * n + j]!;
        }
        expect(rebuilt).toBeCloseTo(a[i * n + j]!, 12);
        expect(gram).toBeCloseTo(i === j ? 1 : 0, 12);
      }
    }
  });
});
