/** Each policy on hand-made stays, with scores and flags worked out by hand. */
import { describe, expect, it } from 'vitest';
import {
  bestAdmissibleMargin,
  confidenceScores,
  crossFitFolds,
  crossFittedLearnedScores,
  exhaustedScores,
  fitLearned,
  fitToeTuned,
  learnedFeatureVector,
  margin,
  NEVER_WITHIN_B,
  scoreLearned,
  scorePolicy,
  toeTunedFlags,
  toeTunedScores,
  type PolicyStay,
} from '../../../src/main/core/abstention';
import { cohort, stay } from './stays';

const logit = (p: number): number => Math.log(p / (1 - p));

describe('margins', () => {
  it('are signed toward the decision, in logits from the threshold', () => {
    const positive = stay(1, { pFull: 0.8, threshold: 0.3 });
    expect(margin(0.8, positive)).toBeCloseTo(logit(0.8) - logit(0.3), 14);
    expect(margin(0.1, positive)).toBeCloseTo(logit(0.1) - logit(0.3), 14);
    const negative = stay(2, { pFull: 0.1, threshold: 0.3 });
    expect(margin(0.1, negative)).toBeCloseTo(logit(0.3) - logit(0.1), 14);
    // A saturated output stays finite.
    expect(margin(1, positive)).toBeLessThan(56);
  });
});

describe('exhausted (the paper’s rule)', () => {
  it('ranks exhausted first, then the smaller margin', () => {
    const stays = [
      stay(1, { logitFull: 3, status: 'exhausted' }),
      stay(2, { logitFull: 0.5 }),
      stay(3, { logitFull: -1, status: 'exhausted' }),
      stay(4, { logitFull: -4 }),
    ];
    // Scores: 100 − m for exhausted, −m for converged; m = |logit| at t = 0.5.
    expect(Array.from(exhaustedScores(stays))).toEqual(
      [97, -0.5, 99, -4].map((x) => expect.closeTo(x, 12)),
    );
    const s = scorePolicy('exhausted', {
      test: stays,
      validation: null,
      budget: { kind: 'stays', count: 3 },
    });
    // Own flag: exhausted only, so a budget of 3 queues the 2 exhausted stays.
    expect(s.flagged).toEqual([true, false, true, false]);
  });
});

describe('confidence', () => {
  it('scores −|logit p_full − logit t| and has no own flag', () => {
    const stays = [
      stay(1, { pFull: 0.9, threshold: 0.2 }),
      stay(2, { pFull: 0.25, threshold: 0.2 }),
      stay(3, { pFull: 0.05, threshold: 0.2 }),
    ];
    const expected = [0.9, 0.25, 0.05].map((p) => -Math.abs(logit(p) - logit(0.2)));
    Array.from(confidenceScores(stays)).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 12));
    const s = scorePolicy('confidence', {
      test: stays,
      validation: null,
      budget: { kind: 'stays', count: 2 },
    });
    // The two least confident: stay 2 (|m| 0.29) and stay 3 (|m| 1.56).
    expect(s.flagged).toEqual([false, true, true]);
  });
});

describe('toe-tuned', () => {
  it('replays the stopping rule on the leader path: a*(b) by hand', () => {
    // Positive decision, logit p_full = 2, t = 0.5: margins are the logits themselves;
    // distances to p_full: 1.5, 0.5, 0.3, 1.0.
    const up = stay(1, { logitFull: 2, leaderLogits: [0.5, 1.5, 2.3, 3.0] });
    expect(bestAdmissibleMargin(up, 0.25)).toBe(NEVER_WITHIN_B);
    expect(bestAdmissibleMargin(up, 0.5)).toBeCloseTo(2.3, 9);
    expect(bestAdmissibleMargin(up, 1)).toBeCloseTo(3.0, 9);
    expect(bestAdmissibleMargin(up, 2)).toBeCloseTo(3.0, 9);
    // Negative decision, logit p_full = −1.5: margins 0.2, 1.0, 2.5; distances 1.3, 0.5, 1.0.
    const down = stay(2, { logitFull: -1.5, leaderLogits: [-0.2, -1.0, -2.5] });
    expect(bestAdmissibleMargin(down, 0.25)).toBe(NEVER_WITHIN_B);
    expect(bestAdmissibleMargin(down, 0.5)).toBeCloseTo(1.0, 9);
    expect(bestAdmissibleMargin(down, 1)).toBeCloseTo(2.5, 9);
    expect(Array.from(toeTunedScores([up, down], 1))).toEqual([
      expect.closeTo(-3, 9),
      expect.closeTo(-2.5, 9),
    ]);
  });

  it('picks b by validation AURC and a by the budget share (hand-worked)', () => {
    const validation = [
      stay(1, { logitFull: 3, leaderLogits: [3.8, 1.5] }), // correct
      stay(2, { logitFull: 2, leaderLogits: [2.9] }), // correct
      stay(3, { logitFull: 2.5, leaderLogits: [2.6, 0.6], label: 0 }), // wrong
      stay(4, { logitFull: 1, leaderLogits: [1.2, 4.0], label: 0 }), // wrong
    ];
    // b ≤ 0.5: a* = (−1000, −1000, 2.6, 1.2): both errors accepted first, AURC 19/24.
    // b ≥ 1: a* = (3.8, 2.9, 2.6, 1.2): both errors last, AURC (1/3 + 1/2) / 4 = 5/24;
    // b = 1 and 2 tie, so the smaller wins.
    const fit = fitToeTuned(validation, 0.5);
    expect(fit.validationAurc).toEqual(
      [19 / 24, 19 / 24, 5 / 24, 5 / 24].map((x) => expect.closeTo(x, 12)),
    );
    expect(fit.b).toBe(1);
    // k = 2: a = 3rd smallest a* = 2.9; flagged: a* < 2.9 → stays 3 and 4.
    expect(fit.a).toBeCloseTo(2.9, 9);
    expect(fit.flaggedValidation).toBe(2);
    expect(toeTunedFlags(validation, fit)).toEqual([false, false, true, true]);
    // A share of 1 flags every stay; a max-error budget leaves a to the cut.
    expect(toeTunedFlags(validation, fitToeTuned(validation, 1))).toEqual([true, true, true, true]);
    expect(fitToeTuned(validation, null).a).toBeNull();
  });

  it('flags fewer than the share when a*(b) ties at the cut', () => {
    const validation = [1, 2, 3, 4].map((id) => stay(id, { logitFull: 2, leaderLogits: [2] }));
    validation[0] = { ...validation[0]!, label: 0 };
    const fit = fitToeTuned(validation, 0.5);
    expect(fit.flaggedValidation).toBe(0);
  });
});

describe('learned', () => {
  it('builds the documented feature vector', () => {
    const s = stay(7, {
      pFull: 0.2,
      threshold: 0.3,
      steps: 5,
      evidenceSize: 4,
      noteUnits: 1,
      pEvidence: 0.4,
      pWithoutEvidence: 0.1,
      reachable: false,
      status: 'exhausted',
    });
    const m = (p: number): number => logit(0.3) - logit(p); // negative decision
    const x = learnedFeatureVector(s);
    [Math.abs(m(0.2)), 0, 5, 4, 0.25, m(0.4), m(0.1), 0, 1].forEach((v, j) =>
      expect(x[j]).toBeCloseTo(v, 12),
    );
    expect(learnedFeatureVector(stay(8, { evidenceSize: 0, noteUnits: 0 }))[4]).toBe(0);
  });

  it('learns that exhaustion predicts errors when it does, and scores probabilities', () => {
    const validation = cohort(400, 5, { signal: true });
    const model = fitLearned(validation);
    const exhaustedWeight = model.coefficients[model.features.indexOf('exhausted')]!;
    expect(exhaustedWeight).toBeGreaterThan(0.5);
    expect(model.means).toHaveLength(9);
    const test = cohort(50, 6, { signal: true, firstId: 1000 });
    const scores = scoreLearned(model, test);
    for (const p of scores) expect(p > 0 && p < 1).toBe(true);
    // Plain JSON: the model round-trips and scores the same.
    const copy = JSON.parse(JSON.stringify(model)) as typeof model;
    expect(Array.from(scoreLearned(copy, test))).toEqual(Array.from(scores));
  });

  it('cross-fits deterministically by stay id, whatever the input order', () => {
    const validation = cohort(120, 9, { signal: true, firstId: 500 });
    const folds = crossFitFolds(validation);
    // Stay ids 500… are already sorted: fold = rank mod 5.
    expect(Array.from(folds.slice(0, 7))).toEqual([0, 1, 2, 3, 4, 0, 1]);
    const scores = crossFittedLearnedScores(validation);
    const reversed = [...validation].reverse();
    const reversedScores = crossFittedLearnedScores(reversed);
    validation.forEach((_, i) =>
      expect(reversedScores[validation.length - 1 - i]).toBe(scores[i]!),
    );
    // Out-of-fold scores differ from in-sample ones (the point of cross-fitting).
    const inSample = scoreLearned(fitLearned(validation), validation);
    expect(scores.some((s, i) => Math.abs(s - inSample[i]!) > 1e-3)).toBe(true);
  });

  it('is unavailable without validation or with too few errors there', () => {
    const test = cohort(30, 1, { signal: false });
    expect(
      scorePolicy('learned', { test, validation: null, budget: { kind: 'share', share: 0.1 } })
        .unavailable,
    ).toMatch(/validation/);
    const allRight = test.map((s) => ({ ...s, label: s.yFull }));
    const s = scorePolicy('learned', {
      test,
      validation: allRight,
      budget: { kind: 'share', share: 0.1 },
    });
    expect(s.unavailable).toMatch(/0 wrong/);
    expect(s.scores).toBeNull();
  });
});

describe('guaranteed', () => {
  /** 60 validation stays; the 30 most confident all right, the rest half wrong. */
  function validationSet(): PolicyStay[] {
    return Array.from({ length: 60 }, (_, i) => {
      const s = stay(i + 1, { logitFull: 0.1 * (60 - i) });
      return i >= 30 && i % 2 === 0 ? { ...s, label: 0 } : s;
    });
  }

  it('certifies nothing on 60 stays at α = δ = 0.1 over 20 candidates, so flags everything', () => {
    // The best candidate accepts 30 error-free stays: p = 0.9^30 = 0.042 > 0.1 / 20.
    const test = [stay(100, { logitFull: 5 }), stay(101, { logitFull: 0.2 })];
    const s = scorePolicy('guaranteed', {
      test,
      validation: validationSet(),
      budget: { kind: 'max-error', alpha: 0.1, delta: 0.1 },
    });
    expect(s.flagged).toEqual([true, true]);
    expect(s.fitted).toMatch(/no cut certifies/);
    // With a share budget the same cut is capped at the budget: 1 of 2 stays.
    const capped = scorePolicy('guaranteed', {
      test,
      validation: validationSet(),
      budget: { kind: 'stays', count: 1 },
    });
    expect(capped.flagged).toEqual([false, true]);
  });

  it('accepts the confident stays once the bound certifies them', () => {
    // δ = 0.9: level 0.045 per candidate; 30 error-free stays give p = 0.042 ≤ 0.045.
    const validation = validationSet();
    const s = scorePolicy('guaranteed', {
      test: [
        stay(100, { logitFull: 4 }),
        stay(101, { logitFull: 2.95 }),
        stay(102, { logitFull: 1 }),
      ],
      validation,
      budget: { kind: 'max-error', alpha: 0.1, delta: 0.9 },
    });
    const cut = s.description!.cut!;
    expect(cut.certified).toBe(true);
    expect(cut.acceptedValidation).toBe(30);
    expect(cut.errorsAcceptedValidation).toBe(0);
    // Cut at the 31st smallest validation score, the error estimate of an alert at logit 3.0:
    // 1 − σ(3); accept stays the model thinks less likely wrong.
    expect(cut.cut).toBeCloseTo(1 - 1 / (1 + Math.exp(-3)), 9);
    expect(cut.upperBound).toBeCloseTo(1 - 0.045 ** (1 / 30), 9);
    expect(s.flagged).toEqual([false, true, true]);
  });
});
