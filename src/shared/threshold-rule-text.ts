/**
 * Threshold rules as people type them (`--threshold-rule ppv:0.3`), checked once: the CLI's
 * option parsers, the contract's schema and the core's calibration all use these, so a rule
 * refused in one place is refused with the same words everywhere.
 */
import { z } from 'zod';
import { formatThresholdRule, THRESHOLD_RULE_KINDS, type ThresholdRule } from './calibration';

export const THRESHOLD_RULE_SYNTAX =
  'prevalence, youden, fixed:T (0 ≤ T ≤ 1), sensitivity:S or ppv:P (0 < S, P ≤ 1)';

/** What is wrong with a rule's number (a fixed threshold in [0, 1], a rate in (0, 1]), or null. */
export function thresholdRuleProblem(rule: ThresholdRule): string | null {
  if (rule.kind === 'fixed' && !(rule.value >= 0 && rule.value <= 1)) {
    return `${formatThresholdRule(rule)}: a fixed threshold must be a probability between 0 and 1.`;
  }
  if (
    (rule.kind === 'sensitivity' || rule.kind === 'ppv') &&
    !(rule.atLeast > 0 && rule.atLeast <= 1)
  ) {
    const what = rule.kind === 'ppv' ? 'PPV' : 'sensitivity';
    return `${formatThresholdRule(rule)}: the ${what} to reach must be above 0 and at most 1.`;
  }
  return null;
}

/** Reads "prevalence", "youden", "fixed:0.3", "sensitivity:0.8" or "ppv:0.3". */
export function readThresholdRule(text: string): { rule: ThresholdRule } | { problem: string } {
  const refuse = (why: string) => ({
    problem: `"${text}" ${why}; expected one of ${THRESHOLD_RULE_SYNTAX}.`,
  });
  const [kind, value, ...rest] = text.trim().split(':');
  if (!(THRESHOLD_RULE_KINDS as readonly string[]).includes(kind ?? '') || rest.length > 0) {
    return refuse('is not a threshold rule');
  }
  if (kind === 'prevalence' || kind === 'youden') {
    return value === undefined
      ? { rule: { kind } }
      : refuse(`takes no number (write just "${kind}")`);
  }
  const number = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) return refuse(`needs a number after "${kind}:"`);
  const rule: ThresholdRule =
    kind === 'fixed'
      ? { kind, value: number }
      : { kind: kind as 'sensitivity' | 'ppv', atLeast: number };
  const problem = thresholdRuleProblem(rule);
  return problem === null ? { rule } : { problem };
}

/** A rule as the contract takes it: the object, its number checked as above. */
export const thresholdRuleSchema: z.ZodType<ThresholdRule> = z
  .union([
    z.object({ kind: z.literal('fixed'), value: z.number() }).strict(),
    z.object({ kind: z.enum(['sensitivity', 'ppv']), atLeast: z.number() }).strict(),
    z.object({ kind: z.enum(['prevalence', 'youden']) }).strict(),
  ])
  .superRefine((rule, context) => {
    const problem = thresholdRuleProblem(rule);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
