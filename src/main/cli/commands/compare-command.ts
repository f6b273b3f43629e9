import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_FIGURES_SEED } from '../../../shared/audit-statistics';
import { compareRuns, comparisonMarkdown, comparisonText } from '../../core/compare';
import type { CliContext } from '../cli-context';
import { integerOption } from './cohort-commands';
import { outputPath } from './report-command';

interface CompareCommandOptions {
  seed: number;
  resamples: number;
  out?: string;
}

/**
 * `toe compare RUN_A RUN_B [--out report.md]`: two runs side by side, each difference B − A
 * with its bootstrap interval and a Benjamini–Hochberg flag (docs/audit-metrics.md).
 */
export function registerCompareCommand(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  program
    .command('compare')
    .description(
      'compare two completed audit runs of one task: each figure in both, B − A with a bootstrap interval, flagged after Benjamini–Hochberg',
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
    .action((runA: number, runB: number, options: CompareCommandOptions) => {
      const out = options.out ? outputPath(options.out) : null;
      const comparison = compareRuns(context.openStore(), runA, runB, {
        seed: options.seed,
        resamples: options.resamples,
      });
      if (out) writeFileSync(out, comparisonMarkdown(comparison));
      if (context.json) {
        context.printJson(out ? { ...comparison, report: out } : comparison);
        return;
      }
      context.print(comparisonText(comparison));
      if (out) context.print(`Wrote ${out}.`);
    });
}
