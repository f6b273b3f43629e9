import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { SPLITS, type Split } from '../../../shared/domain';
import { SELECTABLE_METHODS, type SelectableMethod } from '../../../shared/charts';
import {
  abstentionAudits,
  DEFAULT_BUDGETS,
  DEFAULT_EVALUATION,
  ensureCorruptedBundle,
  ensureSpuriousCohort,
  evaluationCommandLine,
  evaluationHeadline,
  EvaluationStore,
  formatDuration,
  parseBudgets,
  parseMethods,
  runEvaluation,
  runSpuriousAudit,
  SPURIOUS_DEMO,
  spuriousComparisonTable,
  writeEvaluationFolder,
  writeSpuriousFolder,
} from '../../core/evaluation';
import { EtaClock, type ProgressSink } from '../../core/jobs/progress';
import { MAX_WORKERS } from '../../core/jobs/worker-limit';
import { ModelRuntime, SHIPPED_MODELS_DIR, type ExecutionProviderRequest } from '../../core/models';
import { DEFAULT_SEARCH_PARAMS } from '../../core/search';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';
import { integerOption } from './cohort-commands';

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

/** The command with every setting spelled out (paths as typed), for the report. */
const canonicalCommand = (db: string, o: EvaluateOptions) => evaluationCommandLine({ db, ...o });

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
  if (runtime.manifest.task !== o.task) {
    await runtime.close();
    throw new Error(`The bundle in ${dir} predicts ${runtime.manifest.task}, not ${o.task}.`);
  }
  return runtime;
}

async function evaluate(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  const store = context.openStore();
  const cohortId = store.resolveCohort(o.cohort);
  const bundle = resolve(o.bundle ?? join(SHIPPED_MODELS_DIR, o.task));
  const out = resolve(o.out ?? join('evaluation', `${o.cohort}-${o.task}-${o.split}`));
  const runtime = await openRuntime(bundle, o, context);
  const progress = evaluationProgress(context);
  try {
    const { result, records } = await runEvaluation({
      store,
      runtime,
      cohortId,
      split: o.split,
      limit: o.limit ?? null,
      command: canonicalCommand(context.dbPath, o),
      plan: {
        ks: o.k,
        methods: o.methods,
        params: { ...DEFAULT_SEARCH_PARAMS, threshold: runtime.manifest.decisionThreshold },
        seed: o.seed,
        resamples: o.resamples,
        limeSamples: o.limeSamples,
        shapBudget: o.shapBudget ?? null,
      },
      progress: progress.sink,
      signal,
      pool: {
        workers: Math.min(o.workers ?? availableParallelism(), MAX_WORKERS),
        bundleDir: bundle,
      },
    });
    // The abstention section audits the whole split (and its validation split): skipped for
    // an evaluation of some stays only, and for the validation split itself.
    if (o.abstention && o.limit === undefined && o.split !== 'val') {
      result.abstention = await abstentionAudits(
        store,
        { cohortId, task: o.task, split: o.split, bundleDir: bundle, seed: o.seed },
        {
          signal,
          ...(o.executionProvider ? { executionProvider: o.executionProvider } : {}),
          progress: (p) =>
            progress.sink({
              phase: `abstention audits: ${p.phase === 'embedding' ? 'embedding notes' : 'auditing stays'}`,
              done: p.done,
              total: p.total,
            }),
        },
      );
    }
    progress.sink({ phase: 'writing the report and figures', done: 0, total: 1 });
    const files = writeEvaluationFolder(out, result, records);
    // Kept in the store too: the dashboard of every audit run of this bundle on this cohort
    // and split shows its frontier.
    const stored = new EvaluationStore(store).save(cohortId, result);
    progress.stop();
    if (context.json)
      return context.printJson({ out, files, evaluationId: stored.id, headline: result.headline });
    context.print(evaluationHeadline(result));
    for (const item of result.abstention ?? []) {
      context.print(
        `\nAbstention, ${item.decision.mode === 'paper' ? 'paper mode' : 'calibrated decision'} (audit run ${item.runId}): ${item.analysis.verdict}`,
      );
    }
    const seconds = result.provenance.seconds;
    context.print(
      `\n${records.length} stays in ${formatDuration(seconds)}; report: ${join(out, 'report.md')}`,
    );
    context.print(
      `kept in the store as evaluation ${stored.id}: the dashboards of audit runs of this bundle on ${o.cohort} (${o.split} split) show its frontier`,
    );
  } finally {
    progress.stop();
    await runtime.close();
  }
}

async function spuriousAudit(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  const store = context.openStore();
  const cleanId = store.resolveCohort(o.cohort);
  const out = resolve(o.out ?? join('evaluation', `spurious-${o.task}-${o.split}`));
  const cleanDir = resolve(o.bundle ?? join(SHIPPED_MODELS_DIR, o.task));
  const corruptedDir = resolve(o.spuriousBundle ?? join(out, 'corrupted-bundle'));
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
      command: canonicalCommand(context.dbPath, o),
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
