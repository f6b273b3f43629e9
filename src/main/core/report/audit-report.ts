/**
 * `toe report RUN --out audit.pdf`: gathers the run's figures from the store, lays out every
 * section, and writes the PDF atomically (to a temporary file renamed into place, so a crash
 * or a full disk never leaves half a report under the requested name).
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Store } from '../store';
import { drawAbstention } from './abstention';
import { gatherReportData } from './audit-report-data';
import { drawBias } from './bias';
import { drawCommitteeSummary } from './committee-summary';
import { drawCover } from './cover';
import { drawExampleTraces } from './example-traces';
import { drawExhaustion } from './exhaustion';
import { drawMethodsAppendix } from './methods-appendix';
import { drawMonitoring } from './monitoring';
import { PdfLayout } from './pdf-layout';
import { drawPerformance } from './performance';
import type { ReportData } from './report-data-types';
import { findReportFonts, registerChartFonts, REPORT_FONTS_DIR } from './report-fonts';
import { drawTripodMap } from './tripod-map';

export interface AuditReportOptions {
  /** Bootstrap seed of every interval; printed on the cover. */
  seed: number;
  resamples?: number;
  minGroupSize?: number;
  /** Folder with the report's fonts (default: resources/fonts of this checkout). */
  fontsDir?: string;
  /** The report's date (default: now). */
  generatedAt?: string;
}

export interface WrittenReport {
  path: string;
  pages: number;
  data: ReportData;
}

const SECTIONS_IN_ORDER = [
  drawCommitteeSummary,
  drawPerformance,
  drawExhaustion,
  drawAbstention,
  drawBias,
  drawMonitoring,
  drawExampleTraces,
  drawMethodsAppendix,
  drawTripodMap,
] as const;

/** Lays the report out; returns the layout with every page still buffered. */
export function layOutReport(data: ReportData, fontsDir = REPORT_FONTS_DIR): PdfLayout {
  const fonts = findReportFonts(fontsDir);
  registerChartFonts(fonts);
  const { run, cohort } = data;
  const layout = new PdfLayout({
    fonts,
    banner: cohort.synthetic
      ? `SYNTHETIC DATA: NOT PATIENT DATA. Cohort “${cohort.name}” is simulated; draw no clinical conclusion.`
      : null,
    footer: `ToE Audit report · run ${run.id} · ${run.spec.task} on “${cohort.name}” · ${data.settings.generatedAt.slice(0, 10)}`,
    title: `ToE Audit report: run ${run.id}, ${run.spec.task} on ${cohort.name}`,
    subject: 'Tree-of-Evidence audit of a clinical risk model',
    created: new Date(data.settings.generatedAt),
  });
  drawCover(layout, data);
  for (const draw of SECTIONS_IN_ORDER) draw(layout, data);
  layout.finish();
  return layout;
}

export async function writeAuditReport(
  store: Store,
  runId: number,
  outPath: string,
  options: AuditReportOptions,
): Promise<WrittenReport> {
  // Fonts first: a missing font should fail in a second, not after the statistics.
  findReportFonts(options.fontsDir);
  const data = gatherReportData(store, runId, options);
  const layout = layOutReport(data, options.fontsDir);
  const pages = layout.doc.bufferedPageRange().count;
  const partial = `${outPath}.part`;
  const out = createWriteStream(partial);
  try {
    layout.doc.pipe(out);
    layout.doc.end();
    await finished(out);
    renameSync(partial, outPath);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { path: outPath, pages, data };
}
