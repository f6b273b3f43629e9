// The review budget as a form holds it (text boxes) and as the contract takes it
// (ReviewBudget), with every problem in plain words for the field it belongs to.
import {
  checkedReviewBudget,
  parseReviewBudget,
  POLICIES_NEEDING_VALIDATION,
  type AbstentionPolicyName,
  type ReviewBudget,
} from '../../../../shared/abstention';

/** 'size': N stays or a share ("10%", "25"); 'max-error': error ≤ α among accepted. */
export interface BudgetInput {
  kind: 'size' | 'max-error';
  /** "10%" or "25". */
  size: string;
  alpha: string;
  delta: string;
}

export type BudgetField = 'size' | 'alpha' | 'delta';

export type BudgetParse =
  { ok: true; budget: ReviewBudget } | { ok: false; errors: Partial<Record<BudgetField, string>> };

export const DEFAULT_BUDGET_TEXT = '10%';

export function defaultBudgetInput(size = DEFAULT_BUDGET_TEXT): BudgetInput {
  return { kind: 'size', size, alpha: '0.1', delta: '0.1' };
}

/** A stored budget back in the form's words (the dashboard's "change" form starts from it). */
export function budgetInputFrom(budget: ReviewBudget): BudgetInput {
  switch (budget.kind) {
    case 'stays':
      return { ...defaultBudgetInput(), size: String(budget.count) };
    case 'share':
      return { ...defaultBudgetInput(), size: `${Number((budget.share * 100).toFixed(2))}%` };
    case 'max-error':
      return {
        ...defaultBudgetInput(),
        kind: 'max-error',
        alpha: String(budget.alpha),
        delta: String(budget.delta),
      };
  }
}

/** A probability typed as a decimal ("0.1") or a percentage ("10%"); its range is the schema's. */
function probabilityTyped(text: string, what: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return `Enter ${what}, for example 0.1.`;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  const value = percent ? Number(percent[1]) / 100 : Number(trimmed);
  if (!Number.isFinite(value) || !/^[\d.%\s]+$/.test(trimmed)) {
    return `${capitalised(what)} must be a number such as 0.1, not “${trimmed}”.`;
  }
  return value;
}

function capitalised(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/** The budget the form describes, or a plain-words message for each field that is wrong. */
export function parseBudgetInput(input: BudgetInput): BudgetParse {
  if (input.kind === 'size') {
    const text = input.size.trim();
    if (text === '') {
      return {
        ok: false,
        errors: {
          size: 'Enter how many stays can be reviewed: a share such as 10% or a number such as 25.',
        },
      };
    }
    const parsed = parseReviewBudget(text);
    if ('error' in parsed) {
      const percent = /%$/.test(text);
      return {
        ok: false,
        errors: {
          size: percent
            ? `A share of stays must be above 0% and at most 100% (you typed ${text}).`
            : `Type a share such as 10% or a whole number of stays such as 25 (you typed “${text}”).`,
        },
      };
    }
    return { ok: true, budget: parsed };
  }
  const alpha = probabilityTyped(input.alpha, 'the maximum error α');
  const delta = probabilityTyped(input.delta, 'the risk δ');
  const errors: Partial<Record<BudgetField, string>> = {};
  if (typeof alpha === 'string') errors.alpha = alpha;
  if (typeof delta === 'string') errors.delta = delta;
  if (typeof alpha === 'string' || typeof delta === 'string') return { ok: false, errors };
  const budget = checkedReviewBudget({ kind: 'max-error', alpha, delta });
  if (!('error' in budget)) return { ok: true, budget };
  // Out of the schema's range: said in the form's words, for the field that is wrong.
  const typed = { alpha: input.alpha.trim(), delta: input.delta.trim() };
  const words = { alpha: 'the maximum error α', delta: 'the risk δ' };
  for (const field of ['alpha', 'delta'] as const) {
    if (budget.error.includes(`${field}:`)) {
      errors[field] =
        `${capitalised(words[field])} must be above 0 and below 1 (you typed ${typed[field]}).`;
    }
  }
  return { ok: false, errors };
}

/** Whether the policy or the budget can only be used with an audit of the validation split. */
export function needsValidation(policy: AbstentionPolicyName, input: BudgetInput): boolean {
  return POLICIES_NEEDING_VALIDATION.includes(policy) || input.kind === 'max-error';
}
