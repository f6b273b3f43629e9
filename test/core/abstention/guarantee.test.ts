/**
 * The guaranteed cut: hand-worked candidates, and the guarantee itself by simulation from
 * data-generating processes whose true risk among accepted stays is known in closed form.
 */
import { describe, expect, it } from 'vitest';
import {
  binomialCdf,
  describeCut,
  flagsOfCut,
  guaranteedCut,
} from '../../../src/main/core/abstention';
import { rng } from './stays';

describe('guaranteedCut by hand', () => {
  // Scores 1…10, errors at the three highest: accepting the 7 lowest gives 0 errors.
  const scores = [3, 1, 2, 10, 9, 8, 4, 5, 6, 7];
  const errors = [0, 0, 0, 1, 1, 1, 0, 0, 0, 0];

  it('tests each coverage level at δ/J and keeps the largest certified', () => {
    // α = 0.5, δ = 0.4, grid {0.3, 0.7, 1}: level 0.4/3.
    // 30%: 3 accepted, 0 errors: p = 0.5³ = 0.125 ≤ 0.133 → certified.
    // 70%: 7 accepted, 0 errors: p = 0.5⁷ = 0.0078 → certified (cut: the 8th smallest, 8).
    // 100%: 10 accepted, 3 errors: p = P(Bin(10, 0.5) ≤ 3) = 0.17 → not.
    const cut = guaranteedCut(scores, errors, {
      alpha: 0.5,
      delta: 0.4,
      coverageGrid: [0.3, 0.7, 1],
    });
    expect(binomialCdf(3, 10, 0.5)).toBeGreaterThan(0.4 / 3);
    expect(cut).toMatchObject({
      certified: true,
      cut: 8,
      coverage: 0.7,
      acceptedValidation: 7,
      errorsAcceptedValidation: 0,
      candidates: 3,
      validationStays: 10,
    });
    expect(cut.upperBound).toBeCloseTo(1 - (0.4 / 3) ** (1 / 7), 10);
    expect(flagsOfCut([7.9, 8, 100, -1], cut)).toEqual([false, true, true, false]);
    expect(describeCut(cut)).toMatch(/accept score < 8/);
  });

  it('accepts every stay when full coverage is certified, and flags all when nothing is', () => {
    const all = guaranteedCut(scores, errors, { alpha: 0.9, delta: 0.5, coverageGrid: [1] });
    expect(all.cut).toBeNull();
    expect(all.certified).toBe(true);
    expect(flagsOfCut([1, 100], all)).toEqual([false, false]);
    const none = guaranteedCut(scores, errors, { alpha: 0.01, delta: 0.1 });
    expect(none.certified).toBe(false);
    expect(flagsOfCut([1, 100], none)).toEqual([true, true]);
    expect(describeCut(none)).toMatch(/every stay is flagged/);
    expect(JSON.parse(JSON.stringify(none))).toEqual(none);
  });

  it('accepts only scores strictly below a tied cut', () => {
    // 4 stays tie at the 50% cut value 2: only the 2 below it are accepted.
    const tied = guaranteedCut([1, 1, 2, 2, 2, 2, 3, 3], [0, 0, 0, 0, 0, 0, 1, 1], {
      alpha: 0.5,
      delta: 0.9,
      coverageGrid: [0.5],
    });
    expect(tied.cut).toBe(2);
    expect(tied.acceptedValidation).toBe(2);
  });
});

/** The largest coverage level whose empirical risk is ≤ α: no correction (for contrast). */
function plugInCut(scores: Float64Array, errors: Uint8Array, alpha: number): number {
  const sorted = Float64Array.from(scores).sort();
  let best = -Infinity;
  for (let j = 1; j <= 20; j++) {
    const m = Math.floor((j / 20) * scores.length);
    const cut = m >= scores.length ? Infinity : sorted[m]!;
    let accepted = 0;
    let wrong = 0;
    scores.forEach((s, i) => {
      if (s < cut) {
        accepted++;
        wrong += errors[i]!;
      }
    });
    if (accepted > 0 && wrong / accepted <= alpha) best = cut;
  }
  return best;
}

interface Process {
  /** P(error | score s), s ~ Uniform(0, 1). */
  errorRate: (s: number) => number;
  /** P(error | score < v): the true risk among accepted stays at cut v. */
  risk: (v: number) => number;
}

function draw(process: Process, n: number, random: () => number) {
  const scores = new Float64Array(n);
  const errors = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    scores[i] = random();
    errors[i] = random() < process.errorRate(scores[i]!) ? 1 : 0;
  }
  return { scores, errors };
}

function simulate(process: Process, seed: number) {
  const alpha = 0.1;
  const delta = 0.1;
  const draws = 300;
  const random = rng(seed);
  let violations = 0;
  let realisedAbove = 0;
  let plugInViolations = 0;
  let coverage = 0;
  for (let d = 0; d < draws; d++) {
    const validation = draw(process, 1000, random);
    const cut = guaranteedCut(validation.scores, validation.errors, { alpha, delta });
    const test = draw(process, 5000, random);
    if (cut.certified) {
      const v = Math.min(1, cut.cut ?? Infinity);
      if (process.risk(v) > alpha) violations++;
      let accepted = 0;
      let wrong = 0;
      test.scores.forEach((s, i) => {
        if (!flagsOfCut([s], cut)[0]) {
          accepted++;
          wrong += test.errors[i]!;
        }
      });
      if (wrong / accepted > alpha) realisedAbove++;
      coverage += accepted / test.scores.length;
    }
    const naive = plugInCut(validation.scores, validation.errors, alpha);
    if (naive > -Infinity && process.risk(Math.min(1, naive)) > alpha) plugInViolations++;
  }
  return {
    violationRate: violations / draws,
    realisedRate: realisedAbove / draws,
    plugInRate: plugInViolations / draws,
    meanCoverage: coverage / draws,
  };
}

describe('the guarantee, by simulation (300 validation/test draws each)', () => {
  it('is nearly exact, not merely conservative, for one candidate just past α', () => {
    // P(error) = 0.105 everywhere, so every cut has risk 0.105 > α = 0.1 and certifying is
    // always a violation. One candidate (an order-statistic cut at 50% coverage) tested at δ:
    // the binomial test's size, just under δ.
    const random = rng(303);
    let certified = 0;
    for (let d = 0; d < 300; d++) {
      const v = draw({ errorRate: () => 0.105, risk: () => 0.105 }, 1000, random);
      if (
        guaranteedCut(v.scores, v.errors, { alpha: 0.1, delta: 0.1, coverageGrid: [0.5] }).certified
      )
        certified++;
    }
    expect(certified / 300).toBeLessThanOrEqual(0.15);
    expect(certified / 300).toBeGreaterThan(0.02);
  });

  // Monte Carlo slack: with 300 draws, a true rate of δ = 0.1 exceeds 0.15 with probability
  // about 0.2%.
  const bound = 0.15;

  it('holds when the error rate rises with the score', () => {
    // P(error | s) = 0.3 s, so P(error | s < v) = 0.15 v: the largest safe cut is v = 2/3.
    const result = simulate({ errorRate: (s) => 0.3 * s, risk: (v) => 0.15 * v }, 101);
    expect(result.violationRate).toBeLessThanOrEqual(bound);
    expect(result.realisedRate).toBeLessThanOrEqual(bound);
    // It does accept a useful share, and the uncorrected plug-in rule would break the bound.
    expect(result.meanCoverage).toBeGreaterThan(0.2);
    expect(result.plugInRate).toBeGreaterThan(0.2);
  });

  it('holds when the score misranks errors (not monotone)', () => {
    // Errors concentrate at the LOWEST scores: P(error | s) = 0.3 below 0.1, else 0.02.
    // P(error | s < v) = 0.3 for v ≤ 0.1, (0.028 + 0.02 v) / v above: ≤ 0.1 iff v ≥ 0.35.
    const result = simulate(
      {
        errorRate: (s) => (s < 0.1 ? 0.3 : 0.02),
        risk: (v) => (v <= 0.1 ? 0.3 : (0.028 + 0.02 * v) / v),
      },
      202,
    );
    expect(result.violationRate).toBeLessThanOrEqual(bound);
    expect(result.realisedRate).toBeLessThanOrEqual(bound);
    expect(result.meanCoverage).toBeGreaterThan(0.5);
  });
});
