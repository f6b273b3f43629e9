/**
 * The report's one typeface, DejaVu Sans Condensed, shipped in resources/fonts/ (with its
 * licence). Why not pdfkit's built-in Helvetica: it is WinAnsi-only, and the report prints
 * what WinAnsi lacks (τ, λ, ≥, ŷ, →) and quotes note text verbatim, which may hold any
 * character; why not a system font: Windows and macOS machines have no DejaVu, and a report
 * must look the same wherever it is made. The same files are registered with the canvas so
 * the charts use the same face, condensed so that wide tables fit an A4 page.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { Chart } from 'chart.js';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** resources/fonts of this checkout (the packaged app passes its own resources path). */
export const REPORT_FONTS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../resources/fonts',
);

export const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
} as const;

export interface ReportFonts {
  regular: string;
  bold: string;
}

export class ReportFontError extends Error {}

/** The font files' paths; a clear error naming the folder when one is missing. */
export function findReportFonts(dir: string = REPORT_FONTS_DIR): ReportFonts {
  const fonts = { regular: join(dir, FONT_FILES.regular), bold: join(dir, FONT_FILES.bold) };
  const missing = Object.values(fonts).filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new ReportFontError(
      `The PDF report needs its font files and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        `They ship with ToE Audit in resources/fonts/ (DejaVu Sans Condensed, see its LICENSE): restore that folder ` +
        `from the repository or the installer, or pass the folder that holds ${FONT_FILES.regular} and ${FONT_FILES.bold}.`,
    );
  }
  return fonts;
}

/** The family name charts are drawn with once registerChartFonts has run. */
export const CHART_FONT_FAMILY = 'ToE Report Sans';
let chartFontsRegistered: string | null = null;

/**
 * Registers the report font with the canvas and makes it chart.js's default family. The
 * default, not each configuration: chart.js 4 resolves scale and legend fonts from its
 * global defaults, not from a chart's root options, and the shared chart definitions must
 * stay free of Node-only concerns such as which font files exist.
 */
export function registerChartFonts(fonts: ReportFonts): void {
  if (chartFontsRegistered === fonts.regular) return;
  GlobalFonts.registerFromPath(fonts.regular, CHART_FONT_FAMILY);
  GlobalFonts.registerFromPath(fonts.bold, CHART_FONT_FAMILY);
  Chart.defaults.font.family = `'${CHART_FONT_FAMILY}', sans-serif`;
  chartFontsRegistered = fonts.regular;
}
