import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  ABSTENTION_POLICIES,
  parseReviewBudget,
  type AbstentionAnalysis,
  type AbstentionPolicyName,
  type ReviewBudget,
} from '../../../shared/abstention';
import { DEFAULT_FIGURES_SEED, type CohortStatistics } from '../../../shared/audit-statistics';
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
} from '../../../shared/audit';
import { runFigures } from '../../core/audit/stored-figures';
import type { RunProgress, RunSummary } from '../../../shared/audit';
import { SPLITS, type Split } from '../../../shared/domain';
import { type RunOptions, type RunRequest } from '../../core/audit/run-engine';
import {
  resumeAuditWithValidation,
  startAuditWithValidation,
  type AuditPairOptions,
} from '../../core/audit/validation-run';
import { RunStore, type LeaseHolderRef } from '../../core/audit/run-store';
import { CancelledError } from '../../core/jobs/progress';
import type { ExecutionProviderRequest } from '../../core/models';
import type { SearchParams } from '../../core/search';
import type { CliContext } from '../cli-context';
import { outcomeLines, reviewLines, unitLines, variableLines } from '../run-summary-text';
import { terminalProgress } from '../progress-bar';
import { cohortWithTask, integerOption } from './cohort-commands';
import { MAX_WORKERS } from '../../core/jobs/worker-limit';
import { counted } from '../../../shared/counted';

interface AuditOptions {
  cohort: string;
  task: string;
  bundle?: string;
  split?: Split;
  workers?: number;
  executionProvider?: ExecutionProviderRequest;
  beamWidth?: number;
  maxSteps?: number;
  topWindows?: number;
  topChunks?: number;
  lambda?: number;
  mu?: number;
  tauConf?: number;
  tauSuff?: number;
  threshold?: number;
  stability?: SearchParams['stability'];
  paperMode?: boolean;
  stopAtConvergence?: boolean;
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

const PHASE_LABEL: Record<RunProgress['phase'], string> = {
  embedding: 'Embedding note chunks',
  auditing: 'Auditing stays',
};

/** Any finite number; the search's schema checks the range and names the parameter. */
function numberOption(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value))
    throw new InvalidArgumentError('expected a number');
  return value;
}

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
    `  converged ${run.convergedStays ?? 0}, exhausted ${run.exhaustedStays ?? 0}; left out (no ${run.spec.task} label): ${run.excludedStays ?? 0}`,
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

/**
 * The validation notes of an audit pair wait for the next run's first progress report, which
 * comes only once that run has passed every check: a refused audit prints its refusal alone,
 * never "auditing it first" (or "reusing run N") before it.
 */
interface ValidationNotes {
  onValidation: NonNullable<AuditPairOptions['onValidation']>;
  /** Prints the announcement waiting for the run that has now started, if any. */
  started: () => void;
}

function validationNotes(context: CliContext): ValidationNotes {
  let waiting: string | null = null;
  return {
    onValidation: (event) => {
      waiting = validationNote(event);
    },
    started: () => {
      if (waiting !== null) context.note(waiting);
      waiting = null;
    },
  };
}

/**
 * Runs an audit session in the terminal: a progress bar, Ctrl-C to cancel (the run keeps
 * its results and the error says how to resume), and a summary at the end.
 */
async function inTerminal(
  context: CliContext,
  work: (options: RunOptions & Pick<AuditPairOptions, 'onValidation'>) => Promise<RunSummary>,
): Promise<void> {
  const notes = validationNotes(context);
  const started = performance.now();
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const bar = terminalProgress(context.json);
  let rate: number | null = null;
  try {
    const run = await work({
      signal: controller.signal,
      onValidation: notes.onValidation,
      progress: (p) => {
        notes.started();
        if (p.phase === 'auditing') rate = p.staysPerSecond ?? rate;
        bar.sink({ phase: PHASE_LABEL[p.phase], done: p.done, total: p.total });
      },
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    const review =
      run.status === 'completed'
        ? // Kept in the store as the dashboard asks it, so the app opens the run warm.
          runFigures(context.openStore(), {
            kind: 'abstention',
            runId: run.id,
            seed: DEFAULT_FIGURES_SEED,
          })
        : null;
    if (context.json)
      context.printJson({ ...run, review, session: { seconds, staysPerSecond: rate } });
    else {
      // The stored figures, as the dashboard reads them; a run without results has none.
      const statistics =
        run.doneStays > 0
          ? runFigures(context.openStore(), {
              kind: 'statistics',
              runId: run.id,
              seed: DEFAULT_FIGURES_SEED,
            })
          : null;
      context.print(formatSummary(run, statistics, seconds, rate, review));
    }
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
  }
}

/** A run's review settings and how many warnings its abstention analysis gives. */
function reviewColumn(run: RunSummary, warnings: number | null): string {
  const settings = runAbstention(run);
  const budget =
    settings.budget.kind === 'share'
      ? `${Number((100 * settings.budget.share).toFixed(2))}%`
      : settings.budget.kind === 'stays'
        ? `${settings.budget.count} stays`
        : `error ≤ ${settings.budget.alpha}`;
  const flag = warnings ? `, ${counted(warnings, 'warning')}` : '';
  return `${settings.policy} ${budget}${flag}`;
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

function validationNote(event: Parameters<NonNullable<AuditPairOptions['onValidation']>>[0]) {
  switch (event.action) {
    case 'reuse':
      return `Validation split: reusing completed audit run ${event.runId} to fit the policies.`;
    case 'resume':
      return `Validation split: resuming audit run ${event.runId} first (the policies are fitted on it).`;
    case 'start':
      return 'Validation split: auditing it first (the policies are fitted on it), then the requested split.';
  }
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
    .option('--bundle <dir>', 'bundle folder (default: resources/models/<task>)')
    .addOption(
      new Option('--split <split>', 'only this split (default: every stay)').choices(SPLITS),
    )
    .option(
      '--workers <n>',
      'worker threads (default: one per core)',
      integerOption(1, MAX_WORKERS),
    )
    .addOption(
      new Option(
        '--execution-provider <ep>',
        'onnxruntime provider (default: $TOE_EXECUTION_PROVIDER or auto)',
      ).choices(['auto', 'cuda', 'cpu']),
    )
    .option('--beam-width <n>', 'beam width B (default 8)', integerOption(1, 256))
    .option(
      '--max-steps <n>',
      'S_max: steps before the search exhausts (default 10)',
      integerOption(1, 64),
    )
    .option('--top-windows <n>', 'candidate time windows N_ts (default 24)', integerOption(0, 1000))
    .option('--top-chunks <n>', 'candidate note chunks N_note (default 20)', integerOption(0, 1000))
    .option('--lambda <x>', 'weight of stability in the score (default 1.0)', numberOption)
    .option('--mu <x>', 'cost per evidence unit (default 0.05)', numberOption)
    .option('--tau-conf <x>', 'confidence needed to converge (default 0.9)', numberOption)
    .option('--tau-suff <x>', 'stability needed to converge (default 0.9)', numberOption)
    .option('--threshold <x>', "decision threshold (default: the bundle's)", numberOption)
    .addOption(
      new Option('--stability <space>', 'stability in probability or logit space').choices([
        'probability',
        'logit',
      ]),
    )
    .option(
      '--paper-mode',
      "the paper's decision: raw probability, the bundle's threshold, flag every exhausted search (ignores calibration.json)",
    )
    .addOption(
      new Option(
        '--abstention <policy>',
        'abstention policy that ranks stays for review (default: confidence; exhausted in paper mode)',
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
      '--stop-at-convergence',
      "stop each stay's search where it converges: the same evidence and flags in about a third of the time, without the toe-tuned policy (it replays searches to S_max)",
    )
    .action(async (options: AuditOptions) => {
      const store = context.openStore();
      const cohortId = cohortWithTask(store, options.cohort, options.task).id;
      const params: Partial<SearchParams> = {
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
      };
      const budget = budgetOf(options);
      const request: RunRequest = {
        cohortId,
        task: options.task,
        split: options.split ?? null,
        bundleDir: options.bundle,
        params,
        workers: options.workers,
        calibration: options.paperMode ? 'none' : 'bundle',
        abstention: {
          ...(options.abstention ? { policy: options.abstention } : {}),
          ...(budget ? { budget } : {}),
        },
        ...(options.validation ? {} : { validationRunId: null }),
        ...(options.stopAtConvergence ? { searchExtent: 'to-convergence' as const } : {}),
      };
      await inTerminal(context, (run) =>
        startAuditWithValidation(store, request, {
          ...run,
          executionProvider: options.executionProvider,
        }),
      );
    });

  program
    .command('runs')
    .description('list the audit runs in the store')
    .action(() => {
      const store = context.openStore();
      const runs = new RunStore(store).listRuns();
      if (context.json) return context.printJson(runs);
      // Each completed run's abstention warnings: a bootstrap of a fraction of a second each.
      const warnings = new Map(
        runs
          .filter((run) => run.status === 'completed')
          .map((run) => [
            run.id,
            runFigures(store, { kind: 'abstention', runId: run.id, seed: DEFAULT_FIGURES_SEED })
              .warnings.length,
          ]),
      );
      context.print(formatRunList(runs, warnings));
    });

  program
    .command('resume')
    .description('resume an audit run: audit exactly the planned stays that have no result yet')
    .argument('<run>', 'run id', integerOption(1, Number.MAX_SAFE_INTEGER))
    .option(
      '--workers <n>',
      'worker threads (default: as the run started)',
      integerOption(1, MAX_WORKERS),
    )
    .option(
      '--take-over',
      `take over a run whose owner stopped: another host's process, or a hung one, whose heartbeat is more than ${LEASE_STALE_SECONDS} s old (asks first)`,
      false,
    )
    .option('--yes', 'with --take-over: do not ask for confirmation', false)
    .action(
      async (runId: number, options: { workers?: number; takeOver: boolean; yes: boolean }) => {
        const store = context.openStore();
        const runs = new RunStore(store);
        const run = runs.getRun(runId);
        if (run.status === 'completed') {
          if (context.json) context.printJson(run);
          else context.print(`Audit run ${runId} is already complete; nothing to resume.`);
          return;
        }
        const takeOver = options.takeOver
          ? await confirmTakeOver(context, runs, runId, options.yes)
          : false;
        await inTerminal(context, (session) =>
          resumeAuditWithValidation(store, runId, {
            ...session,
            workers: options.workers,
            takeOver,
          }),
        );
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
  runs: RunStore,
  runId: number,
  yes: boolean,
): Promise<LeaseHolderRef | boolean> {
  const lease = runs.lease(runId);
  // Live: the claim refuses it, saying why it is not taken over. Free or dead: nothing to take.
  if (lease?.state === 'live') return true;
  if (lease?.state !== 'stale') return false;
  const holder = runs.leaseHolder(runId);
  const question = `Audit run ${runId} is held by process ${lease.pid} on host ${lease.host}, last heartbeat ${lease.heartbeatAgeSeconds} s ago. Take it over? Only if that process has really stopped: two processes must never audit one run.`;
  if (!yes && !(await context.confirm(question))) throw new CancelledError('Take-over');
  context.note(
    `Taking over audit run ${runId} from process ${lease.pid} on host ${lease.host} (last heartbeat ${lease.heartbeatAgeSeconds} s ago).`,
  );
  return holder;
}
