import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { SELECTABLE_METHODS } from '../../../shared/charts';
import { EXECUTION_PROVIDERS } from '../../../shared/contract';
import { SPLITS } from '../../../shared/domain';
import {
  DEFAULT_BUDGETS,
  formatDuration,
  parseBudgets,
  parseMethods,
  REPORT_FILE,
} from '../../../shared/evaluation-settings';
import type { CliContext } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { progressInTenths } from '../progress-bar';
import { spuriousAudit, type EvaluateOptions } from './spurious-audit-command';

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

/**
 * The evaluation through the contract, as the app starts one: the core evaluates and keeps it,
 * this command writes the report folder it returns and prints the summary.
 */
async function evaluate(o: EvaluateOptions, context: CliContext, signal: AbortSignal) {
  // A cohort without the task is refused by the call itself, before any progress is shown.
  const out = resolve(o.out ?? join('evaluation', `${o.cohort}-${o.task}-${o.split}`));
  const client = new ContractClient(context.openStore());
  const progress = progressInTenths(context.json);
  try {
    const { evaluation, folder, headline } = await client.callJob(
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
    context.print(headline);
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
    .addOption(
      contractOption(
        'evaluations.evaluate',
        'seed',
        '--seed <s>',
        'seed of the bootstrap and of Random, LIME, SHAP',
      ),
    )
    .addOption(
      contractOption(
        'evaluations.evaluate',
        'limit',
        '--limit <n>',
        'only the first N stays of the split (by id)',
      ),
    )
    .addOption(
      contractOption('evaluations.evaluate', 'resamples', '--resamples <n>', 'bootstrap resamples'),
    )
    .addOption(
      contractOption(
        'evaluations.evaluate',
        'limeSamples',
        '--lime-samples <n>',
        'LIME neighbourhood size',
      ),
    )
    .addOption(
      contractOption(
        'evaluations.evaluate',
        'shapBudget',
        '--shap-budget <n>',
        'KernelSHAP coalitions (default 2·units + 2048)',
      ),
    )
    .option(
      '--spurious',
      'run the spurious-feature audit instead (trains a corrupted model)',
      false,
    )
    .addOption(
      contractOption(
        'evaluations.evaluate',
        'workers',
        '--workers <n>',
        'worker threads for the stays (default: one per core; the results do not depend on it)',
      ),
    )
    .option('--spurious-bundle <dir>', 'corrupted bundle folder (default: <out>/corrupted-bundle)')
    .option(
      '--no-abstention',
      'skip the abstention section (it audits the split and its validation split, or reuses those audits)',
    )
    .addOption(
      new Option('--execution-provider <ep>', 'onnxruntime provider').choices(EXECUTION_PROVIDERS),
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
