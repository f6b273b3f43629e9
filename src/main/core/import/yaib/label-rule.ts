/**
 * A label rule as the importer takes it: the rule itself is defined in src/shared/label-rule.ts
 * (the contract and the CLI read it too); here a wrong one is the user's input to fix.
 */
import { LABEL_RULE_HELP, parseLabelRule, type LabelRule } from '../../../../shared/label-rule';
import { InputError } from '../../errors/input-error';

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
