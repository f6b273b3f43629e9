/**
 * DeLong's test of two AUROCs against a reference written by
 * training/reference/exact_intervals_reference.py (structural components by comparing every
 * positive with every negative, the AUROC checked by sklearn), and a case worked by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  aurocComponents,
  aurocVariance,
  independentAurocDifference,
  pairedAurocDifference,
} from '../../../src/main/core/statistics/delong';

interface DelongCase {
  labels: number[];
  a: number[];
  b: number[];
  aurocA: number;
  aurocB: number;
  varianceA: number;
  varianceB: number;
  pairedP: number;
  pairedSe: number;
  independentP: number;
}

const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/exact-intervals-reference.json', import.meta.url), 'utf8'),
) as { delong: DelongCase[] };

describe('DeLong', () => {
  it('works a small case by hand', () => {
    // Positives 0.9, 0.4; negatives 0.5, 0.1, 0.4 (a tie with a positive counts one half).
    // V10: 0.9 beats all three (1); 0.4 beats 0.1, ties 0.4 (1.5/3 = 0.5). AUROC = 0.75.
    // V01: 0.5 is beaten by 0.9 only (0.5); 0.1 by both (1); 0.4 by 0.9, tied by 0.4 (0.75).
    const c = aurocComponents([0.9, 0.5, 0.4, 0.1, 0.4], [1, 0, 1, 0, 0])!;
    expect(c.auroc).toBeCloseTo(0.75, 15);
    expect([...c.positives]).toEqual([1, 0.5]);
    expect([...c.negatives]).toEqual([0.5, 1, 0.75]);
    // S10 = var(1, 0.5) = 0.125; S01 = var(0.5, 1, 0.75) = 0.0625; Var = 0.125/2 + 0.0625/3.
    expect(aurocVariance(c)).toBeCloseTo(0.125 / 2 + 0.0625 / 3, 15);
  });

  it('has no AUROC without both classes and no variance with fewer than two of one', () => {
    expect(aurocComponents([0.1, 0.2], [1, 1])).toBeNull();
    expect(aurocVariance(aurocComponents([0.9, 0.1, 0.2], [1, 0, 0])!)).toBeNaN();
  });

  it.each(reference.delong.map((c, i) => [i, c] as const))(
    'matches the reference, case %i',
    (_, c) => {
      const a = aurocComponents(c.a, c.labels)!;
      const b = aurocComponents(c.b, c.labels)!;
      expect(a.auroc).toBeCloseTo(c.aurocA, 12);
      expect(b.auroc).toBeCloseTo(c.aurocB, 12);
      expect(aurocVariance(a)).toBeCloseTo(c.varianceA, 12);
      expect(aurocVariance(b)).toBeCloseTo(c.varianceB, 12);
      const paired = pairedAurocDifference(a, b)!;
      expect(paired.standardError).toBeCloseTo(c.pairedSe, 12);
      expect(paired.pValue).toBeCloseTo(c.pairedP, 10);
      expect(paired.difference).toBeCloseTo(c.aurocB - c.aurocA, 12);
      expect(paired.lower).toBeLessThan(paired.difference);
      expect(paired.upper).toBeGreaterThan(paired.difference);
      expect(independentAurocDifference(a, b)!.pValue).toBeCloseTo(c.independentP, 10);
    },
  );

  it('pairs stays: a model against itself has no variance of the difference', () => {
    const c = reference.delong[0]!;
    const a = aurocComponents(c.a, c.labels)!;
    expect(pairedAurocDifference(a, a)!.standardError).toBe(0);
    expect(pairedAurocDifference(a, a)!.pValue).toBeNaN();
  });
});
