import { describe, expect, it } from 'vitest';
import {
  augrc,
  aurc,
  riskAtEveryCoverage,
  riskCoverageCurve,
  scoreOrder,
  weightedAurc,
} from '../../../src/main/core/abstention';
import { rng } from './stays';

/** Every ordering of the stays that is consistent with ascending score (ties permuted). */
function consistentOrders(scores: number[]): number[][] {
  const permutations = (items: number[]): number[][] =>
    items.length <= 1
      ? [items]
      : items.flatMap((x, i) =>
          permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]),
        );
  const distinct = [...new Set(scores)].sort((a, b) => a - b);
  let orders: number[][] = [[]];
  for (const v of distinct) {
    const group = scores.flatMap((s, i) => (s === v ? [i] : []));
    orders = orders.flatMap((o) => permutations(group).map((p) => [...o, ...p]));
  }
  return orders;
}

/** AURC by brute force: mean over k of the error rate among the first k, averaged over orders. */
function bruteForceAurc(scores: number[], errors: number[]): number {
  const orders = consistentOrders(scores);
  let total = 0;
  for (const order of orders) {
    let wrong = 0;
    let sum = 0;
    order.forEach((i, k) => {
      wrong += errors[i]!;
      sum += wrong / (k + 1);
    });
    total += sum / order.length;
  }
  return total / orders.length;
}

describe('AURC and the risk–coverage curve', () => {
  it('matches a hand-worked example without ties', () => {
    // Accept 0.1 (ok), 0.2 (wrong), 0.3 (ok), 0.4 (wrong): risks 0, 1/2, 1/3, 2/4.
    const scores = [0.3, 0.1, 0.4, 0.2];
    const errors = [0, 0, 1, 1];
    expect(Array.from(riskAtEveryCoverage(scores, errors))).toEqual([0, 0.5, 1 / 3, 0.5]);
    expect(aurc(scores, errors)).toBeCloseTo((0 + 0.5 + 1 / 3 + 0.5) / 4, 15);
  });

  it('averages over the orders of tied stays (hand-worked)', () => {
    // Tied pair {wrong, ok} first: orders give risks (1, 1/2, 1/3) and (0, 1/2, 1/3).
    const scores = [1, 1, 2];
    const errors = [1, 0, 0];
    expect(Array.from(riskAtEveryCoverage(scores, errors))).toEqual([0.5, 0.5, 1 / 3]);
    expect(aurc(scores, errors)).toBeCloseTo((0.5 + 0.5 + 1 / 3) / 3, 15);
    expect(aurc(scores, errors)).toBeCloseTo(bruteForceAurc(scores, errors), 15);
  });

  it('equals the brute force over every tie order on random small sets', () => {
    const random = rng(11);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + Math.floor(random() * 7);
      const scores = Array.from({ length: n }, () => Math.floor(random() * 3));
      const errors = Array.from({ length: n }, () => (random() < 0.4 ? 1 : 0));
      expect(aurc(scores, errors)).toBeCloseTo(bruteForceAurc(scores, errors), 12);
    }
  });

  it('is the error rate for a constant score, and minimal when errors rank last', () => {
    const errors = [1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    expect(aurc(new Array(10).fill(0), errors)).toBeCloseTo(0.3, 15);
    const perfect = errors.map((e, i) => e * 100 + i);
    const reversed = errors.map((e, i) => -e * 100 + i);
    expect(aurc(perfect, errors)).toBeLessThan(aurc(reversed, errors));
  });

  it('counts a weighted stay as that many copies (the bootstrap path)', () => {
    const scores = [0.5, 0.1, 0.5, 0.9, 0.3];
    const errors = [1, 0, 0, 1, 1];
    const weights = [2, 0, 1, 3, 1];
    const copies = { scores: [] as number[], errors: [] as number[] };
    weights.forEach((w, i) => {
      for (let k = 0; k < w; k++) {
        copies.scores.push(scores[i]!);
        copies.errors.push(errors[i]!);
      }
    });
    expect(weightedAurc(scoreOrder(scores), errors, weights)).toBeCloseTo(
      aurc(copies.scores, copies.errors),
      14,
    );
    expect(weightedAurc(scoreOrder(scores), errors, [0, 0, 0, 0, 0])).toBeNaN();
  });

  it('thins the curve to at most 101 points, keeping both ends', () => {
    const random = rng(3);
    const n = 1234;
    const scores = Array.from({ length: n }, () => random());
    const errors = scores.map((s) => (random() < s ? 1 : 0));
    const curve = riskCoverageCurve(scores, errors);
    const full = riskAtEveryCoverage(scores, errors);
    expect(curve.length).toBe(101);
    expect(curve[0]).toEqual({ coverage: 1 / n, risk: full[0] });
    expect(curve[100]).toEqual({ coverage: 1, risk: full[n - 1] });
    for (const p of curve) expect(p.risk).toBe(full[Math.round(p.coverage * n) - 1]);
    expect(riskCoverageCurve([0.2, 0.1], [1, 0])).toEqual([
      { coverage: 0.5, risk: 0 },
      { coverage: 1, risk: 0.5 },
    ]);
  });
});

describe('AUGRC', () => {
  it('averages the share of all stays that are wrong and accepted, by hand', () => {
    // Accepted in order 0.1 (right), 0.2 (wrong), 0.3 (right), 0.4 (wrong): errors accepted
    // 0, 1, 1, 2 of 4 stays → (0 + 1 + 1 + 2) / (4 · 4) = 0.25.
    expect(augrc([0.1, 0.2, 0.3, 0.4], [0, 1, 0, 1])).toBeCloseTo(0.25, 15);
    // Two tied stays, one wrong: the two orders give (1 + 1)/4 and (0 + 1)/4, mean 0.375.
    expect(augrc([0.5, 0.5], [1, 0])).toBeCloseTo(0.375, 15);
    // A score that ranks every error last accepts them last: only the final stays count.
    expect(augrc([0, 0, 1], [0, 0, 1])).toBeCloseTo(1 / 9, 15);
  });
});
