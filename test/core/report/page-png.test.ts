/**
 * The preview of page 1 the Reports view shows: pdf.js on @napi-rs/canvas, under plain Node.
 * A drawn shape lands where the PDF puts it on a white page; the report of a real run (through
 * the `reports.pdf` call the view makes) gives a PNG of the preview's width that is a page
 * with content, and a different report gives a different picture.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { writeAuditReport } from '../../../src/main/core/report/audit-report';
import { pagePng, PREVIEW_WIDTH_PX } from '../../../src/main/core/report/page-png';
import { SECTIONS } from '../../../src/main/core/report/report-sections';
import { PreparedReports } from '../../../src/main/core/report/prepared-reports';
import { ReviewStore } from '../../../src/main/core/audit/review-store';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { CHECKOUT_RESOURCES } from '../../../src/main/core/shipped-resources';
import type { CallResult } from '../../../src/shared/contract';
import { auditedDemo } from './report-fixture';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A4 in PDF points, as pdfkit and the report lay it out. */
const A4 = { width: 595.28, height: 841.89 };

interface Raster {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8ClampedArray;
}

async function decode(png: Buffer): Promise<Raster> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, pixels: data };
}

/** Opaque and not (near) white: ink on the page. */
function isInk(pixels: Uint8ClampedArray, index: number): boolean {
  const [r, g, b, a] = [0, 1, 2, 3].map((k) => pixels[index * 4 + k]!);
  return a! > 250 && Math.min(r!, g!, b!) < 235;
}

function inkShare({ width, height, pixels }: Raster, box = { x: 0, y: 0, width, height }): number {
  let ink = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) if (isInk(pixels, y * width + x)) ink += 1;
  }
  return ink / (box.width * box.height);
}

/** A one-page A4 PDF with a black square over the top-left quarter of the page. */
async function quarterSquarePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.rect(0, 0, A4.width / 2, A4.height / 2).fill('#000000');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('page 1 of a PDF as a PNG', () => {
  it('draws what the PDF holds where it holds it, on a white page', async () => {
    const raster = await decode(await pagePng(await quarterSquarePdf(), 1, 200));
    expect(raster.width).toBe(200);
    expect(raster.height).toBe(Math.round((200 * A4.height) / A4.width));
    const half = { width: 100, height: Math.floor(raster.height / 2) };
    // A pixel of margin inside each quarter: the square's edge is anti-aliased.
    const inner = (x: number, y: number) => ({
      x: x + 1,
      y: y + 1,
      width: half.width - 2,
      height: half.height - 2,
    });
    expect(inkShare(raster, inner(0, 0))).toBe(1);
    expect(inkShare(raster, inner(half.width, 0))).toBe(0);
    expect(inkShare(raster, inner(0, half.height))).toBe(0);
    expect(inkShare(raster, inner(half.width, half.height))).toBe(0);
  });

  it('refuses a width no preview has', async () => {
    await expect(pagePng(await quarterSquarePdf(), 1, 0)).rejects.toThrow(/1 to 8,000 pixels/);
  });
});

describe('the preview of a real audit report', () => {
  let demo: Awaited<ReturnType<typeof auditedDemo>>;
  let prepared: CallResult<'reports.pdf'>;
  let out: string;

  beforeAll(async () => {
    demo = await auditedDemo(200);
    out = mkdtempSync(join(tmpdir(), 'report-preview-'));
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    const outcome = await dispatch(handlers, 'reports.pdf', { runId: demo.run.id });
    if (!outcome.ok) throw new Error(`reports.pdf: ${outcome.error.message}`);
    prepared = outcome.value as CallResult<'reports.pdf'>;
  });
  afterAll(() => {
    demo?.dispose();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('comes with the PDF it previews, its page count and sections', () => {
    expect(prepared.fileName).toBe(`toe-audit-run-${demo.run.id}.pdf`);
    expect(Buffer.from(prepared.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe(
      '%PDF-',
    );
    expect(prepared.pages).toBeGreaterThan(5);
    expect(prepared.sections).toEqual(Object.values(SECTIONS));
  });

  it('is a PNG of the preview width that shows a page with content', async () => {
    const png = Buffer.from(prepared.pageOnePngBase64, 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const raster = await decode(png);
    expect(raster.width).toBe(PREVIEW_WIDTH_PX);
    expect(raster.height).toBe(Math.round((PREVIEW_WIDTH_PX * A4.height) / A4.width));
    // The cover: a SYNTHETIC banner, the title and three tables of facts (about 8% ink at
    // this size), on white margins.
    expect(inkShare(raster)).toBeGreaterThan(0.03);
    expect(inkShare(raster)).toBeLessThan(0.3);
    expect(inkShare(raster, { x: 0, y: raster.height - 20, width: 20, height: 20 })).toBe(0);
  });

  it('changes when the report says something else', async () => {
    const render = async (generatedAt: string): Promise<Buffer> => {
      const path = join(out, `${generatedAt.slice(0, 4)}.pdf`);
      await writeAuditReport(demo.store, demo.run.id, path, { seed: 7, generatedAt });
      return pagePng(readFileSync(path));
    };
    const first = await render('2026-11-22T12:00:00.000Z');
    expect(await render('2026-11-22T12:00:00.000Z')).toEqual(first);
    expect(await render('2031-05-03T08:00:00.000Z')).not.toEqual(first);
  });

  it('draws any page on request, from the bytes it keeps', async () => {
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    const second = await dispatch(handlers, 'reports.page', { runId: demo.run.id, page: 2 });
    if (!second.ok) throw new Error(second.error.message);
    const { pngBase64, pages } = second.value as CallResult<'reports.page'>;
    expect(pages).toBe(prepared.pages);
    expect(pngBase64).not.toBe(prepared.pageOnePngBase64);
    expect(Buffer.from(pngBase64, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const beyond = await dispatch(handlers, 'reports.page', {
      runId: demo.run.id,
      page: prepared.pages + 1,
    });
    expect(beyond.ok).toBe(false);
  });

  it('writes a report once per state of its run and reviews', async () => {
    const reports = new PreparedReports(demo.store, CHECKOUT_RESOURCES.fontsDir);
    const first = await reports.get(demo.run.id, 7);
    expect(await reports.get(demo.run.id, 7)).toBe(first);
    expect(await reports.get(demo.run.id, 8)).not.toBe(first);
    const stayId = new RunStore(demo.store).results(demo.run.id, { limit: 1 })[0]!.stayId;
    new ReviewStore(demo.store).set(demo.run.id, stayId, 'discuss', 'check the lactate');
    const afterReview = await reports.get(demo.run.id, 7);
    expect(afterReview).not.toBe(first);
    expect(await reports.get(demo.run.id, 7)).toBe(afterReview);
  });
});
