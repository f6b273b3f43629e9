// Reports: the PDF audit report of a run as bytes for a download, with a preview of its
// pages and its contents linked to them. Writing them to a path is the transport's
// (`toe report --out`, the app's save dialog).
import { DEFAULT_RESAMPLES } from '../../../../shared/audit-statistics';
import { DEFAULT_MIN_GROUP_SIZE } from '../../../../shared/bias-audit';
import { pagePng } from '../../report/page-png';
import { PreparedReports } from '../../report/prepared-reports';
import { pdfOutline } from '../../report/report-outline';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import type { HandlerContext, HandlerGroup } from '../handler-types';

/**
 * A setting at its default is left unsaid to the core: the figures the dashboard keeps and the
 * report whose pages `reports.page` shows are asked without it, and are reused for a report at
 * the defaults rather than computed again.
 */
const unlessDefault = (value: number, fallback: number): number | undefined =>
  value === fallback ? undefined : value;

export function reportHandlers({
  store,
  resources = CHECKOUT_RESOURCES,
}: HandlerContext): HandlerGroup<'reports.pdf' | 'reports.page'> {
  const prepared = new PreparedReports(store, resources.fontsDir);
  return {
    'reports.pdf': async ({ runId, seed, resamples, minGroupSize }) => {
      const report = await prepared.get(runId, seed, {
        resamples: unlessDefault(resamples, DEFAULT_RESAMPLES),
        minGroupSize: unlessDefault(minGroupSize, DEFAULT_MIN_GROUP_SIZE),
      });
      return {
        fileName: report.fileName,
        pages: report.pages,
        pdfBase64: report.pdf.toString('base64'),
        pageOnePngBase64: (await pagePng(report.pdf, 1)).toString('base64'),
        sections: report.sections,
        contents: await pdfOutline(report.pdf),
        stays: report.stays,
        synthetic: report.synthetic,
      };
    },
    'reports.page': async ({ runId, seed, page }) => {
      const report = await prepared.get(runId, seed);
      if (page > report.pages) {
        throw new RangeError(`The report of run ${runId} has ${report.pages} pages, not ${page}.`);
      }
      return {
        page,
        pages: report.pages,
        pngBase64: (await pagePng(report.pdf, page)).toString('base64'),
      };
    },
  };
}
