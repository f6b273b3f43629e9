import { Command, InvalidArgumentError, Option } from 'commander';
import { SPLITS, type CohortDetail, type PhiPolicy, type Split } from '../../../shared/domain';
import { importGeneric } from '../../core/import/generic';
import { importMimicIv } from '../../core/import/mimic-iv';
import { importYaib } from '../../core/import/yaib';
import { LABEL_RULE_HELP, parseLabelRule } from '../../core/import/yaib/label-rule';
import { MAX_NAME_LENGTH } from '../../core/import/yaib/layout';
import type { CliContext } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { falseAlarmOption } from '../phi-options';
import { terminalProgress } from '../progress-bar';
import { formatCohortLine, formatImportReport } from '../report-text';
import type { ImportReport } from '../../../shared/domain';
import { deleteCohort } from '../../core/audit/cohort-deletion';
import { RunStore } from '../../core/audit/run-store';
import { CancelledError } from '../../core/jobs/progress';
import { InputError } from '../../core/errors/input-error';
import type { Store } from '../../core/store';
import { taskOutcome, taskTitle } from '../../../shared/task-titles';

export function integerOption(min: number, max: number) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

/** A task as a refusal lists it: its code and plain title (E1 · hospital mortality). */
const listedTask = (task: string): string => (taskOutcome(task) === null ? task : taskTitle(task));

/** Bad input (exit 3) worded as one sentence about the cohort, not "file: problem". */
export class CohortTaskError extends InputError {
  constructor(cohort: CohortDetail, task: string) {
    const tasks = cohort.tasks.length > 0 ? cohort.tasks.map(listedTask).join(', ') : 'none';
    const sentence = `has no labels for task ${listedTask(task)}; its tasks are: ${tasks}.`;
    super(`cohort "${cohort.name}"`, null, null, sentence);
    this.message = `cohort "${cohort.name}" ${sentence}`;
    this.name = 'CohortTaskError';
  }
}

/**
 * The cohort a command names with --cohort, refused when it has no labels for --task: one
 * check, worded once, for every command that audits, trains or evaluates, made before any of
 * them announces or starts work, so that no other refusal (a bundle's schema, a shipped
 * bundle's folder) gets to suggest a task the cohort does not have.
 */
export function cohortWithTask(store: Store, cohort: string, task: string): CohortDetail {
  const detail = store.getCohort(store.resolveCohort(cohort));
  if (!detail.tasks.includes(task)) throw new CohortTaskError(detail, task);
  return detail;
}

function cohortNameOption(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    throw new InvalidArgumentError(`expected a name of 1 to ${MAX_NAME_LENGTH} characters`);
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
        'replace each identifier the PHI guard finds by a placeholder of its kind, e.g. [**name**] (counts per kind in the import report)',
      ).conflicts('allowPhi'),
    )
    .addOption(
      new Option(
        '--allow-phi',
        'keep identifiers as written: only where your data-use agreement permits identified data',
      ).conflicts('redactPhi'),
    )
    .addOption(falseAlarmOption('the data'));
}

interface PhiFlags {
  redactPhi?: boolean;
  allowPhi?: boolean;
  phiFalseAlarm: string[];
}

function phiPolicyOf(flags: PhiFlags): PhiPolicy {
  return {
    mode: flags.redactPhi ? 'redact' : flags.allowPhi ? 'allow' : 'refuse',
    falseAlarms: flags.phiFalseAlarm,
  };
}

/** Runs an import with a progress bar and a SIGINT that cancels cleanly (nothing written). */
async function runImport(
  context: CliContext,
  work: (job: {
    signal: AbortSignal;
    progress: (u: Parameters<ReturnType<typeof terminalProgress>['sink']>[0]) => void;
  }) => Promise<ImportReport>,
): Promise<void> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const bar = terminalProgress(false);
  try {
    const report = await work({ signal: controller.signal, progress: bar.sink });
    bar.stop();
    if (context.json) context.printJson(report);
    else context.print(formatImportReport(report));
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
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
    const store = context.openStore();
    await runImport(context, (job) =>
      importMimicIv(store, dir, { name: options.name, phi: phiPolicyOf(options), ...job }),
    );
  });

  withPhiOptions(
    importCommand
      .command('generic')
      .description('the generic interchange format (docs/data-format.md)')
      .argument('<dir>', 'the folder of CSV files')
      .option('--name <name>', 'cohort name (default: from the folder)'),
  ).action(async (dir: string, options: PhiFlags & { name?: string }) => {
    const store = context.openStore();
    await runImport(context, (job) =>
      importGeneric(store, dir, { name: options.name, phi: phiPolicyOf(options), ...job }),
    );
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
    const store = context.openStore();
    const { name, labelRule } = options;
    await runImport(context, (job) =>
      importYaib(store, dir, { name, labelRule, phi: phiPolicyOf(options), ...job }),
    );
  });

  program
    .command('demo-cohort')
    .description('generate the deterministic SYNTHETIC demo cohort (not patient data)')
    .addOption(contractOption('cohorts.createDemo', 'stays', '--stays <n>', 'number of stays'))
    .addOption(contractOption('cohorts.createDemo', 'seed', '--seed <s>', 'random seed'))
    .addOption(contractOption('cohorts.createDemo', 'name', '--name <name>', 'cohort name'))
    .option('--spurious', 'inject the spurious feature of the paper’s appendix', false)
    .option('--replace', 'replace an existing cohort of that name', false)
    .action(
      async (options: {
        stays: number;
        seed: number;
        name: string;
        spurious: boolean;
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

  const cohortsCommand = program
    .command('cohorts')
    .description('list the cohorts in the store (`toe cohorts delete NAME` deletes one)')
    .action(() => {
      const cohorts = context.openStore().listCohorts();
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
      const store = context.openStore();
      const cohortId = store.resolveCohort(cohort);
      const summary = store.getCohort(cohortId);
      const runs = new RunStore(store).listRuns().filter((run) => run.spec.cohortId === cohortId);
      const what = `cohort "${summary.name}" (${summary.stays} stays, ${runs.length} audit ${runs.length === 1 ? 'run' : 'runs'} and their reviews)`;
      if (!options.yes && !(await context.confirm(`Delete ${what}? This cannot be undone.`))) {
        throw new CancelledError('Deletion');
      }
      deleteCohort(store, cohortId);
      if (context.json) context.printJson({ deleted: true, cohortId, runs: runs.length });
      else context.print(`Deleted ${what}.`);
    });

  program
    .command('stays')
    .description('list a cohort’s stays')
    .argument('<cohort>', 'cohort name or id')
    .addOption(new Option('--split <split>', 'only this split').choices(SPLITS))
    .option('--limit <n>', 'at most this many', integerOption(1, 1_000_000), 20)
    .option('--offset <n>', 'skip this many', integerOption(0, 10_000_000), 0)
    .action((cohort: string, options: { split?: Split; limit: number; offset: number }) => {
      const store = context.openStore();
      const page = store.listStays(store.resolveCohort(cohort), options);
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
    });
}
