// How the trace names its units: with the hour of the stay and the clock time a clinician
// finds them by on the ward's own flowsheet, not only as W17 or N3.
import { hourRuns } from '../../../shared/evidence-reading';
import { bedsideNumber } from '../../../shared/hour-readings';
import type { HourlyVariable, StayDetail } from '../../../shared/stay-detail';

/** What naming a unit needs from the stay: when its window began, its T and its notes. */
export type UnitClock = Pick<StayDetail, 't0' | 'windows' | 'notes'>;

const HOUR_MS = 3_600_000;

/** 24-hour clock, as ICU charts are written. */
const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function windowStart(t0: string): number | null {
  const start = Date.parse(t0);
  return Number.isNaN(start) ? null : start;
}

/** Clock time `hours` after the window began ("18:21"), or null without a usable t0. */
export function clockAt(t0: string, hours: number): string | null {
  const start = windowStart(t0);
  return start === null ? null : clock.format(start + hours * HOUR_MS);
}

/** "18:21–02:21" for 1-based hours from..to, or null without a usable t0. */
function clockSpan(t0: string, from: number, to: number): string | null {
  const start = clockAt(t0, from - 1);
  return start === null ? null : `${start}–${clockAt(t0, to)}`;
}

/** "W17 (hour 17, 18:21–19:21)"; "W17 (hour 17)" when the stay has no usable start time. */
export function windowName(t: number, t0: string): string {
  return hourRunName(t + 1, t + 1, t0);
}

/** "W3–W5 (hours 3–5, 04:21–07:21)" for 1-based hours from..to; one hour as windowName. */
export function hourRunName(from: number, to: number, t0: string): string {
  const ids = from === to ? `W${from}` : `W${from}–W${to}`;
  const hours = from === to ? `hour ${from}` : `hours ${from}–${to}`;
  const span = clockSpan(t0, from, to);
  return `${ids} (${span ? `${hours}, ${span}` : hours})`;
}

/** The 0-based hour of the window a chart time falls in, or null outside it or undated. */
export function hourOf(t0: string, charttime: string | null, windows: number): number | null {
  const start = windowStart(t0);
  const at = charttime === null ? Number.NaN : Date.parse(charttime);
  if (start === null || Number.isNaN(at)) return null;
  const t = Math.floor((at - start) / HOUR_MS);
  return t >= 0 && t < windows ? t : null;
}

/** "N3 (hour 12, charted 13:05)"; "N3" when the chunk's time was not recorded. */
export function noteName(unit: number, stay: UnitClock): string {
  const id = `N${unit - stay.windows + 1}`;
  const chunk = stay.notes.find((n) => n.unit === unit);
  const t = hourOf(stay.t0, chunk?.charttime ?? null, stay.windows);
  const time = chunk?.charttime ? clock.format(Date.parse(chunk.charttime)) : null;
  if (time === null) return id;
  return `${id} (${t === null ? '' : `hour ${t + 1}, `}charted ${time})`;
}

export function unitName(unit: number, stay: UnitClock): string {
  return unit < stay.windows ? windowName(unit, stay.t0) : noteName(unit, stay);
}

/** A set with consecutive windows as one run: "W1–W2 (hours 1–2, 02:21–04:21), N3 (…)". */
export function unitSetName(units: readonly number[], stay: UnitClock): string {
  if (units.length === 0) return '∅ (empty)';
  const windows = hourRuns(units.filter((u) => u < stay.windows));
  const notes = units.filter((u) => u >= stay.windows);
  return [
    ...windows.map(([from, to]) => hourRunName(from, to, stay.t0)),
    ...notes.map((u) => noteName(u, stay)),
  ].join(', ');
}

/** A charted value to a bedside precision, trailing zeros dropped: 112, 36.8, 94, 7.32, 4. */
export function reading(x: number | null): string {
  return x === null ? '—' : bedsideNumber(x);
}

/** "98.0 bpm (85.0–112)", or "not charted". */
export function hourText(v: HourlyVariable, t: number): string {
  const mean = v.mean[t] ?? null;
  if (mean === null) return 'not charted';
  return `${reading(mean)} ${v.unit} (${reading(v.min[t] ?? null)}–${reading(v.max[t] ?? null)})`;
}

/** "60–100 bpm", or "no normal range". */
export function normalRangeText(v: HourlyVariable): string {
  return v.normal ? `${v.normal.low}–${v.normal.high} ${v.unit}` : 'no normal range';
}
