import { InputError } from '../input-error';

/** The longest horizon a rule may name: YAIB's hourly tasks follow stays for 7 days. */
export const MAX_RULE_HOURS = 168;

/**
 * How per-hour labels (YAIB's aki, sepsis) become one label per stay. The only rule:
 * `onset-within:N`: 1 when any hourly label is 1 at a time before hour N (time < N), else 0.
 */
export interface LabelRule {
  kind: 'onset-within';
  hours: number;
}

export const LABEL_RULE_PATTERN = /^onset-within:(\d{1,3})$/;

export const LABEL_RULE_HELP =
  'onset-within:N (label 1 when any hourly label is 1 before hour N, N from 1 to 168)';

/** The rule written as the user writes it, or null when `raw` is not a rule. */
export function parseLabelRule(raw: string): LabelRule | null {
  const match = LABEL_RULE_PATTERN.exec(raw.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  return hours >= 1 && hours <= MAX_RULE_HOURS ? { kind: 'onset-within', hours } : null;
}

/** As parseLabelRule, for the importer's options: a wrong rule is the user's input to fix. */
export function labelRuleOption(raw: string | undefined): LabelRule | null {
  if (raw === undefined || raw.trim() === '') return null;
  const rule = parseLabelRule(raw);
  if (rule === null) {
    throw new InputError(
      '--label-rule',
      null,
      null,
      `"${raw}" is not a rule; write ${LABEL_RULE_HELP}`,
    );
  }
  return rule;
}

export function describeRule(rule: LabelRule): string {
  return `onset-within:${rule.hours}`;
}
