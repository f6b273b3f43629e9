/**
 * Newcombe's hybrid score interval of a difference of two independent proportions against
 * the eight worked examples of his Table II (Newcombe, Statistics in Medicine 17, 1998,
 * method 10), and the Wilson interval it is built from.
 */
import { describe, expect, it } from 'vitest';
import {
  differenceOfProportionsEstimate,
  wilsonInterval,
} from '../../../src/main/core/statistics/exact-intervals';

describe('wilsonInterval', () => {
  it('gives the Wilson score interval, exactly 0 and 1 at the ends', () => {
    const [lower, upper] = wilsonInterval(3, 10);
    expect(lower).toBeCloseTo(0.107791, 6);
    expect(upper).toBeCloseTo(0.603222, 6);
    expect(wilsonInterval(0, 10)).toEqual([0, expect.closeTo(0.277533, 6)]);
    expect(wilsonInterval(10, 10)).toEqual([expect.closeTo(0.722467, 6), 1]);
    expect(() => wilsonInterval(0, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});

describe('differenceOfProportionsEstimate', () => {
  // [k1, n1, k2, n2, lower, upper] from Newcombe's Table II, method 10, 4 decimals.
  const TABLE_II: [number, number, number, number, number, number][] = [
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ];

  it.each(TABLE_II)('%i/%i − %i/%i matches Newcombe (1998)', (k1, n1, k2, n2, lower, upper) => {
    const d = differenceOfProportionsEstimate(k1, n1, k2, n2);
    expect(d.estimate).toBeCloseTo(k1 / n1 - k2 / n2, 12);
    expect(d.lower!).toBeCloseTo(lower, 4);
    expect(d.upper!).toBeCloseTo(upper, 4);
    expect(d.lower!).toBeLessThan(d.upper!);
    expect(d.lower!).toBeLessThanOrEqual(d.estimate!);
    expect(d.upper!).toBeGreaterThanOrEqual(d.estimate!);
    expect(d).toMatchObject({ missing: null, method: 'newcombe', resamples: 0, skipped: 0 });
  });

  it('is antisymmetric, undefined for an empty group, and refuses impossible counts', () => {
    const ab = differenceOfProportionsEstimate(4, 18, 2, 25);
    const ba = differenceOfProportionsEstimate(2, 25, 4, 18);
    expect(ba.estimate).toBeCloseTo(-ab.estimate!, 12);
    expect(ba.lower).toBeCloseTo(-ab.upper!, 12);
    expect(ba.upper).toBeCloseTo(-ab.lower!, 12);
    expect(differenceOfProportionsEstimate(0, 0, 1, 5)).toEqual({
      estimate: null,
      missing: 'undefined',
      lower: null,
      upper: null,
      method: 'none',
      resamples: 0,
      skipped: 0,
    });
    expect(() => differenceOfProportionsEstimate(6, 5, 1, 5)).toThrow(RangeError);
    expect(() => differenceOfProportionsEstimate(1, 5, 1, 5, 1)).toThrow(RangeError);
  });

  it('widens with the level', () => {
    const at90 = differenceOfProportionsEstimate(9, 10, 3, 10, 0.9);
    const at99 = differenceOfProportionsEstimate(9, 10, 3, 10, 0.99);
    expect(at90.lower!).toBeGreaterThan(0.1705);
    expect(at99.lower!).toBeLessThan(0.1705);
  });
});
