/**
 * A page of a PDF as a PNG, under plain Node: the preview the app shows of a report before
 * the user saves it, page by page. pdf.js draws the page (its legacy build, the one pdf.js documents for
 * Node) on @napi-rs/canvas, the canvas the report's charts already use, so no system
 * renderer (poppler, a browser) is needed on the user's machine.
 */
import { createCanvas } from '@napi-rs/canvas';

/** Wide enough to read the cover in the app, small enough to cross IPC (about 200 kB). */
export const PREVIEW_WIDTH_PX = 800;

export async function pagePng(
  pdf: Uint8Array,
  pageNumber = 1,
  widthPx = PREVIEW_WIDTH_PX,
): Promise<Buffer> {
  if (!Number.isInteger(widthPx) || widthPx < 1 || widthPx > 8000) {
    throw new RangeError(`A preview is 1 to 8,000 pixels wide, not ${widthPx}.`);
  }
  // Loaded on first use: pdf.js is large and installs canvas globals (DOMMatrix, Path2D)
  // when imported, which the CLI's other commands and the server's other calls never need.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: pdf.js refuses Node Buffers and may detach the array it is given. No eval: the
  // PDF is our own, but pdf.js needs no generated code to draw it.
  const loading = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false });
  try {
    const document = await loading.promise;
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > document.numPages) {
      throw new RangeError(`The report has pages 1 to ${document.numPages}, not ${pageNumber}.`);
    }
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale: widthPx / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(widthPx, Math.round(viewport.height));
    // White, not transparent: a transparent page shows black or dark-theme grey behind it.
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    return await canvas.encode('png');
  } finally {
    await loading.destroy();
  }
}
