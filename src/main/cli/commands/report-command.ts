import { DEFAULT_FIGURES_SEED } from '../../../shared/audit-statistics';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeAuditReport } from '../../core/report/audit-report';
import { writeStayResults } from '../../core/report/stay-results-export';
import { NotFoundError } from '../../core/store';
import type { CliContext } from '../cli-context';
import { integerOption } from './cohort-commands';

interface ReportOptions {
  out: string;
  seed: number;
  resamples: number;
  minGroupSize: number;
}

interface ExportOptions {
  csv?: string;
  json?: string;
  excelBom: boolean;
}

/** The folder a file goes into must exist: say so by name rather than with ENOENT. */
export function outputPath(file: string): string {
  const path = resolve(file);
  if (!existsSync(dirname(path))) {
    throw new NotFoundError(`No folder ${dirname(path)} to write ${path} into. Create it first.`);
  }
  return path;
}

/**
 * `toe report RUN --out audit.pdf`: the PDF audit report of a run; `toe export RUN --csv
 * out.csv | --json out.json`: its per-stay results for analysts.
 */
export function registerReportCommands(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  program
    .command('report')
    .description('write the PDF audit report of an audit run')
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .requiredOption('--out <file>', 'the PDF to write, e.g. audit.pdf')
    .option(
      '--seed <s>',
      'bootstrap seed of every interval',
      integerOption(0, 2 ** 32 - 1),
      DEFAULT_FIGURES_SEED,
    )
    .option('--resamples <n>', 'bootstrap resamples', integerOption(100, 100_000), 1000)
    .option(
      '--min-group-size <n>',
      'bias audit: suppress groups with fewer stays',
      integerOption(1, 1_000_000),
      11,
    )
    .action(async (run: number, options: ReportOptions) => {
      const started = performance.now();
      const written = await writeAuditReport(context.openStore(), run, outputPath(options.out), {
        seed: options.seed,
        resamples: options.resamples,
        minGroupSize: options.minGroupSize,
      });
      const seconds = (performance.now() - started) / 1000;
      if (context.json) {
        context.printJson({ path: written.path, pages: written.pages, seconds });
      } else {
        const synthetic = written.data.cohort.synthetic ? ' (SYNTHETIC cohort)' : '';
        context.print(
          `Wrote ${written.path}: ${written.pages} pages for audit run ${run}${synthetic}, ${written.data.statistics.stays} stays, in ${seconds.toFixed(1)} s.`,
        );
      }
    });

  program
    .command('export')
    .description("write an audit run's per-stay results as CSV and/or JSON, one row per stay")
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .option('--csv <file>', 'CSV file to write (RFC 4180, UTF-8)')
    .option('--json <file>', 'JSON file to write')
    .option('--excel-bom', 'start the CSV with a byte-order mark, for Excel', false)
    .action((run: number, options: ExportOptions, command: Command) => {
      if (!options.csv && !options.json) {
        command.error('error: give --csv <file>, --json <file> or both', { exitCode: 2 });
      }
      const written = writeStayResults(context.openStore(), run, {
        csv: options.csv ? outputPath(options.csv) : undefined,
        json: options.json ? outputPath(options.json) : undefined,
        excelBom: options.excelBom,
      });
      if (context.json) context.printJson(written);
      else {
        const files = [written.csv, written.json].filter((f) => f !== null).join(' and ');
        context.print(`Wrote ${written.stays} stays of audit run ${run} to ${files}.`);
      }
    });
}
