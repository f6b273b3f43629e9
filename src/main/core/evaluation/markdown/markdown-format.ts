/**
 * How numbers appear in the Markdown report: an estimate with its 95% interval, or with
 * "— too few to estimate" where no interval can be shown (printedBounds), an undefined figure
 * as "n/a" (never 0 or NaN), tables as GitHub pipe tables.
 */
import { NO_INTERVAL_SHORT, printedBounds, type Estimate } from '../../../../shared/estimate';

const digits = (x: number, n: number) => x.toFixed(n);

/** " (0.771–0.829)" with `suffix` after the upper bound, or " — too few to estimate". */
function interval(e: Estimate, show: (x: number) => string, suffix = ''): string {
  const bounds = printedBounds(e, show);
  return bounds === null ? ` — ${NO_INTERVAL_SHORT}` : ` (${bounds[0]}–${bounds[1]}${suffix})`;
}

/** "0.800 (0.771–0.829)", or "n/a" when the figure is undefined on this cohort. */
export function withCi(e: Estimate | null | undefined, places = 3): string {
  if (!e || e.estimate === null) return 'n/a';
  const show = (x: number) => digits(x, places);
  return `${show(e.estimate)}${interval(e, show)}`;
}

/** A share as a percentage with its interval: "93.0% (88.1–96.9%)". */
export function percentWithCi(e: Estimate | null | undefined, places = 1): string {
  if (!e || e.estimate === null) return 'n/a';
  const pct = (x: number) => (100 * x).toFixed(places);
  return `${pct(e.estimate)}%${interval(e, pct, '%')}`;
}

/** A ratio as "0.48× (0.40–0.57×)". */
export function timesWithCi(e: Estimate | null | undefined, places = 2): string {
  if (!e || e.estimate === null) return 'n/a';
  const show = (x: number) => digits(x, places);
  return `${show(e.estimate)}×${interval(e, show, '×')}`;
}

/** A pipe table; a '|' inside a cell (as in "mean |E|") is escaped so it cannot split it. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A figure beside the Markdown, linked relatively so the folder can be moved as a whole. */
export function figureLink(file: string, caption: string): string {
  return `![${caption}](${file})`;
}

/** Points every figure line at `folder` (e.g. "demo-E1/" for a copy kept next to the PNGs' folder). */
export function relinkFigures(markdown: string, folder: string): string {
  if (folder === '') return markdown;
  return markdown.replace(/^!\[([^\]]*)\]\(([^)]+)\)$/gm, (_, caption: string, file: string) =>
    figureLink(`${folder}${file}`, caption),
  );
}

/** The budgets of `preferred` that were run, or every budget run if none was. */
export function budgetsShown(preferred: readonly number[], ks: readonly number[]): number[] {
  const shown = preferred.filter((k) => ks.includes(k));
  return shown.length > 0 ? shown : [...ks];
}

/** The budget run closest to `target` (ties to the smaller), for single-budget tables. */
export function nearestBudget(target: number, ks: readonly number[]): number | undefined {
  return [...ks].sort((a, b) => Math.abs(a - target) - Math.abs(b - target) || a - b)[0];
}
