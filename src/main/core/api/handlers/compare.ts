// Two runs compared: the comparison as JSON for the app's Compare page, and as a PDF for its
// download. Each comparison is computed once per state of both runs and seed, and the PDF is
// laid out from that same comparison, so the page and the file print the same numbers.
import type { RunComparison } from '../../../../shared/run-comparison';
import { RunStore } from '../../audit/run-store';
import { compareRuns } from '../../compare';
import { comparisonPdf } from '../../report/comparison-pdf';
import { findReportFonts } from '../../report/report-fonts';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import { FiguresCache } from '../figures-cache';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function compareHandlers(
  { store, resources = CHECKOUT_RESOURCES }: HandlerContext,
  cache = new FiguresCache(4),
): HandlerGroup<'runs.compare' | 'reports.comparisonPdf'> {
  function comparison(
    runA: number,
    runB: number,
    seed: number,
    resamples: number,
  ): Promise<RunComparison> {
    const runs = new RunStore(store);
    // A run's state (status, stays done) tells a stale comparison from a fresh one.
    const key = JSON.stringify([runA, runB, seed, resamples, runs.getRun(runA), runs.getRun(runB)]);
    return cache.get(key, async () => compareRuns(store, runA, runB, { seed, resamples }));
  }

  return {
    'runs.compare': ({ runA, runB, seed, resamples }) => comparison(runA, runB, seed, resamples),
    'reports.comparisonPdf': async ({ runA, runB, seed, resamples }) => {
      findReportFonts(resources.fontsDir);
      const { pdf, pages } = await comparisonPdf(await comparison(runA, runB, seed, resamples), {
        fontsDir: resources.fontsDir,
      });
      return {
        fileName: `toe-compare-runs-${runA}-${runB}.pdf`,
        pages,
        pdfBase64: pdf.toString('base64'),
      };
    },
  };
}
