/**
 * `toe evaluate --spurious`: the spurious-feature audit of the paper's appendix. It trains a
 * corrupted model with the training pipeline (as `toe train` does), so like `toe train` it
 * stays outside the contract, on the CLI's short allowlist (layers.config.mjs).
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { evaluationCommandLine } from '../../../shared/evaluation-command';
import { formatDuration } from '../../../shared/evaluation-settings';
import {
  ensureCorruptedBundle,
  ensureSpuriousCohort,
  runSpuriousAudit,
  SPURIOUS_DEMO,
  spuriousComparisonTable,
  writeSpuriousFolder,
} from '../../core/evaluation';
import { MAX_WORKERS } from '../../core/jobs/worker-limit';
import { ModelRuntime, readManifest, SHIPPED_MODELS_DIR } from '../../core/models';
import { portablePath } from '../../core/paths/portable-path';
import type { CliContext } from '../cli-context';
import { progressInTenths } from '../progress-bar';
import { cohortWithTask } from './cohort-commands';
import type { SelectableMethod } from '../../../shared/charts';
import type { EXECUTION_PROVIDERS } from '../../../shared/contract';
import type { Split } from '../../../shared/domain';

/** `toe evaluate`'s options, which the spurious audit reads as the evaluation does. */
export interface EvaluateOptions {
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
  executionProvider?: (typeof EXECUTION_PROVIDERS)[number];
  /** --no-abstention: skip the audits behind the abstention section. */
  abstention: boolean;
  /** Worker threads for the stays (default: one per core); not in the recorded command. */
  workers?: number;
}

/** The spurious audit's command line, every setting spelled out, for its report. */
const spuriousCommand = (db: string, o: EvaluateOptions) =>
  evaluationCommandLine({
    ...o,
    db: portablePath(db),
    bundle: o.bundle === undefined ? undefined : portablePath(o.bundle),
    spuriousBundle: o.spuriousBundle === undefined ? undefined : portablePath(o.spuriousBundle),
    out: o.out === undefined ? undefined : portablePath(o.out),
  });

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

export async function spuriousAudit(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  const store = context.openStore();
  const cleanId = cohortWithTask(store, o.cohort, o.task).id;
  const out = resolve(o.out ?? join('evaluation', `spurious-${o.task}-${o.split}`));
  const cleanDir = resolve(o.bundle ?? join(SHIPPED_MODELS_DIR, o.task));
  const corruptedDir = resolve(o.spuriousBundle ?? join(out, 'corrupted-bundle'));
  // Refused now, not after the spurious cohort is built and a model trained on it.
  refuseOtherTask(cleanDir, readManifest(cleanDir).task, o.task);
  const progress = progressInTenths(context.json);
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
