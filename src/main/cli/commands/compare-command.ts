import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_FIGURES_SEED } from '../../../shared/audit-statistics';
import { compareRuns, comparisonMarkdown, comparisonText } from '../../core/compare';
import { writeComparisonReport } from '../../core/report/comparison-report';
import { findReportFonts } from '../../core/report/report-fonts';
import type { CliContext } from '../cli-context';
import { integerOption } from './cohort-commands';
import { outputPath } from './report-command';

interface CompareCommandOptions {
  seed: number;
  resamples: number;
  out?: string;
  pdf?: string;
}

/**
 * `toe compare RUN_A RUN_B [--out report.md] [--pdf report.pdf]`: two runs side by side, each
 * difference B − A with its bootstrap interval and a Benjamini–Hochberg flag, and what their
 * evidence is made of (docs/audit-metrics.md).
 */
export function registerCompareCommand(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  program
    .command('compare')
    .description(
      'compare two completed audit runs of one task: each figure in both, B − A with a bootstrap interval, flagged after Benjamini–Hochberg, and the hours and variables their evidence holds',
    )
    .argument('<run-a>', 'run id of A (`toe runs` lists them)', runId)
    .argument('<run-b>', 'run id of B', runId)
    .option(
      '--seed <s>',
      'bootstrap seed of every interval',
      integerOption(0, 2 ** 32 - 1),
      DEFAULT_FIGURES_SEED,
    )
    .option('--resamples <n>', 'bootstrap resamples of each run', integerOption(100, 100_000), 1000)
    .option('--out <file>', 'also write the comparison as a Markdown report, e.g. compare.md')
    .option('--pdf <file>', 'also write the comparison as a PDF report, e.g. compare.pdf')
    .action(async (runA: number, runB: number, options: CompareCommandOptions) => {
      const out = options.out ? outputPath(options.out) : null;
      const pdf = options.pdf ? outputPath(options.pdf) : null;
      // Fonts first: a missing font should fail in a second, not after the bootstrap.
      if (pdf) findReportFonts();
      const comparison = compareRuns(context.openStore(), runA, runB, {
        seed: options.seed,
        resamples: options.resamples,
      });
      if (out) writeFileSync(out, comparisonMarkdown(comparison));
      const written = pdf ? await writeComparisonReport(comparison, pdf) : null;
      if (context.json) {
        context.printJson({
          ...comparison,
          ...(out ? { report: out } : {}),
          ...(written ? { pdf: written.path, pdfPages: written.pages } : {}),
        });
        return;
      }
      context.print(comparisonText(comparison));
      if (out) context.print(`Wrote ${out}.`);
      if (written) context.print(`Wrote ${written.path} (${written.pages} pages).`);
    });
}
