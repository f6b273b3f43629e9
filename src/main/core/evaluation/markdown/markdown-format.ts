/**
 * How numbers appear in the Markdown report: an estimate always with its 95% interval, an
 * undefined figure as "n/a" (never 0 or NaN), tables as GitHub pipe tables.
 */
import type { Estimate } from '../../../../shared/estimate';

const digits = (x: number, n: number) => x.toFixed(n);

/** "0.800 (0.771–0.829)", or "n/a" when the figure is undefined on this cohort. */
export function withCi(e: Estimate | null | undefined, places = 3): string {
  if (!e || e.estimate === null) return 'n/a';
  const interval =
    e.lower === null || e.upper === null
      ? ' (CI n/a)'
      : ` (${digits(e.lower, places)}–${digits(e.upper, places)})`;
  return `${digits(e.estimate, places)}${interval}`;
}

/** A share as a percentage with its interval: "93.0% (88.1–96.9%)". */
export function percentWithCi(e: Estimate | null | undefined, places = 1): string {
  if (!e || e.estimate === null) return 'n/a';
  const pct = (x: number) => (100 * x).toFixed(places);
  const interval =
    e.lower === null || e.upper === null ? ' (CI n/a)' : ` (${pct(e.lower)}–${pct(e.upper)}%)`;
  return `${pct(e.estimate)}%${interval}`;
}

/** A ratio as "0.48× (0.40–0.57×)". */
export function timesWithCi(e: Estimate | null | undefined, places = 2): string {
  if (!e || e.estimate === null) return 'n/a';
  const interval =
    e.lower === null || e.upper === null
      ? ' (CI n/a)'
      : ` (${digits(e.lower, places)}–${digits(e.upper, places)}×)`;
  return `${digits(e.estimate, places)}×${interval}`;
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
