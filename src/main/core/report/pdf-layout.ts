/**
 * The report's page model on pdfkit: A4 geometry, the two fonts, headings that never sit
 * alone at the foot of a page, paragraphs, key–value blocks, images and quotes, and, once
 * the content is laid out, a banner and a footer on every page (pages are buffered so the
 * footer can say "page 3 of 17"). Sections record the page they start on, for the TRIPOD map.
 */
import PDFDocument from 'pdfkit';
import { drawPageFurniture } from './page-furniture';
import type { ReportFonts } from './report-fonts';

import { COLOURS, FONT, TYPE } from './report-style';

const MARGINS = { top: 52, bottom: 50, left: 48, right: 48 };

export interface LayoutOptions {
  fonts: ReportFonts;
  /** Printed in a red band at the top of every page (the SYNTHETIC warning), or null. */
  banner: string | null;
  /** Left part of every footer; the right part is "Page i of n". */
  footer: string;
  title: string;
  subject: string;
  /** The PDF's creation date: the report's own date, so metadata and cover agree. */
  created: Date;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: string;
  indent?: number;
  gapAfter?: number;
  align?: 'left' | 'right' | 'center' | 'justify';
}

export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  private readonly starts = new Map<string, number>();
  private pageEmpty = true;

  constructor(private readonly options: LayoutOptions) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGINS,
      bufferPages: true,
      info: {
        Title: options.title,
        Subject: options.subject,
        Creator: 'ToE Audit',
        Producer: 'ToE Audit (pdfkit)',
        CreationDate: options.created,
      },
    });
    this.doc.registerFont(FONT.regular, options.fonts.regular);
    this.doc.registerFont(FONT.bold, options.fonts.bold);
    this.doc.on('pageAdded', () => {
      this.pageEmpty = true;
      this.doc.x = this.left;
    });
    this.style({});
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  get top(): number {
    return this.doc.page.margins.top;
  }

  /** 1-based number of the page being written. */
  get pageNumber(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count;
  }

  /** The page a section started on, for cross-references. */
  sectionPage(id: string): number | undefined {
    return this.starts.get(id);
  }

  style(s: TextStyle): PDFKit.PDFDocument {
    return this.doc
      .font(s.bold ? FONT.bold : FONT.regular)
      .fontSize(s.size ?? TYPE.body)
      .fillColor(s.colour ?? COLOURS.text);
  }

  /** Marks the page as written on: a section then needs a fresh page. */
  touch(): void {
    this.pageEmpty = false;
  }

  newPage(): void {
    this.doc.addPage();
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  /** A numbered top-level section on a page of its own, with a PDF bookmark. */
  section(id: string, title: string): void {
    if (!this.pageEmpty) this.newPage();
    this.starts.set(id, this.pageNumber);
    this.doc.outline.addItem(title);
    this.style({ size: TYPE.h1, bold: true, colour: COLOURS.accent });
    this.doc.text(title, this.left, this.top, { width: this.width });
    const y = this.doc.y + 3;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y);
    this.doc.lineWidth(1).strokeColor(COLOURS.accent).stroke();
    this.doc.y = y + 8;
    this.touch();
  }

  /** A sub-heading, kept with at least `keep` points of what follows it. */
  heading(text: string, keep = 60): void {
    this.style({ size: TYPE.h2, bold: true, colour: COLOURS.accent });
    this.ensureSpace(this.doc.heightOfString(text, { width: this.width }) + keep);
    this.doc.y += this.doc.y > this.top + 1 ? 4 : 0;
    this.doc.text(text, this.left, this.doc.y, { width: this.width });
    this.doc.y += 3;
    this.touch();
  }

  /** Flowing text; pdfkit breaks pages inside it as needed. */
  paragraph(text: string, s: TextStyle = {}): void {
    const indent = s.indent ?? 0;
    this.style(s);
    this.ensureSpace(this.doc.currentLineHeight(true) * 2);
    this.doc.text(text, this.left + indent, this.doc.y, {
      width: this.width - indent,
      align: s.align ?? 'left',
      lineGap: 1,
    });
    this.doc.y += s.gapAfter ?? 5;
    this.doc.x = this.left;
    this.touch();
  }

  bullets(items: readonly string[], s: TextStyle = {}): void {
    for (const item of items) {
      this.style(s);
      this.ensureSpace(this.doc.currentLineHeight(true) * 2);
      const y = this.doc.y;
      this.doc.text('•', this.left + 4, y, { lineBreak: false });
      this.doc.y = y;
      this.paragraph(item, { ...s, indent: 14, gapAfter: 2 });
    }
    this.doc.y += 3;
  }

  /**
   * As many of `items` as fit on this page as bullets; if some do not, the last bullet is
   * `more(n)` for the n left out. For a section that promises one page (the summary).
   */
  bulletsOnPage(items: readonly string[], more: (left: number) => string, s: TextStyle = {}): void {
    this.style(s);
    // As bullets() lays them out: at least two lines' room each, then a 2 pt gap; 3 pt after.
    const line = this.doc.currentLineHeight(true);
    const height = (text: string) =>
      Math.max(this.doc.heightOfString(text, { width: this.width - 14, lineGap: 1 }), 2 * line) + 3;
    let room = this.bottom - this.doc.y - 6;
    let shown = 0;
    for (const [i, item] of items.entries()) {
      const left = items.length - i - 1;
      const reserve = left > 0 ? height(more(left)) : 0;
      if (height(item) + reserve > room) break;
      room -= height(item);
      shown++;
    }
    const left = items.length - shown;
    this.bullets(left > 0 ? [...items.slice(0, shown), more(left)] : items, s);
  }

  /** Label–value lines, labels in bold in a fixed column; values wrap in theirs. */
  keyValues(rows: readonly (readonly [string, string])[], labelWidth = 150): void {
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of rows) {
      this.style({});
      const height = Math.max(
        this.doc.heightOfString(value, { width: valueWidth }),
        this.style({ bold: true }).heightOfString(label, { width: labelWidth - 8 }),
      );
      this.ensureSpace(height + 2);
      const y = this.doc.y;
      this.doc.text(label, this.left, y, { width: labelWidth - 8 });
      this.style({}).text(value, this.left + labelWidth, y, { width: valueWidth });
      this.doc.y = y + height + 2.5;
    }
    this.doc.x = this.left;
    this.doc.y += 4;
    this.touch();
  }

  /** A PNG at the full text width (or `width`), kept whole on one page, with a caption. */
  image(png: Buffer, height: number, caption?: string, width = this.width): void {
    this.style({ size: TYPE.small, colour: COLOURS.muted });
    const captionHeight = caption ? this.doc.heightOfString(caption, { width }) + 3 : 0;
    this.ensureSpace(height + captionHeight + 6);
    const y = this.doc.y;
    this.doc.image(png, this.left, y, { width, height });
    this.doc.y = y + height + 3;
    if (caption) this.doc.text(caption, this.left, this.doc.y, { width });
    this.doc.x = this.left;
    this.doc.y += 6;
    this.touch();
  }

  /** Quoted source text with a grey bar on the left; `label` names where it comes from. */
  quote(label: string, text: string): void {
    this.style({ bold: true, size: TYPE.small, colour: COLOURS.muted });
    this.ensureSpace(40);
    this.doc.text(label, this.left + 10, this.doc.y, { width: this.width - 10 });
    this.style({});
    const top = this.doc.y + 1;
    const startPage = this.pageNumber;
    this.doc.text(`“${text}”`, this.left + 10, top, { width: this.width - 10, lineGap: 1 });
    // The bar is drawn only when the quote stayed on one page (a split quote keeps its label).
    if (this.pageNumber === startPage) {
      this.doc.rect(this.left + 2, top, 2.5, this.doc.y - top).fill(COLOURS.rule);
    }
    this.doc.x = this.left;
    this.doc.y += 6;
    this.touch();
  }

  /** Draws the banner and footer on every page; call once, after the last content. */
  finish(): void {
    drawPageFurniture(this, this.options);
  }
}
