/**
 * Threshold rules checked where the core takes them: the rules and their words are defined
 * once in src/shared/threshold-rule-text.ts; here a refusal becomes the core's InputError.
 */
import type { ThresholdRule } from '../../../shared/calibration';
import { readThresholdRule, thresholdRuleProblem } from '../../../shared/threshold-rule-text';
import { InputError } from '../errors/input-error';

/** Checks a rule's number: a fixed threshold in [0, 1], a target rate in (0, 1]. */
export function checkThresholdRule(rule: ThresholdRule): ThresholdRule {
  const problem = thresholdRuleProblem(rule);
  if (problem !== null) throw new InputError('threshold rule', null, null, problem);
  return rule;
}

/** Parses "prevalence", "youden", "fixed:0.3", "sensitivity:0.8" or "ppv:0.3". */
export function parseThresholdRule(text: string): ThresholdRule {
  const read = readThresholdRule(text);
  if ('problem' in read) throw new InputError('threshold rule', null, null, read.problem);
  return read.rule;
}
