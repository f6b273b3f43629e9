/**
 * What one hour of a stay charted, as values a clinician can check against the chart:
 * "HR 118 bpm ↑, SpO₂ 90 % ↓". A flagged variable shows the extreme that left its normal
 * range (the flowsheet's flags read the hour's min and max, and so does the model), an
 * unflagged one its hourly mean.
 */
import { hourFlags, type HourlyVariable } from './stay-detail';

/** A charted value to a bedside precision, trailing zeros dropped: 112, 36.8, 94, 7.32, 4. */
export function bedsideNumber(x: number): string {
  const abs = Math.abs(x);
  return String(Number(x.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 2)));
}

/** What a reading needs of a variable. */
export type ReadableVariable = Pick<
  HourlyVariable,
  'concept' | 'unit' | 'normal' | 'mean' | 'min' | 'max'
>;

export const NOTHING_CHARTED = 'nothing charted in this hour';

/** "HR 118 bpm ↑"; a labile hour with both flags "HR 45–130 bpm ↓↑". */
export function hourReading(variable: ReadableVariable, t: number): string | null {
  const mean = variable.mean[t] ?? null;
  if (mean === null) return null;
  const flags = hourFlags(variable, t);
  const low = variable.min[t] ?? mean;
  const high = variable.max[t] ?? mean;
  const value =
    flags.length === 2
      ? `${bedsideNumber(low)}–${bedsideNumber(high)}`
      : bedsideNumber(flags[0] === 'low' ? low : flags[0] === 'high' ? high : mean);
  const unit = variable.unit ? ` ${variable.unit}` : '';
  const arrows = flags.map((f) => (f === 'low' ? '↓' : '↑')).join('');
  return `${variable.concept.short} ${value}${unit}${arrows ? ` ${arrows}` : ''}`;
}

/** Every variable charted in hour t (0-based), in the given order, or NOTHING_CHARTED. */
export function hourReadingsText(variables: readonly ReadableVariable[], t: number): string {
  const readings = variables.flatMap((v) => hourReading(v, t) ?? []);
  return readings.length > 0 ? readings.join(', ') : NOTHING_CHARTED;
}
