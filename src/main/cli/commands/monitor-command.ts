import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { CALENDAR_PERIODS, type PeriodRule } from '../../../shared/monitoring';
import { monitoringText } from '../../../shared/monitoring-text';
import { type CliContext, readsStore } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { integerOption } from './cohort-commands';
import { writeOutput } from './report-command';

interface MonitorCommandOptions {
  period: PeriodRule;
  unit?: string;
  minGroupSize: number;
  referencePeriods: number;
  seed: number;
  series: number[];
  csv?: string;
}

/**
 * "quarter" → a calendar period; "attribute:anchor_year_group" → an attribute naming one;
 * "cohort" → each run of a series is one period.
 */
function periodRule(raw: string): PeriodRule {
  const calendar = CALENDAR_PERIODS.find((period) => period === raw);
  if (calendar) return { calendar };
  if (raw === 'cohort') return { cohort: true };
  const attribute = /^attribute:(.+)$/.exec(raw)?.[1]?.trim();
  if (attribute) return { attribute };
  throw new InvalidArgumentError(
    `expected ${CALENDAR_PERIODS.join(', ')}, cohort (with --series) or attribute:NAME (an attribute that names a period, e.g. attribute:anchor_year_group)`,
  );
}

/** "3,5,8" → [3, 5, 8]: run ids, oldest first. */
function runList(raw: string): number[] {
  const ids = raw.split(',').map((part) => part.trim());
  if (ids.length === 0 || ids.some((id) => !/^[1-9]\d*$/.test(id)))
    throw new InvalidArgumentError('expected run ids separated by commas, e.g. 3,5,8');
  return ids.map(Number);
}

/**
 * `toe monitor RUN [--period quarter] [--unit care_unit] [--series 3,5] [--csv DIR]`: a run's stays over
 * time and across units (`runs.monitoring`, as the app's Monitoring view shows it), and its
 * CSV files (`runs.monitoringCsv`).
 */
export function registerMonitorCommand(program: Command, context: CliContext): void {
  readsStore(program.command('monitor'))
    .description(
      "watch a completed audit run over time and across units: each period's and unit's figures, a p-chart, a risk-adjusted CUSUM, a funnel plot of observed against expected outcomes, and the operating points a team could choose",
    )
    .argument('<run>', 'run id (`toe runs` lists them)', integerOption(1, Number.MAX_SAFE_INTEGER))
    .option(
      '--period <period>',
      `how stays are grouped in time: ${CALENDAR_PERIODS.join(', ')} of admission, attribute:NAME, or cohort (each run of --series)`,
      periodRule,
      { calendar: 'quarter' } satisfies PeriodRule,
    )
    .option(
      '--unit <attribute>',
      "the stay attribute naming each stay's unit or site, e.g. care_unit",
    )
    .addOption(
      contractOption(
        'runs.monitoring',
        'minGroupSize',
        '--min-group-size <n>',
        'groups with fewer stays are not shown',
      ),
    )
    .addOption(
      contractOption(
        'runs.monitoring',
        'seed',
        '--seed <s>',
        "seed of the CUSUM limit's simulation",
      ),
    )
    .addOption(
      contractOption(
        'runs.monitoring',
        'referencePeriods',
        '--reference-periods <n>',
        "the first n periods set the baseline the charts over time watch for change (0: the model's own risks)",
      ),
    )
    .option(
      '--series <runs>',
      'earlier runs of the same bundle over successive cohorts, oldest first (e.g. 3,5), watched with this run as one series',
      runList,
      [],
    )
    .option('--csv <folder>', 'also write the report as CSV files into this folder')
    .action(async (runId: number, options: MonitorCommandOptions) => {
      const client = new ContractClient(context.openStore());
      const args = {
        runId,
        seed: options.seed,
        period: options.period,
        unit: options.unit ?? null,
        minGroupSize: options.minGroupSize,
        referencePeriods: options.referencePeriods,
        seriesRunIds: options.series,
      };
      const report = await client.call('runs.monitoring', args);
      const written: string[] = [];
      if (options.csv) {
        const folder = resolve(options.csv);
        mkdirSync(folder, { recursive: true });
        const { files } = await client.call('runs.monitoringCsv', args);
        for (const file of files) {
          writeOutput(join(folder, file.name), file.csv);
          written.push(join(folder, file.name));
        }
      }
      if (context.json) {
        context.printJson({ ...report, ...(written.length > 0 ? { csv: written } : {}) });
        return;
      }
      context.print(monitoringText(report));
      for (const path of written) context.print(`Wrote ${path}.`);
    });
}
