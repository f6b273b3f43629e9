/**
 * How per-hour labels (YAIB's aki, sepsis) become one label per stay, as a user writes it:
 * pure, so the contract's `cohorts.import` schema, `toe import yaib --label-rule` and the
 * importer read it alike. The only rule: `onset-within:N`: 1 when any hourly label is 1 at a
 * time before hour N (time < N), else 0.
 */

/** The longest horizon a rule may name: YAIB's hourly tasks follow stays for 7 days. */
export const MAX_RULE_HOURS = 168;

export interface LabelRule {
  kind: 'onset-within';
  hours: number;
}

export const LABEL_RULE_PATTERN = /^onset-within:(\d{1,3})$/;

export const LABEL_RULE_HELP = `onset-within:N (label 1 when any hourly label is 1 before hour N, N from 1 to ${MAX_RULE_HOURS})`;

/** The rule written as the user writes it, or null when `raw` is not a rule. */
export function parseLabelRule(raw: string): LabelRule | null {
  const match = LABEL_RULE_PATTERN.exec(raw.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  return hours >= 1 && hours <= MAX_RULE_HOURS ? { kind: 'onset-within', hours } : null;
}

export function describeRule(rule: LabelRule): string {
  return `onset-within:${rule.hours}`;
}
