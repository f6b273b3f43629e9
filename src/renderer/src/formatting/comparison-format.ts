// A comparison's figures as text, as `toe compare` and its PDF print them: decimals (three,
// two for evidence sizes), a difference B − A always signed, a true minus sign, and the
// Benjamini–Hochberg outcome (docs/audit-metrics.md, "Comparing two runs").
import { NO_INTERVAL_SHORT, printedBounds, type Estimate } from '../../../shared/estimate';
import type { FigureDifference } from '../../../shared/run-comparison';

const plain = (x: number, digits: number) => x.toFixed(digits).replace('-', '−');
const signed = (x: number, digits: number) => `${x > 0 ? '+' : ''}${plain(x, digits)}`;

/** "0.708 to 0.881", or "too few to estimate" where no interval can be shown (printedBounds). */
function interval(e: Estimate, show: (x: number) => string): string {
  const bounds = printedBounds(e, show);
  return bounds === null ? NO_INTERVAL_SHORT : `${bounds[0]} to ${bounds[1]}`;
}

function missing(e: Estimate): string {
  return e.missing === 'infinite' ? '∞ (infinite)' : 'n/a';
}

/** One row of a comparison table. */
export interface ComparisonRow {
  key: string;
  label: string;
  difference: FigureDifference;
  /** Decimals printed (3 for shares and probabilities, 2 for evidence sizes). */
  digits: number;
}

/** "0.804 (0.708 to 0.881)". */
export function formatSide(e: Estimate, digits = 3): string {
  if (e.estimate === null) return missing(e);
  const show = (x: number) => plain(x, digits);
  return `${show(e.estimate)} (${interval(e, show)})`;
}

/** "+0.030 (−0.014 to +0.069)". */
export function formatDifference(e: Estimate, digits = 3): string {
  if (e.estimate === null) return missing(e);
  const show = (x: number) => signed(x, digits);
  return `${show(e.estimate)} (${interval(e, show)})`;
}

/** The BH-adjusted p-value: "0.012", "<0.001", or "–" when not tested. */
export function formatAdjustedP(d: FigureDifference): string {
  if (d.adjustedP === null) return '–';
  return d.adjustedP < 0.001 ? '<0.001' : d.adjustedP.toFixed(3);
}

/** What the flag column says: flagged, not tested (and why), or nothing. */
export function flagText(d: FigureDifference): string {
  if (d.flagged) return 'Flagged';
  return d.notTested !== null ? `not tested: ${d.notTested}` : '';
}
