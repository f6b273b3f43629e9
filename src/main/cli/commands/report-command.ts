import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { CallName } from '../../../shared/contract';
import { type CliContext, readsStore } from '../cli-context';
import { ContractCallError, ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { integerOption } from './cohort-commands';

interface ReportOptions {
  out: string;
  seed: number;
  resamples?: number;
  minGroupSize?: number;
}

interface ExportOptions {
  csv?: string;
  json?: string;
  excelBom: boolean;
}

/**
 * The folder a file goes into must exist: say so by name rather than with ENOENT, as a
 * not-found refusal (exit 4) of the call whose result the file is to hold.
 */
export function outputPath(file: string, call: CallName = 'reports.pdf'): string {
  const path = resolve(file);
  if (!existsSync(dirname(path))) {
    throw new ContractCallError(call, {
      code: 'not-found',
      message: `No folder ${dirname(path)} to write ${path} into. Create it first.`,
    });
  }
  return path;
}

/**
 * Writes what a call returned to the path the user typed: under a temporary name first, so a
 * failed write never leaves a half file under the final one. Only the transport writes files.
 */
export function writeOutput(path: string, content: string | Uint8Array): void {
  const partial = `${path}.part`;
  try {
    writeFileSync(partial, content);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * `toe report RUN --out audit.pdf`: the PDF audit report of a run (`reports.pdf`, the bytes
 * the app saves); `toe export RUN --csv out.csv | --json out.json`: its per-stay results for
 * analysts (`runs.exportStays`). The core returns bytes and text; this command writes them.
 */
export function registerReportCommands(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  readsStore(program.command('report'))
    .description('write the PDF audit report of an audit run')
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .requiredOption('--out <file>', 'the PDF to write, e.g. audit.pdf')
    .addOption(
      contractOption('reports.pdf', 'seed', '--seed <s>', 'bootstrap seed of every interval'),
    )
    .addOption(contractOption('reports.pdf', 'resamples', '--resamples <n>', 'bootstrap resamples'))
    .addOption(
      contractOption(
        'reports.pdf',
        'minGroupSize',
        '--min-group-size <n>',
        'bias audit: suppress groups with fewer stays',
      ),
    )
    .action(async (run: number, options: ReportOptions) => {
      const started = performance.now();
      const out = outputPath(options.out, 'reports.pdf');
      const client = new ContractClient(context.openStore());
      const report = await client.call('reports.pdf', {
        runId: run,
        seed: options.seed,
        resamples: options.resamples,
        minGroupSize: options.minGroupSize,
      });
      writeOutput(out, Buffer.from(report.pdfBase64, 'base64'));
      const seconds = (performance.now() - started) / 1000;
      if (context.json) {
        context.printJson({ path: out, pages: report.pages, seconds });
      } else {
        const synthetic = report.synthetic ? ' (SYNTHETIC cohort)' : '';
        context.print(
          `Wrote ${out}: ${report.pages} pages for audit run ${run}${synthetic}, ${report.stays} stays, in ${seconds.toFixed(1)} s.`,
        );
      }
    });

  readsStore(program.command('export'))
    .description("write an audit run's per-stay results as CSV and/or JSON, one row per stay")
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .option('--csv <file>', 'CSV file to write (RFC 4180, UTF-8)')
    .option('--json <file>', 'JSON file to write')
    .option('--excel-bom', 'start the CSV with a byte-order mark, for Excel', false)
    .action(async (run: number, options: ExportOptions, command: Command) => {
      if (!options.csv && !options.json) {
        command.error('error: give --csv <file>, --json <file> or both', { exitCode: 2 });
      }
      const csv = options.csv ? outputPath(options.csv, 'runs.exportStays') : null;
      const json = options.json ? outputPath(options.json, 'runs.exportStays') : null;
      const client = new ContractClient(context.openStore());
      const exported = await client.call('runs.exportStays', {
        runId: run,
        csv: csv !== null,
        json: json !== null,
        excelBom: options.excelBom,
      });
      if (csv !== null && exported.csv !== null) writeOutput(csv, exported.csv);
      if (json !== null && exported.json !== null) writeOutput(json, exported.json);
      const written = { stays: exported.stays, csv, json };
      if (context.json) context.printJson(written);
      else {
        const files = [csv, json].filter((f) => f !== null).join(' and ');
        context.print(`Wrote ${exported.stays} stays of audit run ${run} to ${files}.`);
      }
    });
}
