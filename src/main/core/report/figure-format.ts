/**
 * How the report prints numbers: a figure with its interval as "0.804 (0.708–0.881)", a
 * percentage as "12.5% (8.0–17.1%)", a figure whose interval cannot be shown with "too few
 * stays to estimate an interval" in its place, and a figure without a value as "—" followed by why
 * (JSON-safe figures carry the reason: 'undefined' for 0/0 or a missing class, 'infinite'
 * for x/0). One module, so the PDF, its tests and the export agree to the digit.
 */
import {
  NO_INTERVAL,
  NO_INTERVAL_SHORT,
  printedBounds,
  type Estimate,
  type MissingReason,
} from '../../../shared/estimate';

/** What a figure needs to be printed; an Estimate fits as it is. */
export type PrintedFigure = Pick<Estimate, 'estimate' | 'lower' | 'upper'> & {
  missing?: MissingReason | null;
};

export const DASH = '—';

const REASONS: Record<MissingReason, string> = {
  undefined: 'undefined: empty group or one class absent',
  infinite: 'infinite: division by zero',
};

/** "— (undefined: …)"; `short` drops the explanation, for narrow table cells. */
export function absent(missing: MissingReason | null | undefined, short = false): string {
  const reason = REASONS[missing ?? 'undefined'];
  return `${DASH} (${short ? reason.split(':')[0] : reason})`;
}

/** A plain number with fixed decimals ("0.804"); "—" for null or non-finite. */
export function decimal(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined || !Number.isFinite(x) ? DASH : x.toFixed(digits);
}

/**
 * " (8.0–17.1%)"; where no interval can be shown (printedBounds), what stands in its place:
 * " (too few stays to estimate an interval)", or " — too few to estimate" when `short`.
 */
function interval(
  f: PrintedFigure,
  show: (x: number) => string,
  suffix: string,
  short: boolean,
): string {
  const bounds = printedBounds(f, show);
  if (bounds === null) return short ? ` ${DASH} ${NO_INTERVAL_SHORT}` : ` (${NO_INTERVAL})`;
  // "−23.2–82.4" reads as a range of two negatives: spell the range out when a bound is negative.
  const to = f.lower! < 0 || f.upper! < 0 ? ' to ' : '–';
  return ` (${bounds[0]}${to}${bounds[1]}${suffix})`;
}

/** "0.804 (0.708–0.881)"; `short` words a missing value or interval for a table cell. */
export function figure(f: PrintedFigure, digits = 3, short = false): string {
  if (f.estimate === null) return absent(f.missing, short);
  const show = (x: number) => x.toFixed(digits);
  return `${show(f.estimate)}${interval(f, show, '', short)}`;
}

/** "12.5% (8.0–17.1%)" for a share in [0, 1]. */
export function percent(f: PrintedFigure, digits = 1, short = false): string {
  if (f.estimate === null) return absent(f.missing, short);
  const show = (x: number) => (100 * x).toFixed(digits);
  return `${show(f.estimate)}%${interval(f, show, '%', short)}`;
}

/** "12.5%" without the interval. */
export function percentPoint(x: number | null, digits = 1): string {
  return x === null || !Number.isFinite(x) ? DASH : `${(100 * x).toFixed(digits)}%`;
}

/** "3 of 24 (12.5%)". */
export function countOf(part: number, whole: number): string {
  return `${part} of ${whole}${whole > 0 ? ` (${percentPoint(part / whole)})` : ''}`;
}

/**
 * Unit labels as the UI prints them: window t (0-based id t) is W{t+1}, note slot j (id
 * T + j) is N{j+1} (docs/method.md, "Units and ids").
 */
export function unitLabel(unit: number, windows: number): string {
  return unit < windows ? `W${unit + 1}` : `N${unit - windows + 1}`;
}

export function unitLabels(units: readonly number[], windows: number): string[] {
  return units.map((u) => unitLabel(u, windows));
}

/** An ISO instant as "2026-11-22 02:19 UTC": dates in a report are read by people. */
export function utcMinute(iso: string | null): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
