/**
 * The figures a committee reads first: how many stays had the outcome, how many of them the
 * model caught, how often its alerts were right, how many alerts it raises per 100 stays,
 * and how many outcomes its risks expected against how many happened. The rates are counts
 * over counts at the run's threshold, so each gets its exact Clopper–Pearson interval;
 * observed ÷ expected gets Garwood's exact Poisson interval.
 */
import type { CareSection, ConfusionCounts } from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import { proportionEstimate } from './exact-intervals';
import { observedExpectedEstimate } from './observed-expected';

/** An estimate of a share scaled to "per 100": the interval scales with it. */
function per100(share: Estimate): Estimate {
  const scale = (x: number | null): number | null => (x === null ? null : x * 100);
  return {
    ...share,
    estimate: scale(share.estimate),
    lower: scale(share.lower),
    upper: scale(share.upper),
  };
}

/** `expectedEvents`: the sum of the decision's probabilities over the stays. */
export function careSection(
  confusion: ConfusionCounts,
  expectedEvents: number,
  level: number,
): CareSection {
  const { tp, fp, tn, fn } = confusion;
  const stays = tp + fp + tn + fn;
  return {
    events: tp + fn,
    expectedEvents,
    observedExpected: observedExpectedEstimate(tp + fn, expectedEvents, level),
    alerts: tp + fp,
    sensitivity: proportionEstimate(tp, tp + fn, level),
    specificity: proportionEstimate(tn, tn + fp, level),
    ppv: proportionEstimate(tp, tp + fp, level),
    npv: proportionEstimate(tn, tn + fn, level),
    alertsPer100Stays: per100(proportionEstimate(tp + fp, stays, level)),
  };
}
