// A comparison's rows as the app shows them: the cells come from the shared formatters
// `toe compare` and its PDF print with (src/shared/run-comparison.ts, figure-text.ts), so a
// figure, its contrast and its reading read the same on every front end.
import { figureCell, pValueCell } from '../../../shared/figure-text';
import {
  betterText,
  contrastCell,
  readingText,
  type FigureDifference,
} from '../../../shared/run-comparison';

/** One row of a comparison table. */
export interface ComparisonRow {
  key: string;
  label: string;
  difference: FigureDifference;
  /** How its numbers read: evidence sizes and observed ÷ expected with two decimals. */
  style: 'decimal' | 'units';
}

/** Every cell of a row, formatted. */
export function comparisonCells(row: ComparisonRow) {
  const d = row.difference;
  return {
    better: betterText(d.better),
    a: figureCell(d.a, row.style),
    b: figureCell(d.b, row.style),
    contrast: contrastCell(d, row.style),
    adjustedP: pValueCell(d.adjustedP),
    reading: readingText(d),
  };
}
