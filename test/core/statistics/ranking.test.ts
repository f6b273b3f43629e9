import { describe, expect, it } from 'vitest';
import { auroc, averagePrecision } from '../../../src/main/core/statistics';

describe('auroc', () => {
  it('counts a tied positive–negative pair as one half', () => {
    // Positives 0.9, 0.8; negatives 0.8, 0.3 → P·N = 4 pairs.
    // 0.9 beats both negatives (2); 0.8 ties 0.8 (½) and beats 0.3 (1) → 3.5 / 4 = 0.875.
    expect(auroc([0.9, 0.8, 0.8, 0.3], [1, 1, 0, 0])).toBe(0.875);
  });

  it('does not depend on the order of the stays', () => {
    expect(auroc(new Float64Array([0.3, 0.8, 0.9, 0.8]), new Float64Array([0, 0, 1, 1]))).toBe(
      0.875,
    );
  });

  it('is 1 for a perfect ranking, 0 for an inverted one, ½ when every score ties', () => {
    expect(auroc([0.1, 0.2, 0.7, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auroc([0.1, 0.2, 0.7, 0.9], [1, 1, 0, 0])).toBe(0);
    // 2 × 3 pairs, all tied: 6 · ½ / 6.
    expect(auroc([0.4, 0.4, 0.4, 0.4, 0.4], [1, 0, 1, 0, 0])).toBe(0.5);
  });

  it('is NaN when a class is absent (undefined, and skippable by the bootstrap)', () => {
    expect(auroc([0.1, 0.9], [1, 1])).toBeNaN();
    expect(auroc([0.1, 0.9], [0, 0])).toBeNaN();
    expect(auroc([], [])).toBeNaN();
  });

  it('refuses mismatched lengths, non-binary labels and non-finite scores', () => {
    expect(() => auroc([0.1, 0.2], [1])).toThrow(RangeError);
    expect(() => auroc([0.1, 0.2], [1, 2])).toThrow(/label 1 is 2/);
    expect(() => auroc([0.1, NaN], [1, 0])).toThrow(/not finite/);
  });
});

describe('averagePrecision', () => {
  it('is the step sum over distinct thresholds, ties entering together', () => {
    // Same stays: threshold 0.9 → TP 1, FP 0: R = ½, P = 1 → ½ · 1
    //             threshold 0.8 → TP 2, FP 1: R = 1,  P = ⅔ → ½ · ⅔ = ⅓
    //             threshold 0.3 → TP 2, FP 2: R = 1 (ΔR = 0)
    // AP = ½ + ⅓ = 5/6.
    expect(averagePrecision([0.9, 0.8, 0.8, 0.3], [1, 1, 0, 0])).toBeCloseTo(5 / 6, 15);
  });

  it('uses no interpolation: each positive is paid at the precision where it enters', () => {
    // Ranked 1, 0, 1, 1 (scores .9 > .8 > .7 > .6), P = 3:
    //   .9: TP 1, FP 0 → R ⅓, P 1     → ⅓ · 1
    //   .8: TP 1, FP 1 → R ⅓ (ΔR 0)   → 0
    //   .7: TP 2, FP 1 → R ⅔, P ⅔     → ⅓ · ⅔
    //   .6: TP 3, FP 1 → R 1, P ¾     → ⅓ · ¾
    // AP = ⅓ + 2/9 + ¼ = 0.8055…; an interpolated envelope would pay R ⅔ at ¾ (0.8333…).
    expect(averagePrecision([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 1])).toBeCloseTo(
      1 / 3 + 2 / 9 + 1 / 4,
      15,
    );
  });

  it('is the prevalence when every score ties, 1 when every label is positive', () => {
    // One threshold: R = 1 at P = 2/5.
    expect(averagePrecision([0.4, 0.4, 0.4, 0.4, 0.4], [1, 0, 1, 0, 0])).toBeCloseTo(0.4, 15);
    expect(averagePrecision([0.2, 0.9], [1, 1])).toBe(1);
  });

  it('is NaN without a positive label (sklearn warns and returns 0; recall is undefined)', () => {
    expect(averagePrecision([0.2, 0.9], [0, 0])).toBeNaN();
    expect(averagePrecision([], [])).toBeNaN();
  });
});
