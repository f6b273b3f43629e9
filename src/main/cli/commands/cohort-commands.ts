import { Command, InvalidArgumentError, Option } from 'commander';
import { calls, type CallArgs, type CallName, type ErrorCode } from '../../../shared/contract';
import { COHORT_NAME_MAX } from '../../../shared/cohort-name';
import {
  PHI_LEVELS,
  type CohortDetail,
  type DemoScenario,
  type ImportSummary,
  type PhiLevel,
  type ProgressSink,
  type StaySummary,
} from '../../../shared/domain';
import { PHI_LEVEL_WORDS } from '../../../shared/import-wording';
import { LABEL_RULE_HELP, parseLabelRule } from '../../../shared/label-rule';
import { cohortTaskProblem } from '../../../shared/task-titles';
import { type CliContext, readsStore } from '../cli-context';
import { ContractCallError, ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { falseAlarmOption } from '../phi-options';
import { terminalProgress } from '../progress-bar';
import { formatCohortLine, formatImportSummary } from '../import-summary-text';

export function integerOption(min: number, max: number) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

/**
 * A refusal the command makes itself, before or instead of a call (a stay the run did not
 * audit, a deletion not confirmed), in the contract's words: toe.ts prints its message and
 * exits by its code, as for a refusal of the core.
 */
export function cliRefusal(call: CallName, code: ErrorCode, message: string): ContractCallError {
  return new ContractCallError(call, { code, message });
}

/** What `cohortWithTask` needs of a store (the core's Store has both). */
export interface CohortLookup {
  resolveCohort(nameOrId: string): number;
  getCohort(cohortId: number): CohortDetail;
}

/**
 * The cohort a command names with --cohort, refused (bad input, exit 3) when it has no labels
 * for --task, in the core's words (`cohortTaskProblem`): made before any command that still
 * holds the store announces or starts work. Commands that call the contract get the same
 * refusal from the call itself.
 */
export function cohortWithTask(store: CohortLookup, cohort: string, task: string): CohortDetail {
  const detail = store.getCohort(store.resolveCohort(cohort));
  const problem = cohortTaskProblem(detail, task);
  if (problem !== null) throw cliRefusal('cohorts.resolve', 'bad-input', problem);
  return detail;
}

function cohortNameOption(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > COHORT_NAME_MAX) {
    throw new InvalidArgumentError(`expected a name of 1 to ${COHORT_NAME_MAX} characters`);
  }
  return name;
}

function labelRuleOption(raw: string): string {
  if (parseLabelRule(raw) === null) throw new InvalidArgumentError(`expected ${LABEL_RULE_HELP}`);
  return raw.trim();
}

/** The PHI guard's three modes and per-finding false alarms, on every import that reads text. */
function withPhiOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--redact-phi',
        'replace each identifier the PHI guard finds by a placeholder of its kind, e.g. [**name**] (counts per kind in the import summary)',
      ).conflicts('allowPhi'),
    )
    .addOption(
      new Option(
        '--allow-phi',
        'keep identifiers as written: only where your data-use agreement permits identified data',
      ).conflicts('redactPhi'),
    )
    .addOption(falseAlarmOption('the data'))
    .addOption(
      new Option(
        '--phi-level <level>',
        `how hard the PHI guard looks: ${PHI_LEVELS.map((level) => `${level} (${PHI_LEVEL_WORDS[level].hint})`).join('; ')}`,
      )
        .choices(PHI_LEVELS)
        .default('default'),
    );
}

interface PhiFlags {
  redactPhi?: boolean;
  allowPhi?: boolean;
  phiFalseAlarm: string[];
  phiLevel: PhiLevel;
}

function phiPolicyOf(flags: PhiFlags): CallArgs<'cohorts.import'>['phi'] {
  return {
    mode: flags.redactPhi ? 'redact' : flags.allowPhi ? 'allow' : 'refuse',
    falseAlarms: flags.phiFalseAlarm,
    level: flags.phiLevel,
  };
}

/**
 * Runs an import with a progress bar and a SIGINT that cancels cleanly (nothing written); a
 * PHI guard's refusal comes with its findings listed.
 */
async function runImport(
  context: CliContext,
  work: (job: { signal: AbortSignal; progress: ProgressSink }) => Promise<ImportSummary>,
): Promise<void> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const bar = terminalProgress(false);
  try {
    const report = await work({ signal: controller.signal, progress: bar.sink });
    bar.stop();
    if (context.json) context.printJson(report);
    else context.print(formatImportSummary(report));
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
  }
}

/** `cohorts.import` as a job: its progress events drive the bar, Ctrl-C cancels it. */
async function importThroughContract(
  context: CliContext,
  args: Omit<CallArgs<'cohorts.import'>, 'jobId'>,
): Promise<void> {
  const client = new ContractClient(context.openStore());
  await runImport(context, ({ signal, progress }) =>
    client.callJob(
      'cohorts.import',
      args,
      (event) => {
        if (event.type === 'job.progress') progress(event.progress);
      },
      signal,
    ),
  );
}

/** `stays.list`'s largest page: a longer --limit is read a page at a time. */
const STAYS_PAGE = calls['stays.list'].args.shape.limit.unwrap().maxValue ?? 1000;

/** Up to `limit` stays of a cohort from `offset`, through `stays.list`, and how many there are. */
async function listStays(
  client: ContractClient,
  request: { cohortId: number; split?: StaySummary['split']; offset: number; limit: number },
): Promise<{ total: number; stays: StaySummary[] }> {
  const stays: StaySummary[] = [];
  for (;;) {
    const page = await client.call('stays.list', {
      cohortId: request.cohortId,
      split: request.split,
      offset: request.offset + stays.length,
      limit: Math.min(STAYS_PAGE, request.limit - stays.length),
    });
    stays.push(...page.stays);
    if (page.stays.length === 0 || stays.length >= request.limit) {
      return { total: page.total, stays };
    }
  }
}

export function registerCohortCommands(program: Command, context: CliContext): void {
  const importCommand = program
    .command('import')
    .description(
      'import a cohort into the store (all or nothing: a failed import changes nothing)',
    );

  withPhiOptions(
    importCommand
      .command('mimic-iv')
      .description(
        'MIMIC-IV in its official layout (hosp/, icu/; .csv or .csv.gz), plus note/, cxr/, ecg/ when present',
      )
      .argument('<dir>', 'the MIMIC-IV folder')
      .option('--name <name>', 'cohort name', 'mimic-iv'),
  ).action(async (dir: string, options: PhiFlags & { name: string }) => {
    await importThroughContract(context, {
      format: 'mimic-iv',
      dir,
      name: options.name,
      phi: phiPolicyOf(options),
    });
  });

  withPhiOptions(
    importCommand
      .command('generic')
      .description('the generic interchange format (docs/data-format.md)')
      .argument('<dir>', 'the folder of CSV files')
      .option('--name <name>', 'cohort name (default: from the folder)'),
  ).action(async (dir: string, options: PhiFlags & { name?: string }) => {
    await importThroughContract(context, {
      format: 'generic',
      dir,
      name: options.name,
      phi: phiPolicyOf(options),
    });
  });

  // YAIB's files hold numbers only: the guard reads the cohort's name and description.
  withPhiOptions(
    importCommand
      .command('yaib')
      .description(
        'a YAIB / ricu cohort folder TASK/SOURCE (sta, dyn and outc .parquet), e.g. mortality24/eicu_demo',
      )
      .argument('<dir>', 'the TASK/SOURCE folder')
      .option('--name <name>', 'cohort name (default: yaib-TASK-SOURCE)', cohortNameOption)
      .option(
        '--label-rule <rule>',
        `how hourly labels (aki, sepsis) become one per stay: ${LABEL_RULE_HELP}`,
        labelRuleOption,
      ),
  ).action(async (dir: string, options: PhiFlags & { name?: string; labelRule?: string }) => {
    const { name, labelRule } = options;
    await importThroughContract(context, {
      format: 'yaib',
      dir,
      name,
      labelRule,
      phi: phiPolicyOf(options),
    });
  });

  program
    .command('demo-cohort')
    .description('generate the deterministic SYNTHETIC demo cohort (not patient data)')
    .addOption(contractOption('cohorts.createDemo', 'stays', '--stays <n>', 'number of stays'))
    .addOption(contractOption('cohorts.createDemo', 'seed', '--seed <s>', 'random seed'))
    .addOption(contractOption('cohorts.createDemo', 'name', '--name <name>', 'cohort name'))
    .option('--spurious', 'inject the spurious feature of the paper’s appendix', false)
    .addOption(
      contractOption(
        'cohorts.createDemo',
        'scenario',
        '--scenario <scenario>',
        'monitoring scenario (docs/demo-cohort.md): steady dates stays over 2180-2181 with care units, drift adds known excess deaths',
      ),
    )
    .addOption(
      contractOption(
        'cohorts.createDemo',
        'outcomesPendingFrom',
        '--outcomes-pending-from <day>',
        'stays admitted on or after this day (YYYY-MM-DD) get no outcome, as the latest stays of a model in service',
      ),
    )
    .option('--replace', 'replace an existing cohort of that name', false)
    .action(
      async (options: {
        stays: number;
        seed: number;
        name: string;
        spurious: boolean;
        scenario: DemoScenario;
        outcomesPendingFrom?: string;
        replace: boolean;
      }) => {
        // Through the contract, as the app's "Generate demo cohort" does.
        const client = new ContractClient(context.openStore());
        const { replace, ...request } = options;
        const existing = (await client.call('cohorts.list', {})).find(
          (cohort) => cohort.name === request.name,
        );
        if (existing && replace) await client.call('cohorts.delete', { cohortId: existing.id });
        await runImport(context, ({ signal, progress }) =>
          client.callJob(
            'cohorts.createDemo',
            request,
            (event) => {
              if (event.type === 'job.progress') progress(event.progress);
            },
            signal,
          ),
        );
      },
    );

  const cohortsCommand = readsStore(program.command('cohorts'))
    .description('list the cohorts in the store (`toe cohorts delete NAME` deletes one)')
    .action(async () => {
      const cohorts = await new ContractClient(context.openStore()).call('cohorts.list', {});
      if (context.json) return context.printJson(cohorts);
      if (cohorts.length === 0) {
        context.print('No cohorts yet. Create one with `toe demo-cohort` or `toe import`.');
        return;
      }
      for (const cohort of cohorts) context.print(formatCohortLine(cohort));
    });

  cohortsCommand
    .command('delete')
    .description('delete a cohort with its audit runs, reviews and reports data (asks first)')
    .argument('<cohort>', 'cohort name or id')
    .option('--yes', 'do not ask for confirmation', false)
    .action(async (cohort: string, options: { yes: boolean }) => {
      const client = new ContractClient(context.openStore());
      const summary = await client.call('cohorts.resolve', { nameOrId: cohort });
      const cohortId = summary.id;
      const runs = (await client.call('runs.list', {})).filter(
        (run) => run.spec.cohortId === cohortId,
      );
      const what = `cohort "${summary.name}" (${summary.stays} stays, ${runs.length} audit ${runs.length === 1 ? 'run' : 'runs'} and their reviews)`;
      if (!options.yes && !(await context.confirm(`Delete ${what}? This cannot be undone.`))) {
        throw cliRefusal(
          'cohorts.delete',
          'cancelled',
          'Deletion was cancelled; nothing was changed.',
        );
      }
      // The core refuses (conflict) while an audit of the cohort is running.
      const { deleted } = await client.call('cohorts.delete', { cohortId });
      if (context.json) context.printJson({ deleted, cohortId, runs: runs.length });
      else context.print(`Deleted ${what}.`);
    });

  readsStore(program.command('stays'))
    .description('list a cohort’s stays')
    .argument('<cohort>', 'cohort name or id')
    .addOption(contractOption('stays.list', 'split', '--split <split>', 'only this split'))
    .option('--limit <n>', 'at most this many', integerOption(1, 1_000_000), 20)
    .addOption(contractOption('stays.list', 'offset', '--offset <n>', 'skip this many'))
    .action(
      async (
        cohort: string,
        options: { split?: StaySummary['split']; limit: number; offset: number },
      ) => {
        const client = new ContractClient(context.openStore());
        const { id: cohortId } = await client.call('cohorts.resolve', { nameOrId: cohort });
        const page = await listStays(client, { cohortId, ...options });
        if (context.json) return context.printJson(page);
        context.print(
          `${page.total} stays${options.split ? ` in ${options.split}` : ''}; showing ${page.stays.length} from ${options.offset}`,
        );
        for (const stay of page.stays) {
          const labels = Object.entries(stay.outcomes)
            .map(([t, l]) => `${t}=${l}`)
            .join(' ');
          context.print(
            `${stay.stayKey.padEnd(12)} ${stay.split.padEnd(5)} ${stay.t0}  ${labels}  notes ${stay.noteChunks}  cxr ${stay.hasCxr ? 'yes' : 'no'}  ecg ${stay.hasEcg ? 'yes' : 'no'}`,
          );
        }
      },
    );
}
