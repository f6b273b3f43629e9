import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  ABSTENTION_POLICIES,
  DEFAULT_ABSTENTION_POLICY,
  describeBudget,
  parseReviewBudget,
  type AbstentionAnalysis,
  type AbstentionPolicyName,
  type ReviewBudget,
} from '../../../shared/abstention';
import type { CohortStatistics } from '../../../shared/audit-statistics';
import {
  describeDecision,
  transportedCalibration,
  type RunDecision,
} from '../../../shared/calibration';
import {
  describeSearchExtent,
  LEASE_STALE_SECONDS,
  runAbstention,
  runDecision,
  searchExtentOf,
  unsearchedStaysWords,
  type RunProgress,
  type RunSummary,
} from '../../../shared/audit';
import {
  VALIDATION_PHASE,
  type ApiEvent,
  type CallArgs,
  type CallName,
} from '../../../shared/contract';
import type { Split } from '../../../shared/domain';
import {
  SEARCH_PARAM_DEFAULTS,
  searchParamOverridesSchema,
  type SearchParams,
} from '../../../shared/search-params';
import { describeIssues } from '../../../shared/validation-issues';
import { counted } from '../../../shared/counted';
import { type CliContext, readsStore } from '../cli-context';
import { ContractCallError, ContractClient } from '../contract-client';
import { contractOption, rangeWords } from '../contract-options';
import { outcomeLines, reviewLines, unitLines, variableLines } from '../run-summary-text';
import { terminalProgress } from '../progress-bar';

type StartArgs = Omit<CallArgs<'runs.start'>, 'jobId'>;
type SearchParamOverrides = NonNullable<StartArgs['params']>;

interface AuditOptions extends SearchParamOverrides {
  cohort: string;
  task: string;
  bundle?: string;
  split?: Split;
  workers?: number;
  executionProvider?: StartArgs['executionProvider'];
  topWindows?: number;
  topChunks?: number;
  paperMode?: boolean;
  searchToLimit?: boolean;
  abstention?: AbstentionPolicyName;
  reviewBudget?: ReviewBudget;
  maxError?: number;
  delta: number;
  validation: boolean;
}

function budgetOption(raw: string): ReviewBudget {
  const budget = parseReviewBudget(raw);
  if ('error' in budget) throw new InvalidArgumentError(budget.error);
  return budget;
}

function shareOption(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !(value > 0 && value < 1))
    throw new InvalidArgumentError('expected a number between 0 and 1, e.g. 0.1');
  return value;
}

/** --max-error wins over --review-budget: it is a budget of its own kind. */
function budgetOf(options: AuditOptions): ReviewBudget | undefined {
  if (options.maxError !== undefined)
    return { kind: 'max-error', alpha: options.maxError, delta: options.delta };
  return options.reviewBudget;
}

/** A run id typed on the command line, checked by the contract's schema for `runs.get`. */
function runIdArgument(raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new InvalidArgumentError('expected a run id, a whole number from 1');
  return value;
}

/**
 * A search parameter's option (`--tau-conf <x>`), read from the contract's schema of
 * `runs.start`'s params: its range in the help text and in the refusal, its default from
 * method.md's (the threshold's is the bundle's). Unset, it is left to the core.
 */
function searchParamOption(
  key: Exclude<keyof SearchParams, 'stability'>,
  flags: string,
  description: string,
): Option {
  const schema = searchParamOverridesSchema.shape[key].unwrap();
  const range = rangeWords(schema);
  const fallback = key === 'threshold' ? "the bundle's" : String(SEARCH_PARAM_DEFAULTS[key]);
  return new Option(flags, `${description}: ${range} (default ${fallback})`).argParser(
    (raw: string) => {
      const parsed = schema.safeParse(raw.trim() === '' ? raw : Number(raw));
      if (!parsed.success)
        throw new InvalidArgumentError(
          `${describeIssues(parsed.error.issues, key)}${range ? ` (expected ${range})` : ''}`,
        );
      return parsed.data;
    },
  );
}

const PHASE_LABEL: Record<RunProgress['phase'], string> = {
  embedding: 'Embedding note chunks',
  auditing: 'Auditing stays',
};

function scopeOf(run: RunSummary): string {
  const split = run.spec.split ? `${run.spec.split} split` : 'all splits';
  const subset = run.spec.stayKeys ? `, ${run.spec.stayKeys.length} chosen stays` : '';
  return `cohort "${run.provenance.cohortName}" (${split}${subset}), task ${run.spec.task}`;
}

function statusOf(run: RunSummary): string {
  return run.interrupted ? 'interrupted' : run.status;
}

function formatSummary(
  run: RunSummary,
  statistics: CohortStatistics | null,
  seconds: number,
  rate: number | null,
  review: AbstentionAnalysis | null,
): string {
  const decision = runDecision(run);
  return [
    `Audit run ${run.id} ${statusOf(run)}: ${run.doneStays} of ${run.totalStays} stays of ${scopeOf(run)}`,
    `  decision: ${describeDecision(decision)}`,
    `  searches: ${describeSearchExtent(searchExtentOf(run.spec))}`,
    ...transportNote(run, decision),
    ...unitLines(run.provenance),
    ...variableLines(run.provenance),
    `  converged ${run.convergedStays ?? 0}, exhausted ${run.exhaustedStays ?? 0}`,
    ...[unsearchedStaysWords(run)].filter((line) => line !== null).map((line) => `  ${line}`),
    ...(statistics ? outcomeLines(run.spec.task, statistics) : []),
    ...(review ? reviewLines(review) : []),
    ...(review
      ? [
          `  \`toe abstentions ${run.id}\` lists the queue; \`toe report ${run.id} --out audit.pdf\` writes the PDF`,
        ]
      : []),
    `  ${seconds.toFixed(1)} s, ${rate === null ? 'n/a' : rate.toFixed(1)} stays/s this session; execution provider ${run.provenance.executionProvider}`,
    `  bundle ${run.spec.bundleDir}`,
  ].join('\n');
}

function transportNote(run: RunSummary, decision: RunDecision): string[] {
  const note = transportedCalibration(decision, run.provenance);
  return note ? [`  warning: ${note}`] : [];
}

/** How a run call went in the terminal: the run and this session's time and rate. */
export interface RunSession {
  run: RunSummary;
  seconds: number;
  rate: number | null;
}

/**
 * Runs `runs.start` or `runs.resume` in the terminal: its progress events drive a progress
 * bar, Ctrl-C cancels the job as the app's Cancel does (the run keeps its results; the
 * refusal names it, and toe.ts says how to resume). What the core does with the validation
 * split first is noted once the next run reports progress: a refused audit prints its refusal
 * alone, never "auditing it first" (or "reusing run N") before it.
 */
export async function runInTerminal<N extends 'runs.start' | 'runs.resume'>(
  context: CliContext,
  client: ContractClient,
  name: N,
  args: Omit<CallArgs<N>, 'jobId'>,
  {
    labels = PHASE_LABEL,
    validationNotes = true,
  }: {
    /** The progress bar's words for each phase. */
    labels?: Record<RunProgress['phase'], string>;
    /** Whether to say what is done with the validation split first. */
    validationNotes?: boolean;
  } = {},
): Promise<RunSession> {
  const started = performance.now();
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const bar = terminalProgress(context.json);
  let rate: number | null = null;
  let waiting: string | null = null;
  const onEvent = (event: ApiEvent) => {
    if (event.type === 'job.progress' && event.progress.phase === VALIDATION_PHASE) {
      waiting = event.progress.message;
    } else if (event.type === 'run.progress') {
      const p = event.progress;
      if (waiting !== null && validationNotes) context.note(waiting);
      waiting = null;
      if (p.phase === 'auditing') rate = p.staysPerSecond ?? rate;
      bar.sink({ phase: labels[p.phase], done: p.done, total: p.total });
    }
  };
  try {
    const run = await client.callJob(name as CallName, args as never, onEvent, controller.signal);
    return { run: run as RunSummary, seconds: (performance.now() - started) / 1000, rate };
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
  }
}

/** Prints a finished run's summary (or JSON), from the figures the dashboard reads. */
async function printRun(
  context: CliContext,
  client: ContractClient,
  { run, seconds, rate }: RunSession,
): Promise<void> {
  const review =
    run.status === 'completed' ? await client.call('runs.abstention', { runId: run.id }) : null;
  if (context.json) {
    context.printJson({ ...run, review, session: { seconds, staysPerSecond: rate } });
    return;
  }
  // A run without results has no figures.
  const statistics =
    run.doneStays > 0 ? await client.call('runs.statistics', { runId: run.id }) : null;
  context.print(formatSummary(run, statistics, seconds, rate, review));
}

/** A run's review settings and how many warnings its abstention analysis gives. */
function reviewColumn(run: RunSummary, warnings: number | null): string {
  const settings = runAbstention(run);
  const flag = warnings ? `, ${counted(warnings, 'warning')}` : '';
  return `${settings.policy}: ${describeBudget(settings.budget)}${flag}`;
}

function formatRunList(runs: RunSummary[], warnings: Map<number, number>): string {
  if (runs.length === 0)
    return 'No audit runs yet. Start one with `toe audit --cohort <name> --task <task>`.';
  const rows = [
    [
      'run',
      'status',
      'task',
      'cohort',
      'split',
      'done',
      'converged',
      'review',
      'provider',
      'created',
    ],
  ];
  for (const run of runs) {
    rows.push([
      String(run.id),
      statusOf(run),
      run.spec.task,
      run.provenance.cohortName,
      run.spec.split ?? 'all',
      `${run.doneStays}/${run.totalStays}`,
      String(run.convergedStays ?? 0),
      reviewColumn(run, warnings.get(run.id) ?? null),
      run.provenance.executionProvider,
      run.createdAt,
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd(),
  );
  if ([...warnings.values()].some((n) => n > 0)) {
    lines.push(
      '',
      'Runs with warnings: their figures may tell little (`toe audit` and `toe report` say why).',
    );
  }
  const stale = runs.filter((r) => r.status === 'running' && r.lease?.state === 'stale');
  const resumable = runs.filter(
    (r) =>
      r.status !== 'completed' && (r.status !== 'running' || r.interrupted) && !stale.includes(r),
  );
  if (resumable.length > 0) {
    lines.push(
      '',
      `Resume an unfinished run with \`toe resume <run>\` (${resumable.map((r) => r.id).join(', ')}).`,
    );
  }
  if (stale.length > 0) {
    lines.push(
      `Held by a process that stopped sending heartbeats (another host, or hung): \`toe resume <run> --take-over\` once it has really stopped (${stale.map((r) => `${r.id}: process ${r.lease!.pid} on ${r.lease!.host}`).join(', ')}).`,
    );
  }
  return lines.join('\n');
}

/** `toe audit`, `toe runs`, `toe resume`: audit runs, resumable after a cancel or crash. */
export function registerAuditCommands(program: Command, context: CliContext): void {
  program
    .command('audit')
    .description(
      'audit a model bundle on a cohort: ToE search on every stay, each result saved as it finishes',
    )
    .requiredOption('--cohort <name>', 'cohort name or id')
    .requiredOption('--task <task>', 'outcome task, e.g. E1')
    .option('--bundle <dir>', 'bundle folder (default: the shipped bundle for the task)')
    .addOption(
      contractOption(
        'runs.start',
        'split',
        '--split <split>',
        'only this split (default: every stay)',
      ),
    )
    .addOption(
      contractOption(
        'runs.start',
        'workers',
        '--workers <n>',
        'worker threads (default: one per core, at most 4 per core)',
      ),
    )
    .addOption(
      contractOption(
        'runs.start',
        'executionProvider',
        '--execution-provider <ep>',
        'onnxruntime provider (default: $TOE_EXECUTION_PROVIDER or auto)',
      ),
    )
    .addOption(searchParamOption('beamWidth', '--beam-width <n>', 'beam width B'))
    .addOption(
      searchParamOption('maxSteps', '--max-steps <n>', 'S_max: steps before the search exhausts'),
    )
    .addOption(
      searchParamOption('topTimeWindows', '--top-windows <n>', 'candidate time windows N_ts'),
    )
    .addOption(
      searchParamOption('topNoteChunks', '--top-chunks <n>', 'candidate note chunks N_note'),
    )
    .addOption(searchParamOption('lambda', '--lambda <x>', 'weight of stability in the score'))
    .addOption(searchParamOption('mu', '--mu <x>', 'cost per evidence unit'))
    .addOption(searchParamOption('tauConf', '--tau-conf <x>', 'confidence needed to converge'))
    .addOption(searchParamOption('tauSuff', '--tau-suff <x>', 'stability needed to converge'))
    .addOption(searchParamOption('threshold', '--threshold <x>', 'decision threshold'))
    .addOption(
      new Option('--stability <space>', 'stability in probability or logit space').choices(
        searchParamOverridesSchema.shape.stability.unwrap().options,
      ),
    )
    .option(
      '--paper-mode',
      "the paper's decision: raw probability, the bundle's threshold, flag every exhausted search (ignores calibration.json)",
    )
    .addOption(
      new Option(
        '--abstention <policy>',
        `abstention policy that ranks stays for review (default: ${DEFAULT_ABSTENTION_POLICY}; exhausted in paper mode)`,
      ).choices(ABSTENTION_POLICIES),
    )
    .option(
      '--review-budget <budget>',
      'stays a reviewer can look at: a share such as 10% (default) or a number such as 25',
      budgetOption,
    )
    .option(
      '--max-error <alpha>',
      'instead of a budget: flag as few stays as keep the error among accepted predictions ≤ alpha',
      shareOption,
    )
    .option(
      '--delta <delta>',
      'with --max-error: the bound holds with probability ≥ 1 − delta',
      shareOption,
      0.1,
    )
    .option(
      '--no-validation',
      'do not audit the validation split first (policies fitted on it are then unavailable)',
    )
    .option(
      '--search-to-limit',
      "let each stay's search go on past where it explained the decision, to its step limit, recording the path the toe-tuned policy replays: about three times the time, for the same evidence and flags (the default only with --abstention toe-tuned)",
    )
    .action(async (options: AuditOptions) => {
      // Through the contract, as the app's start form does: the core decides the bundle,
      // the validation audit first and the figures kept afterwards.
      const client = new ContractClient(context.openStore());
      const budget = budgetOf(options);
      const request: StartArgs = {
        // By name or id; a task the cohort lacks is the core's refusal (runs.start), before
        // anything starts.
        cohortId: (await client.call('cohorts.resolve', { nameOrId: options.cohort })).id,
        task: options.task,
        ...(options.split ? { split: options.split } : {}),
        ...(options.bundle ? { bundle: options.bundle } : {}),
        params: {
          beamWidth: options.beamWidth,
          maxSteps: options.maxSteps,
          topTimeWindows: options.topWindows,
          topNoteChunks: options.topChunks,
          lambda: options.lambda,
          mu: options.mu,
          tauConf: options.tauConf,
          tauSuff: options.tauSuff,
          threshold: options.threshold,
          stability: options.stability,
        },
        workers: options.workers,
        executionProvider: options.executionProvider,
        calibration: options.paperMode ? 'none' : 'bundle',
        abstention: {
          ...(options.abstention ? { policy: options.abstention } : {}),
          ...(budget ? { budget } : {}),
        },
        validation: options.validation,
        ...(options.searchToLimit ? { searchExtent: 'to-limit' as const } : {}),
      };
      await printRun(context, client, await runInTerminal(context, client, 'runs.start', request));
    });

  readsStore(program.command('runs'))
    .description('list the audit runs in the store')
    .action(async () => {
      const client = new ContractClient(context.openStore());
      const runs = await client.call('runs.list', {});
      if (context.json) return context.printJson(runs);
      // Each completed run's abstention warnings: a bootstrap of a fraction of a second each.
      const warnings = new Map<number, number>();
      for (const run of runs.filter((r) => r.status === 'completed')) {
        const analysis = await client.call('runs.abstention', { runId: run.id });
        warnings.set(run.id, analysis.warnings.length);
      }
      context.print(formatRunList(runs, warnings));
    });

  program
    .command('resume')
    .description('resume an audit run: audit exactly the planned stays that have no result yet')
    .argument('<run>', 'run id', runIdArgument)
    .addOption(
      contractOption(
        'runs.resume',
        'workers',
        '--workers <n>',
        'worker threads (default: as the run started)',
      ),
    )
    .option(
      '--take-over',
      `take over a run whose owner stopped: another host's process, or a hung one, whose heartbeat is more than ${LEASE_STALE_SECONDS} s old (asks first)`,
      false,
    )
    .option('--yes', 'with --take-over: do not ask for confirmation', false)
    .action(
      async (runId: number, options: { workers?: number; takeOver: boolean; yes: boolean }) => {
        const client = new ContractClient(context.openStore());
        const run = await client.call('runs.get', { runId });
        if (run.status === 'completed') {
          if (context.json) context.printJson(run);
          else context.print(`Audit run ${runId} is already complete; nothing to resume.`);
          return;
        }
        const takeOver = options.takeOver
          ? await confirmTakeOver(context, run, options.yes)
          : false;
        const session = await runInTerminal(context, client, 'runs.resume', {
          runId,
          workers: options.workers,
          takeOver,
        });
        await printRun(context, client, session);
      },
    );
}

/**
 * `toe resume RUN --take-over`: when the run's lease is stale, asks (or takes --yes) and
 * returns whom to take it over from, so that a lease which changed hands meanwhile is not
 * taken. A live lease is left to the claim, which refuses it; a free or dead one needs no
 * take-over at all.
 */
async function confirmTakeOver(
  context: CliContext,
  run: RunSummary,
  yes: boolean,
): Promise<NonNullable<CallArgs<'runs.resume'>['takeOver']>> {
  const lease = run.lease ?? null;
  // Live: the claim refuses it, saying why it is not taken over. Free or dead: nothing to take.
  if (lease?.state === 'live') return true;
  if (lease?.state !== 'stale') return false;
  const question = `Audit run ${run.id} is held by process ${lease.pid} on host ${lease.host}, last heartbeat ${lease.heartbeatAgeSeconds} s ago. Take it over? Only if that process has really stopped: two processes must never audit one run.`;
  if (!yes && !(await context.confirm(question))) {
    throw new ContractCallError('runs.resume', {
      code: 'cancelled',
      message: 'Take-over was cancelled; nothing was changed.',
    });
  }
  context.note(
    `Taking over audit run ${run.id} from process ${lease.pid} on host ${lease.host} (last heartbeat ${lease.heartbeatAgeSeconds} s ago).`,
  );
  return { pid: lease.pid, host: lease.host };
}
