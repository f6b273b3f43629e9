/**
 * How numbers appear on a results page: a figure as a table cell of the one formatter
 * (shared/figure-text.ts), with its 95% interval or "— too few to estimate", an undefined
 * figure as "n/a" (never 0 or NaN); tables as GitHub pipe tables.
 */
import type { Estimate } from '../../../../shared/estimate';
import { figureCell, type FigureStyle } from '../../../../shared/figure-text';

/** "0.800 (0.771–0.829)" in `style` (shared/figure-text.ts), or "n/a" for a figure not computed. */
export function withCi(e: Estimate | null | undefined, style: FigureStyle = 'decimal'): string {
  return e ? figureCell(e, style) : 'n/a';
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
