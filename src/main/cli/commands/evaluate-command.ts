import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { SPLITS, type Split } from '../../../shared/domain';
import { SELECTABLE_METHODS, type SelectableMethod } from '../../../shared/charts';
import { evaluationCommandLine } from '../../../shared/evaluation-command';
import {
  DEFAULT_BUDGETS,
  DEFAULT_EVALUATION,
  ensureCorruptedBundle,
  ensureSpuriousCohort,
  evaluationHeadline,
  formatDuration,
  parseBudgets,
  parseMethods,
  REPORT_FILE,
  runSpuriousAudit,
  SPURIOUS_DEMO,
  spuriousComparisonTable,
  writeSpuriousFolder,
} from '../../core/evaluation';
import { EtaClock, type ProgressSink } from '../../core/jobs/progress';
import { MAX_WORKERS } from '../../core/jobs/worker-limit';
import {
  ModelRuntime,
  readManifest,
  SHIPPED_MODELS_DIR,
  type ExecutionProviderRequest,
} from '../../core/models';
import { portablePath } from '../../core/paths/portable-path';
import type { CliContext } from '../cli-context';
import { ContractClient } from '../contract-client';
import { terminalProgress } from '../progress-bar';
import { cohortWithTask, integerOption } from './cohort-commands';

interface EvaluateOptions {
  cohort: string;
  task: string;
  bundle?: string;
  split: Split;
  k: number[];
  methods: SelectableMethod[];
  out?: string;
  seed: number;
  limit?: number;
  resamples: number;
  limeSamples: number;
  shapBudget?: number;
  spurious: boolean;
  spuriousBundle?: string;
  executionProvider?: ExecutionProviderRequest;
  /** --no-abstention: skip the audits behind the abstention section. */
  abstention: boolean;
  /** Worker threads for the stays (default: one per core); not in the recorded command. */
  workers?: number;
}

/** Commander parsers that turn the core's RangeErrors into usage errors. */
const listOption =
  <T>(parse: (text: string) => T) =>
  (raw: string): T => {
    try {
      return parse(raw);
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
    }
  };

/** The spurious audit's command line, every setting spelled out, for its report. */
const spuriousCommand = (db: string, o: EvaluateOptions) =>
  evaluationCommandLine({
    ...o,
    db: portablePath(db),
    bundle: o.bundle === undefined ? undefined : portablePath(o.bundle),
    spuriousBundle: o.spuriousBundle === undefined ? undefined : portablePath(o.spuriousBundle),
    out: o.out === undefined ? undefined : portablePath(o.out),
  });

/**
 * The terminal progress bar (with ETA) on a TTY; in logs and CI, a line per phase and one at
 * every tenth of the work with done / total / ETA, so long runs show where they are.
 */
function evaluationProgress(context: CliContext): { sink: ProgressSink; stop: () => void } {
  const bar = terminalProgress(context.json);
  if (context.json || process.stderr.isTTY) return bar;
  const eta = new EtaClock();
  let phase = '';
  let reported = -1;
  return {
    stop: bar.stop,
    sink: (update) => {
      bar.sink(update);
      const left = eta.eta(update);
      if (update.phase !== phase) [phase, reported] = [update.phase, -1];
      const tenth = update.total > 1 ? Math.floor((10 * update.done) / update.total) : -1;
      if (tenth > reported && update.done > 0) {
        reported = tenth;
        const etaText = left === null ? '' : `, ETA ${formatDuration(left)}`;
        process.stderr.write(`  ${update.done}/${update.total}${etaText}\n`);
      }
    },
  };
}

/** --workers, or one per core as audits choose (at most MAX_WORKERS). */
const workerCount = (o: EvaluateOptions) =>
  Math.min(o.workers ?? availableParallelism(), MAX_WORKERS);

async function openRuntime(dir: string, o: EvaluateOptions, context: CliContext) {
  const runtime = await ModelRuntime.open(dir, {
    store: context.openStore(),
    ...(o.executionProvider ? { executionProvider: o.executionProvider } : {}),
  });
  try {
    refuseOtherTask(dir, runtime.manifest.task, o.task);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return runtime;
}

function refuseOtherTask(dir: string, predicts: string, task: string): void {
  if (predicts !== task) throw new Error(`The bundle in ${dir} predicts ${predicts}, not ${task}.`);
}

/**
 * The evaluation through the contract, as the app starts one: the core evaluates and keeps it,
 * this command writes the report folder it returns and prints the summary.
 */
async function evaluate(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  const store = context.openStore();
  cohortWithTask(store, o.cohort, o.task);
  const out = resolve(o.out ?? join('evaluation', `${o.cohort}-${o.task}-${o.split}`));
  const client = new ContractClient(store);
  const progress = evaluationProgress(context);
  try {
    const { evaluation, folder } = await client.callJob(
      'evaluations.evaluate',
      {
        cohort: o.cohort,
        task: o.task,
        bundle: o.bundle,
        split: o.split,
        ks: o.k,
        methods: o.methods,
        seed: o.seed,
        resamples: o.resamples,
        limeSamples: o.limeSamples,
        shapBudget: o.shapBudget,
        limit: o.limit,
        abstention: o.abstention,
        executionProvider: o.executionProvider,
        workers: o.workers,
        out: o.out,
      },
      (event) => {
        if (event.type === 'job.progress') progress.sink(event.progress);
      },
      signal,
    );
    mkdirSync(out, { recursive: true });
    for (const { file, base64 } of folder)
      writeFileSync(join(out, file), Buffer.from(base64, 'base64'));
    progress.stop();
    const { result } = evaluation;
    const files = folder.map(({ file }) => file);
    if (context.json)
      return context.printJson({
        out,
        files,
        evaluationId: evaluation.id,
        headline: result.headline,
      });
    context.print(evaluationHeadline(result));
    for (const item of result.abstention ?? []) {
      context.print(
        `\nAbstention, ${item.decision.mode === 'paper' ? 'paper mode' : 'calibrated decision'} (audit run ${item.runId}): ${item.analysis.verdict}`,
      );
    }
    const { seconds, cohort } = result.provenance;
    context.print(
      `\n${cohort.staysEvaluated} stays in ${formatDuration(seconds)}; report: ${join(out, REPORT_FILE)}`,
    );
    context.print(
      `kept in the store as evaluation ${evaluation.id}: the dashboards of audit runs of this bundle on ${o.cohort} (${o.split} split) show its frontier`,
    );
  } finally {
    progress.stop();
  }
}

async function spuriousAudit(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  const store = context.openStore();
  const cleanId = cohortWithTask(store, o.cohort, o.task).id;
  const out = resolve(o.out ?? join('evaluation', `spurious-${o.task}-${o.split}`));
  const cleanDir = resolve(o.bundle ?? join(SHIPPED_MODELS_DIR, o.task));
  const corruptedDir = resolve(o.spuriousBundle ?? join(out, 'corrupted-bundle'));
  // Refused now, not after the spurious cohort is built and a model trained on it.
  refuseOtherTask(cleanDir, readManifest(cleanDir).task, o.task);
  const progress = evaluationProgress(context);
  const { cohortId } = await ensureSpuriousCohort(store, progress.sink);
  progress.stop();
  const training = await ensureCorruptedBundle({
    db: context.dbPath,
    cohort: SPURIOUS_DEMO.name,
    task: o.task,
    dir: corruptedDir,
    seed: o.seed,
  });
  if (!context.json)
    context.print(
      training.trained
        ? `trained the corrupted model in ${formatDuration(training.seconds ?? 0)}`
        : `reusing the corrupted model in ${corruptedDir}`,
    );
  const clean = await openRuntime(cleanDir, o, context);
  const corrupted = await openRuntime(corruptedDir, o, context);
  try {
    const arm = { store, split: o.split, limit: o.limit ?? null };
    const result = await runSpuriousAudit({
      clean: {
        ...arm,
        role: 'clean',
        runtime: clean,
        cohortId: cleanId,
        pool: { workers: workerCount(o), bundleDir: cleanDir },
      },
      corrupted: {
        ...arm,
        role: 'corrupted',
        runtime: corrupted,
        cohortId,
        pool: { workers: workerCount(o), bundleDir: corruptedDir },
      },
      seed: o.seed,
      resamples: o.resamples,
      command: spuriousCommand(context.dbPath, o),
      training,
      progress: progress.sink,
      signal,
    });
    const files = writeSpuriousFolder(out, result);
    progress.stop();
    if (context.json) return context.printJson({ out, files, comparison: result.comparison });
    context.print(spuriousComparisonTable(result));
    context.print(`\nreport: ${join(out, 'report.md')}`);
  } finally {
    progress.stop();
    await clean.close();
    await corrupted.close();
  }
}

/** `toe evaluate`: the paper's tables and figures for a bundle on a cohort split. */
export function registerEvaluateCommand(program: Command, context: CliContext): void {
  program
    .command('evaluate')
    .description(
      "every explainer at every budget on a cohort split: the paper's tables and figures as Markdown, CSV, JSON and PNG",
    )
    .requiredOption('--task <task>', 'outcome task, e.g. E1')
    .option('--cohort <name>', 'cohort name or id', 'demo')
    .option('--bundle <dir>', 'bundle folder (default: resources/models/<task>)')
    .addOption(new Option('--split <split>', 'split to evaluate').choices(SPLITS).default('test'))
    .option('--k <list>', 'evidence budgets', listOption(parseBudgets), DEFAULT_BUDGETS)
    .option(
      '--methods <list>',
      `explainers (${SELECTABLE_METHODS.join(',')})`,
      listOption(parseMethods),
      [...SELECTABLE_METHODS],
    )
    .option('--out <dir>', 'output folder (default: evaluation/<cohort>-<task>-<split>)')
    .option(
      '--seed <s>',
      'seed of the bootstrap and of Random, LIME, SHAP',
      integerOption(0, 2 ** 32 - 1),
      DEFAULT_EVALUATION.seed,
    )
    .option(
      '--limit <n>',
      'only the first N stays of the split (by id)',
      integerOption(1, 10_000_000),
    )
    .option(
      '--resamples <n>',
      'bootstrap resamples',
      integerOption(1, 100_000),
      DEFAULT_EVALUATION.resamples,
    )
    .option(
      '--lime-samples <n>',
      'LIME neighbourhood size',
      integerOption(2, 1_000_000),
      DEFAULT_EVALUATION.limeSamples,
    )
    .option(
      '--shap-budget <n>',
      'KernelSHAP coalitions (default 2·units + 2048)',
      integerOption(2, 10_000_000),
    )
    .option(
      '--spurious',
      'run the spurious-feature audit instead (trains a corrupted model)',
      false,
    )
    .option(
      '--workers <n>',
      'worker threads for the stays (default: one per core; the results do not depend on it)',
      integerOption(1, MAX_WORKERS),
    )
    .option('--spurious-bundle <dir>', 'corrupted bundle folder (default: <out>/corrupted-bundle)')
    .option(
      '--no-abstention',
      'skip the abstention section (it audits the split and its validation split, or reuses those audits)',
    )
    .addOption(
      new Option('--execution-provider <ep>', 'onnxruntime provider').choices([
        'auto',
        'cuda',
        'cpu',
      ]),
    )
    .action(async (options: EvaluateOptions) => {
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      try {
        if (options.spurious) await spuriousAudit(options, context, controller.signal);
        else await evaluate(options, context, controller.signal);
      } finally {
        process.off('SIGINT', onInterrupt);
      }
    });
}
