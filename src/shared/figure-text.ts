/**
 * The one way an audit figure (an Estimate) is written, on the dashboard, in the PDF, in the
 * Markdown reports and in the terminal: the same figure kind (a style) reads the same on
 * every front end. Two forms: the sentence form "12.5% (95% CI 8.0% to 17.1%)" and the
 * table-cell form "12.5% (8.0–17.1%)". Where no interval can be shown (printedBounds) the
 * sentence says "too few stays to estimate an interval" and the cell "— too few to
 * estimate"; a figure without a value says why (undefined: 0/0 or a class absent; infinite:
 * x/0), never 0, NaN or "∞" as if it were a number.
 */
import { NO_INTERVAL, NO_INTERVAL_SHORT, printedBounds, type Estimate } from './estimate';

/**
 * How a figure reads: a share as % ('percent'), a probability-scale number such as an AUROC
 * or a calibration error ('decimal'), a ratio such as an enrichment or FP/TP ratio ('ratio'),
 * a change of a share in percentage points ('points'), a mean or median evidence size
 * ('units'), a small quantity such as an AURC ('fine'); the '-signed' styles are differences
 * of two runs or policies in the same decimals, which always carry their sign.
 */
export type FigureStyle =
  | 'percent'
  | 'decimal'
  | 'ratio'
  | 'points'
  | 'units'
  | 'fine'
  | 'decimal-signed'
  | 'units-signed'
  | 'fine-signed';

/** The style of a difference of two figures written in `style` (B − A, policy − reference). */
export function differenceStyle(style: 'decimal' | 'units' | 'fine'): FigureStyle {
  return `${style}-signed`;
}

/** What an Estimate needs to be written; an Estimate fits as it is. */
export type WrittenFigure = Pick<Estimate, 'estimate' | 'lower' | 'upper' | 'missing'>;

/** A true minus sign (U+2212), as every negative figure is written; "-0.0" is just "0.0". */
const minus = (text: string) => (/^-[0.]*$/.test(text) ? text.slice(1) : text.replace('-', '−'));

/**
 * "+0.030", "−0.014", "±0.000": a difference says which way it goes; one that rounds to
 * zero at the printed precision is "±" (a "−0.000" would claim a direction it lacks).
 */
function signed(digits: string, x: number): string {
  const zero = /^[0.]*$/.test(digits);
  return `${zero ? '±' : x > 0 ? '+' : '−'}${digits}`;
}

/** A number's digits in a style, and the unit written after it ('%', '×', ' pp' or none). */
function parts(x: number, style: FigureStyle): { digits: string; unit: string } {
  switch (style) {
    case 'percent':
      return { digits: minus((100 * x).toFixed(1)), unit: '%' };
    case 'decimal':
      return { digits: minus(x.toFixed(3)), unit: '' };
    case 'ratio':
      return { digits: x.toFixed(2), unit: '×' };
    case 'points':
      return { digits: signed(Math.abs(100 * x).toFixed(1), x), unit: ' pp' };
    case 'units':
      return { digits: minus(x.toFixed(2)), unit: '' };
    case 'fine':
      return { digits: minus(x.toFixed(4)), unit: '' };
    case 'decimal-signed':
      return { digits: signed(Math.abs(x).toFixed(3), x), unit: '' };
    case 'units-signed':
      return { digits: signed(Math.abs(x).toFixed(2), x), unit: '' };
    case 'fine-signed':
      return { digits: signed(Math.abs(x).toFixed(4), x), unit: '' };
  }
}

/** One number in a style: "12.5%", "0.804", "1.19×", "+3.2 pp". */
export function figureNumber(x: number, style: FigureStyle): string {
  const { digits, unit } = parts(x, style);
  return `${digits}${unit}`;
}

/** Why a figure has no value: "n/a (undefined)" for 0/0 or a class absent, "∞ (infinite)". */
function missingText(f: WrittenFigure): string {
  return f.missing === 'infinite' ? '∞ (infinite)' : 'n/a (undefined)';
}

/** The value alone: "12.5%", or "n/a (undefined)" / "∞ (infinite)" with why it has none. */
export function estimateText(f: WrittenFigure, style: FigureStyle): string {
  return f.estimate === null ? missingText(f) : figureNumber(f.estimate, style);
}

/** "95% CI 8.0% to 17.1%", or "too few stays to estimate an interval" (printedBounds). */
export function intervalText(f: WrittenFigure, style: FigureStyle): string {
  const bounds = printedBounds(f, (x) => figureNumber(x, style));
  return bounds === null ? NO_INTERVAL : `95% CI ${bounds[0]} to ${bounds[1]}`;
}

/** The sentence form: "12.5% (95% CI 8.0% to 17.1%)"; a figure without a value says why. */
export function figureText(f: WrittenFigure, style: FigureStyle): string {
  if (f.estimate === null) return estimateText(f, style);
  return `${estimateText(f, style)} (${intervalText(f, style)})`;
}

/**
 * The table-cell form: "12.5% (8.0–17.1%)", the unit written once after the upper bound;
 * "0.500 — too few to estimate"; without a value, why (as estimateText). A bound with a sign
 * spells the range out ("−0.014 to +0.069"): "−23.2–82.4" would read as two negatives.
 */
export function figureCell(f: WrittenFigure, style: FigureStyle): string {
  if (f.estimate === null) return missingText(f);
  const value = figureNumber(f.estimate, style);
  const bounds = printedBounds(f, (x) => figureNumber(x, style));
  if (bounds === null || f.lower === null || f.upper === null)
    return `${value} — ${NO_INTERVAL_SHORT}`;
  const lower = parts(f.lower, style).digits;
  const { digits: upper, unit } = parts(f.upper, style);
  const to = /^[−+±]/.test(lower) || /^[−+±]/.test(upper) ? ' to ' : '–';
  return `${value} (${lower}${to}${upper}${unit})`;
}

/** A probability of one stay (p, C, S) with three decimals. */
export function probabilityText(x: number): string {
  return x.toFixed(3);
}

/** A p-value: "p = 0.012" to two significant digits, "p < 0.001" below that. */
export function pValueText(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toPrecision(2)}`;
}

/** A p-value in a table cell: "0.012", "<0.001", or "–" when it was not tested. */
export function pValueCell(p: number | null): string {
  if (p === null) return '–';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}
