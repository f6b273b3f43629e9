/**
 * Threshold rules as people type them (`--threshold-rule ppv:0.3`) and as they are printed
 * back, so the CLI's calibrate and audit commands read and show them the same way.
 */
import {
  formatThresholdRule,
  THRESHOLD_RULE_KINDS,
  type ThresholdRule,
} from '../../../shared/calibration';
import { InputError } from '../errors/input-error';

export const THRESHOLD_RULE_SYNTAX =
  'prevalence, youden, fixed:T (0 ≤ T ≤ 1), sensitivity:S or ppv:P (0 < S, P ≤ 1)';

/** Checks a rule's number: a fixed threshold in [0, 1], a target rate in (0, 1]. */
export function checkThresholdRule(rule: ThresholdRule): ThresholdRule {
  const bad = (what: string): never => {
    throw new InputError('threshold rule', null, null, `${formatThresholdRule(rule)}: ${what}`);
  };
  if (rule.kind === 'fixed' && !(rule.value >= 0 && rule.value <= 1))
    bad('a fixed threshold must be a probability between 0 and 1.');
  if (
    (rule.kind === 'sensitivity' || rule.kind === 'ppv') &&
    !(rule.atLeast > 0 && rule.atLeast <= 1)
  )
    bad(
      `the ${rule.kind === 'ppv' ? 'PPV' : 'sensitivity'} to reach must be above 0 and at most 1.`,
    );
  return rule;
}

/** Parses "prevalence", "youden", "fixed:0.3", "sensitivity:0.8" or "ppv:0.3". */
export function parseThresholdRule(text: string): ThresholdRule {
  const refuse = (why: string): never => {
    throw new InputError(
      'threshold rule',
      null,
      null,
      `"${text}" ${why}; expected one of ${THRESHOLD_RULE_SYNTAX}.`,
    );
  };
  const [kind, value, ...rest] = text.trim().split(':');
  if (!(THRESHOLD_RULE_KINDS as readonly string[]).includes(kind ?? '') || rest.length > 0)
    return refuse('is not a threshold rule');
  if (kind === 'prevalence' || kind === 'youden') {
    if (value !== undefined) refuse(`takes no number (write just "${kind}")`);
    return { kind };
  }
  const number = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) refuse(`needs a number after "${kind}:"`);
  const rule: ThresholdRule =
    kind === 'fixed'
      ? { kind, value: number }
      : { kind: kind as 'sensitivity' | 'ppv', atLeast: number };
  return checkThresholdRule(rule);
}
