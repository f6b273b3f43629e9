// Audit figures ({estimate, lower, upper, missing}) as text: the estimate, then its 95%
// interval, or "too few stays to estimate an interval" where none can be shown (no bounds,
// or bounds that print the same). A null estimate says why (undefined: 0/0 or a class
// absent; infinite: x/0).
import { NO_INTERVAL, printedBounds, type Estimate } from '../../../shared/estimate';

/**
 * How a figure reads: a share as %, a probability-scale number, a ratio, a change in points,
 * a count-like mean; 'fine' and 'fine-signed' are small quantities such as an AURC and a
 * difference of two, with four decimals (a difference always carries its sign).
 */
export type FigureStyle =
  'percent' | 'decimal' | 'ratio' | 'points' | 'units' | 'fine' | 'fine-signed';

/** A true minus sign (U+2212), as every other negative figure on screen is written. */
const signed = (text: string, x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${text}`;

function number(x: number, style: FigureStyle): string {
  switch (style) {
    case 'percent':
      return `${(100 * x).toFixed(1)}%`;
    case 'decimal':
      return x.toFixed(3);
    case 'ratio':
      return `${x.toFixed(2)}×`;
    case 'points':
      return signed(`${Math.abs(100 * x).toFixed(1)} pp`, x);
    case 'units':
      return x.toFixed(1);
    case 'fine':
      return x.toFixed(4).replace('-', '−');
    case 'fine-signed':
      return signed(Math.abs(x).toFixed(4), Number(x.toFixed(4)));
  }
}

export function formatEstimate(figure: Estimate, style: FigureStyle): string {
  if (figure.estimate !== null) return number(figure.estimate, style);
  return figure.missing === 'infinite' ? '∞ (infinite)' : 'n/a (undefined)';
}

/** "95% CI 8.0% to 17.1%", or "too few stays to estimate an interval" (printedBounds). */
export function formatInterval(figure: Estimate, style: FigureStyle): string {
  const bounds = printedBounds(figure, (x) => number(x, style));
  return bounds === null ? NO_INTERVAL : `95% CI ${bounds[0]} to ${bounds[1]}`;
}

export function formatFigure(figure: Estimate, style: FigureStyle): string {
  if (figure.estimate === null) return formatEstimate(figure, style);
  return `${formatEstimate(figure, style)} (${formatInterval(figure, style)})`;
}

/** A probability (p, C, S) with three decimals. */
export function formatProbability(x: number): string {
  return x.toFixed(3);
}
