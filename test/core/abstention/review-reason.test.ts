import { describe, expect, it } from 'vitest';
import {
  percentText,
  reviewReason,
  SEARCH_STATUS_WORDS,
  type QueuedStayFacts,
} from '../../../src/shared/review-reason';

/** The demo run's shape: calibrated, threshold 0.342, error-probability at 10%, E1. */
const alert: QueuedStayFacts = {
  risk: 0.3572,
  threshold: 0.342,
  alert: true,
  calibrated: true,
  policy: 'error-probability',
  budget: { kind: 'share', share: 0.1 },
  queued: true,
  search: 'unreachable',
  task: 'E1',
};
const negative: QueuedStayFacts = { ...alert, risk: 0.3204, alert: false };

describe('reviewReason', () => {
  it('error-probability: the model’s own chance of being wrong, as counts, and the budget', () => {
    // 1 − 0.3572 = 0.6428 → about 64 times in 100.
    expect(reviewReason(alert)).toEqual({
      reason:
        'The model gives a 36% risk, just above the 34% alert threshold: it raised an alert it thinks is wrong about 64 times in 100, among the 10% of decisions most likely wrong.',
      question:
        'Is this alert warranted? Check whether the evidence hours and notes show a real risk of hospital mortality.',
    });
    expect(reviewReason(negative)).toEqual({
      reason:
        'The model gives a 32% risk, just below the 34% alert threshold: it raised no alert, and thinks that is wrong about 32 times in 100, among the 10% of decisions most likely wrong.',
      question:
        'Was a deterioration missed? Check the evidence hours and notes for signs of hospital mortality the model did not alert on.',
    });
  });

  it('says when a listed stay is not queued, and names a budget of stays', () => {
    const far = { ...negative, risk: 0.05, queued: false, budget: { kind: 'stays', count: 30 } };
    expect(reviewReason(far as QueuedStayFacts).reason).toBe(
      'The model gives a 5% risk, below the 34% alert threshold: it raised no alert, and thinks that is wrong about 5 times in 100, but it is not queued for review: not among the 30 decisions most likely wrong.',
    );
  });

  it('paper mode: an uncalibrated score is only a ranking, never "wrong N times in 100"', () => {
    const paper = { ...alert, calibrated: false, risk: 0.875, threshold: 0.5 };
    expect(reviewReason(paper).reason).toBe(
      'The model gives an 88% risk, above the 50% alert threshold (an uncalibrated score, so only a ranking): among the 10% of decisions nearest to being wrong by that score.',
    );
  });

  it('confidence: nearness to the threshold', () => {
    expect(reviewReason({ ...alert, policy: 'confidence' }).reason).toBe(
      'The model gives a 36% risk, just above the 34% alert threshold: its alert is among the 10% of decisions nearest the threshold, where a small change in the record would flip it.',
    );
  });

  it('exhausted: what the search failed to find, in plain words', () => {
    expect(reviewReason({ ...alert, policy: 'exhausted' }).reason).toBe(
      'The search found no small set of hours or notes that reproduces this alert, and at a 36% risk, so near the threshold, no set could have, so the paper’s rule queues it for review.',
    );
    expect(reviewReason({ ...negative, policy: 'exhausted', search: 'stability' }).reason).toBe(
      "The search found hours or notes that reproduce this decision not to alert, but on their own they move the risk too far from the model's 32%, so the paper’s rule queues it for review.",
    );
    expect(reviewReason({ ...alert, policy: 'exhausted', search: 'converged' }).reason).toBe(
      'The search did find a small set of hours or notes that reproduces this alert; it is queued for review because the searches that failed did not fill the budget, and at a 36% risk it is next nearest the 34% alert threshold.',
    );
  });

  it('toe-tuned, learned and guaranteed each say their own rule', () => {
    expect(reviewReason({ ...alert, policy: 'toe-tuned' }).reason).toBe(
      'The model gives a 36% risk, just above the 34% alert threshold: with its stopping rule re-tuned on the validation split, the search did not settle this alert well clear of the threshold, among the 10% of decisions least settled.',
    );
    expect(reviewReason({ ...alert, policy: 'learned' }).reason).toBe(
      "The model gives a 36% risk, just above the 34% alert threshold: a model of wrong decisions, fitted on the validation split from the risk and the search's record, puts it among the 10% of decisions most likely wrong.",
    );
    expect(
      reviewReason({
        ...alert,
        policy: 'guaranteed',
        budget: { kind: 'max-error', alpha: 0.1, delta: 0.1 },
      }).reason,
    ).toBe(
      'The model gives a 36% risk, just above the 34% alert threshold: it raised an alert it thinks is wrong about 64 times in 100, which is more than the cut certified on the validation split accepts.',
    );
  });

  it('every policy gives exactly one sentence', () => {
    for (const policy of [
      'error-probability',
      'exhausted',
      'confidence',
      'toe-tuned',
      'learned',
      'guaranteed',
    ] as const) {
      const { reason } = reviewReason({ ...alert, policy });
      expect(reason.endsWith('.'), policy).toBe(true);
      expect(reason.slice(0, -1), policy).not.toMatch(/\.\s/);
      expect(reason, policy).not.toMatch(/p_full|τ|λ|μ|\|E\|/);
    }
  });
});

describe('percentText', () => {
  it('rounds as a chart reads, never 0% for a real risk nor 100% for a sure one', () => {
    expect([0.3572, 0.004, 0, 0.996, 1, 0.342].map(percentText)).toEqual([
      '36%',
      '<1%',
      '0%',
      '>99%',
      '100%',
      '34%',
    ]);
  });
});

describe('SEARCH_STATUS_WORDS', () => {
  it('names how a search ended without the method’s words', () => {
    expect(`false positives ${SEARCH_STATUS_WORDS.exhausted}`).toBe(
      'false positives whose search ran out of steps',
    );
    for (const words of Object.values(SEARCH_STATUS_WORDS))
      expect(words).not.toMatch(/exhaust|converge/);
  });
});
