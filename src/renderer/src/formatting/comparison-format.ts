// A comparison's figures as text, as `toe compare` and its PDF print them: decimals (three,
// two for evidence sizes), a difference B − A always signed, a true minus sign, and the
// Benjamini–Hochberg outcome (docs/audit-metrics.md, "Comparing two runs").
import type { Estimate } from '../../../shared/estimate';
import { differenceStyle, figureCell, pValueCell } from '../../../shared/figure-text';
import type { FigureDifference } from '../../../shared/run-comparison';

/** Two decimals mark an evidence size (ComparisonRow.digits); every other figure is a decimal. */
const styleOf = (digits: number) => (digits === 2 ? 'units' : 'decimal');

/** One row of a comparison table. */
export interface ComparisonRow {
  key: string;
  label: string;
  difference: FigureDifference;
  /** Decimals printed (3 for shares and probabilities, 2 for evidence sizes). */
  digits: number;
}

/** "0.804 (0.708–0.881)". */
export function formatSide(e: Estimate, digits = 3): string {
  return figureCell(e, styleOf(digits));
}

/** "+0.030 (−0.014 to +0.069)". */
export function formatDifference(e: Estimate, digits = 3): string {
  return figureCell(e, differenceStyle(styleOf(digits)));
}

/** The BH-adjusted p-value: "0.012", "<0.001", or "–" when not tested. */
export function formatAdjustedP(d: FigureDifference): string {
  return pValueCell(d.adjustedP);
}

/** What the flag column says: flagged, not tested (and why), or nothing. */
export function flagText(d: FigureDifference): string {
  if (d.flagged) return 'Flagged';
  return d.notTested !== null ? `not tested: ${d.notTested}` : '';
}
