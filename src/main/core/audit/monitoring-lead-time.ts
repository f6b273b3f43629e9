/**
 * Lead time (issue 27, item 6): on tasks whose labels are hourly (YAIB's aki, sepsis), how long
 * before its outcome began the model alerted. The model decides once per stay, at the end of
 * its observation window, so an alerted stay's lead time is its onset hour minus the window's
 * length: positive when the alert came first, zero or negative when the outcome had already
 * begun inside the window (the model recognised it rather than foresaw it). Read over the
 * stays the model alerted on whose outcome happened; too few of them, and nothing is shown.
 */
import { NOT_SHOWN } from '../../../shared/estimate';
import type { LeadTimeGroup, LeadTimeReport } from '../../../shared/monitoring';
import { proportionEstimate } from '../statistics/exact-intervals';
import { quantileSorted } from '../statistics/quantile';

/** A caught stay's lead time, placed in its period (null: it has none). */
export interface CaughtStay {
  period: string | null;
  /** Hours from the alert to the onset. */
  lead: number;
}

export function leadTimeGroup(
  label: string,
  leads: readonly number[],
  minimum: number,
  level: number,
): LeadTimeGroup {
  const sorted = Float64Array.from(leads).sort();
  const beforeOnset = leads.filter((lead) => lead > 0).length;
  const enough = leads.length >= minimum;
  return {
    label,
    caught: leads.length,
    beforeOnset,
    shareBeforeOnset: enough ? proportionEstimate(beforeOnset, leads.length, level) : NOT_SHOWN,
    median: enough ? quantileSorted(sorted, 0.5) : null,
    lowerQuartile: enough ? quantileSorted(sorted, 0.25) : null,
    upperQuartile: enough ? quantileSorted(sorted, 0.75) : null,
  };
}

/**
 * The run's lead time overall and per period shown, in the periods' order; null when no stay
 * has an onset hour (the task's labels are one per stay).
 */
export function leadTimeReport(
  caught: readonly CaughtStay[],
  options: {
    anyOnset: boolean;
    alertHour: number;
    periods: readonly string[];
    minimum: number;
    level: number;
  },
): LeadTimeReport | null {
  if (!options.anyOnset) return null;
  const { minimum, level } = options;
  return {
    alertHour: options.alertHour,
    minimum,
    overall: leadTimeGroup(
      'all stays',
      caught.map((s) => s.lead),
      minimum,
      level,
    ),
    periods: options.periods
      .map((period) =>
        leadTimeGroup(
          period,
          caught.filter((s) => s.period === period).map((s) => s.lead),
          minimum,
          level,
        ),
      )
      .filter((group) => group.caught > 0),
  };
}
