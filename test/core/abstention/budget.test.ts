/** Sizing the queue: never more than the budget, ties by stay id, own flags respected. */
import { describe, expect, it } from 'vitest';
import {
  budgetCount,
  budgetShare,
  flagForReview,
  queueOrder,
  reviewOrder,
} from '../../../src/main/core/abstention';
import { cohort, rng } from './stays';

const ids = (xs: number[]): { stayId: number }[] => xs.map((stayId) => ({ stayId }));

describe('budgetCount and budgetShare', () => {
  it('rounds a share down and caps a count at the stays there are', () => {
    expect(budgetCount({ kind: 'share', share: 0.1 }, 304)).toBe(30);
    expect(budgetCount({ kind: 'share', share: 0.3 }, 10)).toBe(3);
    expect(budgetCount({ kind: 'stays', count: 50 }, 20)).toBe(20);
    expect(budgetCount({ kind: 'max-error', alpha: 0.1, delta: 0.1 }, 20)).toBeNull();
    expect(budgetShare({ kind: 'stays', count: 25 }, 100)).toBe(0.25);
    expect(() => budgetCount({ kind: 'share', share: 0 }, 10)).toThrow(RangeError);
    expect(() => budgetCount({ kind: 'stays', count: 2.5 }, 10)).toThrow(RangeError);
    expect(() => budgetCount({ kind: 'max-error', alpha: 1, delta: 0.1 }, 10)).toThrow(RangeError);
  });
});

describe('flagForReview', () => {
  it('takes the highest scores, ties broken by stay id ascending', () => {
    const scores = [0.5, 0.9, 0.5, 0.5, 0.1];
    const stays = ids([40, 10, 30, 20, 50]);
    expect(reviewOrder(scores, stays)).toEqual([1, 3, 2, 0, 4]);
    // Stay 10 (0.9), then the tied 0.5s by id: 20, 30 (40 misses the budget).
    expect(flagForReview(scores, null, { kind: 'stays', count: 3 }, stays)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('queues only the policy’s own flags, so possibly fewer than the budget', () => {
    const scores = [5, 4, 3, 2, 1];
    const own = [false, true, false, true, false];
    expect(flagForReview(scores, own, { kind: 'stays', count: 1 }, ids([1, 2, 3, 4, 5]))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(flagForReview(scores, own, { kind: 'stays', count: 4 }, ids([1, 2, 3, 4, 5]))).toEqual(
      own,
    );
  });

  it('passes a max-error cut through, and needs one', () => {
    const own = [true, false, true];
    const budget = { kind: 'max-error', alpha: 0.1, delta: 0.1 } as const;
    expect(flagForReview([1, 2, 3], own, budget, ids([1, 2, 3]))).toEqual(own);
    expect(() => flagForReview([1, 2, 3], null, budget, ids([1, 2, 3]))).toThrow(/max-error/);
  });

  it('never exceeds the budget and does not depend on input order (random, heavy ties)', () => {
    const random = rng(21);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 40);
      const scores = Array.from({ length: n }, () => Math.floor(random() * 4));
      const own = random() < 0.5 ? null : Array.from({ length: n }, () => random() < 0.6);
      const stays = ids(Array.from({ length: n }, (_, i) => 1000 - 7 * i));
      const budget = { kind: 'share', share: Math.max(0.01, random()) } as const;
      const flagged = flagForReview(scores, own, budget, stays);
      const count = budgetCount(budget, n)!;
      const queued = flagged.filter(Boolean).length;
      expect(queued).toBeLessThanOrEqual(count);
      expect(queued).toBe(Math.min(count, own ? own.filter(Boolean).length : n));
      if (own) flagged.forEach((f, i) => f && expect(own[i]).toBe(true));
      // Shuffled input: the same stays are queued.
      const perm = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
      const again = flagForReview(
        perm.map((i) => scores[i]!),
        own ? perm.map((i) => own[i]!) : null,
        budget,
        perm.map((i) => stays[i]!),
      );
      const queuedIds = (f: boolean[], s: { stayId: number }[]): number[] =>
        s
          .filter((_, i) => f[i])
          .map((x) => x.stayId)
          .sort((a, b) => a - b);
      expect(
        queuedIds(
          again,
          perm.map((i) => stays[i]!),
        ),
      ).toEqual(queuedIds(flagged, stays));
    }
  });
});

describe('queueOrder', () => {
  it('lists every stay in review order with ranks, the flagged ones first, within the budget', () => {
    const test = cohort(200, 4, { signal: true });
    const validation = cohort(200, 5, { signal: true, firstId: 10_000 });
    for (const policy of [
      'exhausted',
      'confidence',
      'toe-tuned',
      'learned',
      'guaranteed',
    ] as const) {
      const q = queueOrder({ test, validation, policy, budget: { kind: 'share', share: 0.1 } });
      expect(q.unavailable).toBeNull();
      expect(q.entries).toHaveLength(200);
      expect(q.entries.map((e) => e.rank)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(q.queueSize).toBeLessThanOrEqual(20);
      for (let i = 1; i < q.entries.length; i++) {
        const [a, b] = [q.entries[i - 1]!, q.entries[i]!];
        expect(a.score > b.score || (a.score === b.score && a.stayId < b.stayId)).toBe(true);
        // The queue is a top segment of the order (own flags are upper sets of the score).
        if (b.flagged) expect(a.flagged).toBe(true);
      }
      expect(JSON.parse(JSON.stringify(q))).toEqual(q);
    }
  });

  it('says why when the policy needs a validation audit that is missing', () => {
    const q = queueOrder({
      test: cohort(20, 1, { signal: false }),
      validation: null,
      policy: 'learned',
      budget: { kind: 'share', share: 0.1 },
    });
    expect(q.unavailable).toMatch(/validation/);
    expect(q.entries).toEqual([]);
  });
});
