import { isAbsolute, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { comparisonMarkdown, comparisonText } from '../../../shared/comparison-text';
import { type CliContext, readsStore } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { integerOption } from './cohort-commands';
import { outputPath, writeOutput } from './report-command';

interface CompareCommandOptions {
  seed: number;
  resamples?: number;
  out?: string;
  pdf?: string;
}

/**
 * A path as the terminal prints it: relative to the folder `toe` runs in when it lies below
 * it, so a report made inside a checkout names no folder of the machine that made it.
 */
function fromHere(path: string, from = process.cwd()): string {
  const inside = relative(from, resolve(from, path));
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/**
 * `toe compare RUN_A RUN_B [--out report.md] [--pdf report.pdf]`: two runs side by side, each
 * difference B − A with its bootstrap interval and a Benjamini–Hochberg flag, and what their
 * evidence is made of (docs/audit-metrics.md). The comparison is `runs.compare` and its PDF
 * `reports.comparisonPdf`, as in the app; this command formats and writes them.
 */
export function registerCompareCommand(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  readsStore(program.command('compare'))
    .description(
      'compare two completed audit runs of one task: each figure in both, B − A with a bootstrap interval, flagged after Benjamini–Hochberg, and the hours and variables their evidence holds',
    )
    .argument('<run-a>', 'run id of A (`toe runs` lists them)', runId)
    .argument('<run-b>', 'run id of B', runId)
    .addOption(
      contractOption('runs.compare', 'seed', '--seed <s>', 'bootstrap seed of every interval'),
    )
    .addOption(
      contractOption(
        'runs.compare',
        'resamples',
        '--resamples <n>',
        'bootstrap resamples of each run',
      ),
    )
    .option('--out <file>', 'also write the comparison as a Markdown report, e.g. compare.md')
    .option('--pdf <file>', 'also write the comparison as a PDF report, e.g. compare.pdf')
    .action(async (runA: number, runB: number, options: CompareCommandOptions) => {
      const out = options.out ? outputPath(options.out, 'runs.compare') : null;
      const pdf = options.pdf ? outputPath(options.pdf, 'reports.comparisonPdf') : null;
      const client = new ContractClient(context.openStore());
      const args = { runA, runB, seed: options.seed, resamples: options.resamples };
      // The PDF first: it checks the fonts before the bootstrap, so a missing font fails in a
      // second; the comparison it computed is then kept, and runs.compare returns it.
      const report = pdf ? await client.call('reports.comparisonPdf', args) : null;
      const comparison = await client.call('runs.compare', args);
      const formatting = { pathText: fromHere };
      if (out) writeOutput(out, comparisonMarkdown(comparison, formatting));
      if (pdf && report) writeOutput(pdf, Buffer.from(report.pdfBase64, 'base64'));
      if (context.json) {
        context.printJson({
          ...comparison,
          ...(out ? { report: out } : {}),
          ...(pdf && report ? { pdf, pdfPages: report.pages } : {}),
        });
        return;
      }
      context.print(comparisonText(comparison, formatting));
      if (out) context.print(`Wrote ${out}.`);
      if (pdf && report) context.print(`Wrote ${pdf} (${report.pages} pages).`);
    });
}
