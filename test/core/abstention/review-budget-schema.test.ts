// The review budget is checked by one schema (src/shared/abstention.ts): the contract, the
// core's queue sizing, the text a person types and the run form all give the same answers.
import { describe, expect, it } from 'vitest';
import { checkedReviewBudget, parseReviewBudget } from '../../../src/shared/abstention';
import { parseArgs } from '../../../src/shared/contract';
import { budgetCount } from '../../../src/main/core/abstention';
import { parseBudgetInput } from '../../../src/renderer/src/components/abstentions/review-budget-form';

const BUDGETS: [unknown, boolean][] = [
  [{ kind: 'stays', count: 25 }, true],
  [{ kind: 'stays', count: 0 }, true],
  [{ kind: 'stays', count: -1 }, false],
  [{ kind: 'stays', count: 2.5 }, false],
  [{ kind: 'share', share: 1 }, true],
  [{ kind: 'share', share: 0 }, false],
  [{ kind: 'max-error', alpha: 0.1, delta: 0.1 }, true],
  [{ kind: 'max-error', alpha: 1, delta: 0.1 }, false],
];

describe('one review budget rule', () => {
  it.each(BUDGETS)('%j is a budget: %s, for the contract and the core alike', (budget, valid) => {
    expect('error' in checkedReviewBudget(budget)).toBe(!valid);
    const viaContract = parseArgs('runs.setAbstention', {
      runId: 1,
      policy: 'error-probability',
      budget,
    });
    expect(viaContract.ok).toBe(valid);
    const sizing = () => budgetCount(budget as Parameters<typeof budgetCount>[0], 100);
    if (valid) expect(sizing).not.toThrow();
    else expect(sizing).toThrow(RangeError);
  });

  it('reads typed text by the same rule', () => {
    expect(parseReviewBudget('10%')).toEqual({ kind: 'share', share: 0.1 });
    expect(parseReviewBudget('25')).toEqual({ kind: 'stays', count: 25 });
    expect(parseReviewBudget('0')).toEqual({ kind: 'stays', count: 0 });
    expect(parseReviewBudget('150%')).toHaveProperty('error');
    expect(parseReviewBudget('20000000')).toHaveProperty('error');
  });

  it('gives the run form a message for the field that is out of range', () => {
    const base = { kind: 'max-error' as const, size: '10%', alpha: '0.1', delta: '0.1' };
    expect(parseBudgetInput(base)).toEqual({
      ok: true,
      budget: { kind: 'max-error', alpha: 0.1, delta: 0.1 },
    });
    const wrong = parseBudgetInput({ ...base, delta: '1.5' });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.errors.delta).toMatch(/above 0 and below 1 \(you typed 1\.5\)/);
      expect(wrong.errors.alpha).toBeUndefined();
    }
  });
});
