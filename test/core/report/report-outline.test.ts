/**
 * The preview's contents: a PDF's top-level bookmarks read back with the page each opens
 * at, as the report writer adds them (pdfkit's outline), so each entry can turn the preview
 * to its section.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfOutline } from '../../../src/main/core/report/report-outline';

/** Five A4 pages; bookmarks on pages 1, 2 and 4, one with a child that is not listed. */
async function bookmarkedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text('Summary');
  doc.outline.addItem('1. Summary');
  doc.addPage().text('Performance');
  const performance = doc.outline.addItem('2. Performance');
  doc.addPage().text('Calibration');
  performance.addItem('Calibration');
  doc.addPage().text('Methods');
  doc.outline.addItem('Appendix A. Methods');
  doc.addPage().text('More methods');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('the outline of a PDF', () => {
  it('lists the top-level bookmarks in order with their pages', async () => {
    expect(await pdfOutline(await bookmarkedPdf())).toEqual([
      { title: '1. Summary', page: 1 },
      { title: '2. Performance', page: 2 },
      { title: 'Appendix A. Methods', page: 4 },
    ]);
  });

  it('is empty for a PDF without bookmarks', async () => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => doc.on('end', resolve));
    doc.text('No sections');
    doc.end();
    await ended;
    expect(await pdfOutline(Buffer.concat(chunks))).toEqual([]);
  });
});
