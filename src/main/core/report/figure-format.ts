/**
 * How the report prints numbers: a figure as a table cell of the one formatter
 * (shared/figure-text.ts), "12.5% (8.0–17.1%)", "0.500 — too few to estimate" where no
 * interval can be shown, "n/a (undefined)" without a value; plain numbers, unit labels and
 * dates. One module, so the PDF, its tests and the export agree to the digit.
 */
import { figureCell, type FigureStyle, type WrittenFigure } from '../../../shared/figure-text';

export const DASH = '—';

/** A plain number with fixed decimals ("0.804"); "—" for null or non-finite. */
export function decimal(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined || !Number.isFinite(x) ? DASH : x.toFixed(digits);
}

/** "0.804 (0.708–0.881)", "12.5% (8.0–17.1%)": a figure in its style, with its interval. */
export function figure(f: WrittenFigure, style: FigureStyle = 'decimal'): string {
  return figureCell(f, style);
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
