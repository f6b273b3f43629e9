/**
 * What every page carries once the content is laid out: the red SYNTHETIC banner at the top
 * (when the cohort is simulated, so that no page can be shown out of context as real data)
 * and a footer with the run and "Page i of n". Pages are buffered, so n is known here.
 */
import { COLOURS, TYPE } from './report-style';

/**
 * What the furniture needs of the page layout. Declared here rather than imported from
 * pdf-layout.ts, which calls drawPageFurniture: the two modules would otherwise import each other.
 */
export interface FurnitureLayout {
  readonly doc: PDFKit.PDFDocument;
  style(style: { bold?: boolean; size?: number; colour?: string }): void;
}

/** The banner (the SYNTHETIC warning, or null) and the footer's left part. */
export interface FurnitureText {
  banner: string | null;
  footer: string;
}

const BANNER_HEIGHT = 20;

export function drawPageFurniture(layout: FurnitureLayout, options: FurnitureText): void {
  const doc = layout.doc;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i++) {
    doc.switchToPage(i);
    const page = doc.page;
    const saved = { ...page.margins };
    // Writing inside the margins must not make pdfkit open a new page.
    page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    if (options.banner) {
      doc.rect(0, 0, page.width, BANNER_HEIGHT).fill(COLOURS.banner);
      layout.style({ bold: true, size: 8.5, colour: '#ffffff' });
      doc.text(options.banner, 0, 6, { width: page.width, align: 'center', lineBreak: false });
    }
    const y = page.height - saved.bottom + 14;
    doc.moveTo(saved.left, y - 4).lineTo(page.width - saved.right, y - 4);
    doc.lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    layout.style({ size: TYPE.small, colour: COLOURS.muted });
    const width = page.width - saved.left - saved.right;
    doc.text(options.footer, saved.left, y, { width: width - 70, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${total}`, saved.left, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    page.margins = saved;
  }
}
