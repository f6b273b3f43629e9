/**
 * Tables for the report: columns sized by weight, cells that wrap, rows that never split
 * across pages, and the header row repeated on every page a table continues onto. A cell can
 * be emphasised (bold, coloured) so that flags stand out without a second table.
 */
import type { PdfLayout } from './pdf-layout';
import { COLOURS, TYPE } from './report-style';

export interface Column {
  header: string;
  /** Relative width: columns share the text width in proportion to their weights. */
  weight: number;
  align?: 'left' | 'right' | 'center';
}

export type Cell = string | { text: string; bold?: boolean; colour?: string };

export interface TableOptions {
  size?: number;
  /** A light band behind every other row. */
  zebra?: boolean;
  /** Rows whose cells are all drawn in bold (totals). */
  boldRows?: ReadonlySet<number>;
}

const PAD_X = 3;
const PAD_Y = 2.2;

const textOf = (cell: Cell) => (typeof cell === 'string' ? cell : cell.text);

export function drawTable(
  layout: PdfLayout,
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  options: TableOptions = {},
): void {
  const doc = layout.doc;
  const size = options.size ?? TYPE.small;
  const total = columns.reduce((s, c) => s + c.weight, 0);
  const widths = columns.map((c) => (layout.width * c.weight) / total);
  const lefts = widths.map((_, i) => layout.left + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const rowHeight = (cells: readonly Cell[], bold: (i: number) => boolean) =>
    Math.max(
      ...cells.map((cell, i) =>
        layout
          .style({ size, bold: bold(i) })
          .heightOfString(textOf(cell) || ' ', { width: widths[i]! - 2 * PAD_X }),
      ),
    ) +
    2 * PAD_Y;

  const drawRow = (
    cells: readonly Cell[],
    y: number,
    height: number,
    header: boolean,
    bold: (i: number) => boolean,
  ) => {
    cells.forEach((cell, i) => {
      const colour = typeof cell === 'string' ? undefined : cell.colour;
      layout.style({ size, bold: bold(i), colour: header ? COLOURS.accent : colour });
      doc.text(textOf(cell), lefts[i]! + PAD_X, y + PAD_Y, {
        width: widths[i]! - 2 * PAD_X,
        align: columns[i]!.align ?? 'left',
        lineGap: 0,
      });
    });
    doc.moveTo(layout.left, y + height).lineTo(layout.left + layout.width, y + height);
    doc
      .lineWidth(header ? 0.8 : 0.3)
      .strokeColor(header ? COLOURS.accent : COLOURS.rule)
      .stroke();
  };

  const headerCells = columns.map((c) => c.header);
  const headerHeight = rowHeight(headerCells, () => true);
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(layout.left, y, layout.width, headerHeight).fill(COLOURS.band);
    drawRow(headerCells, y, headerHeight, true, () => true);
    doc.y = y + headerHeight;
  };

  const firstHeight = rows.length > 0 ? rowHeight(rows[0]!, () => false) : 0;
  layout.ensureSpace(headerHeight + firstHeight + 2);
  drawHeader();
  rows.forEach((cells, r) => {
    const bold = (i: number) => {
      const cell = cells[i];
      return options.boldRows?.has(r) === true || (typeof cell === 'object' && cell.bold === true);
    };
    const height = rowHeight(cells, bold);
    // A row taller than a whole page cannot be kept whole; it is drawn and clipped by pdfkit.
    if (doc.y + height > layout.bottom && height < layout.bottom - layout.top - headerHeight) {
      layout.newPage();
      drawHeader();
    }
    const y = doc.y;
    if (options.zebra && r % 2 === 1) {
      doc.rect(layout.left, y, layout.width, height).fill('#f7f7f7');
    }
    drawRow(cells, y, height, false, bold);
    doc.y = y + height;
  });
  doc.x = layout.left;
  doc.y += 6;
  layout.touch();
}
