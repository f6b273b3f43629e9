import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { AbstentionAnalysis } from '../../../shared/abstention';
import { runDecision } from '../../../shared/audit';
import { describeDecision } from '../../../shared/calibration';
import type { CallArgs } from '../../../shared/contract';
import type { CohortSummary } from '../../../shared/domain';
import type { CliContext } from '../cli-context';
import { ContractCallError, ContractClient } from '../contract-client';
import { terminalProgress } from '../progress-bar';
import { formatCohortLine } from '../import-summary-text';
import { outcomeLines, reviewLines } from '../run-summary-text';
import { runInTerminal } from './audit-commands';

export const DEMO_COHORT = {
  name: 'demo',
  stays: 2000,
  seed: 7,
  spurious: false,
} as const satisfies Omit<CallArgs<'cohorts.createDemo'>, 'jobId'>;
const DEMO_TASK = 'E1';
const DEMO_SPLIT = 'test';

/** The run's review queue for --json: its policy, budget, size and figures at the budget. */
function reviewSummary(analysis: AbstentionAnalysis) {
  const chosen = analysis.policies.find((p) => p.policy === analysis.policy);
  return {
    policy: analysis.policy,
    budget: analysis.budget,
    queueSize: analysis.queueSize,
    figures: chosen?.all ?? null,
  };
}

/** The folder the report goes into must exist: said by name, in a second, not after the audit. */
function outputPath(file: string): string {
  const path = resolve(file);
  if (!existsSync(dirname(path))) {
    throw new ContractCallError('reports.pdf', {
      code: 'not-found',
      message: `No folder ${dirname(path)} to write ${path} into. Create it first.`,
    });
  }
  return path;
}

/** The demo cohort, generated through the contract as `toe demo-cohort` does, if absent. */
async function demoCohort(context: CliContext, client: ContractClient): Promise<CohortSummary> {
  const find = async () =>
    (await client.call('cohorts.list', {})).find((cohort) => cohort.name === DEMO_COHORT.name);
  const existing = await find();
  if (existing) return existing;
  const bar = terminalProgress(context.json);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    await client.callJob(
      'cohorts.createDemo',
      DEMO_COHORT,
      (event) => {
        if (event.type === 'job.progress') bar.sink(event.progress);
      },
      controller.signal,
    );
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
  }
  const created = await find();
  if (!created) throw new Error(`The demo cohort "${DEMO_COHORT.name}" was not created.`);
  return created;
}

/**
 * The main job: the SYNTHETIC demo cohort (built if absent), an audit of its test split for
 * E1 with the shipped bundle, the PDF audit report, and a short summary. Each step is a call
 * of the contract, as the app makes it; only writing the report's bytes to --out is the CLI's.
 */
export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command('demo')
    .description(
      'the main job on the SYNTHETIC demo cohort: build it if absent, audit its test split (E1), write the PDF report',
    )
    .option('--out <file>', 'where to write the PDF audit report', 'demo-audit.pdf')
    .action(async (options: { out: string }) => {
      // The report's folder first: a bad --out fails in a second, not after the audit.
      const outPath = outputPath(options.out);
      const client = new ContractClient(context.openStore());
      const started = performance.now();
      const cohort = await demoCohort(context, client);
      const before = await client.call('runs.list', {});
      // A completed audit of the same model and decision is reused, an interrupted one
      // resumed (`reuse`), so running the main job twice costs seconds and a killed one
      // loses nothing. The core picks the shipped bundle and audits validation first.
      const { run } = await runInTerminal(
        context,
        client,
        'runs.start',
        { cohortId: cohort.id, task: DEMO_TASK, split: DEMO_SPLIT, reuse: true },
        // As before the contract: the bar's words, and no note on the validation split.
        {
          labels: { embedding: 'Embedding notes', auditing: 'Auditing stays' },
          validationNotes: false,
        },
      );
      const reusedRun = before.some((r) => r.id === run.id && r.status === 'completed');
      const statistics = await client.call('runs.statistics', { runId: run.id });
      const analysis = await client.call('runs.abstention', { runId: run.id });
      const report = await client.call('reports.pdf', { runId: run.id });
      writeFileSync(outPath, Buffer.from(report.pdfBase64, 'base64'));
      const { tp, fp, tn, fn } = statistics.confusion;
      const seconds = (performance.now() - started) / 1000;
      const summary = {
        cohort: cohort.name,
        runId: run.id,
        reusedRun,
        stays: statistics.stays,
        accuracy: (tp + tn) / Math.max(1, tp + fp + tn + fn),
        confusion: statistics.confusion,
        care: statistics.care,
        exhaustion: {
          tp: statistics.exhaustion.byClass.TP,
          fp: statistics.exhaustion.byClass.FP,
        },
        decision: runDecision(run),
        review: reviewSummary(analysis),
        verdict: analysis.verdict,
        warnings: analysis.warnings.map((w) => w.message),
        executionProvider: run.provenance.executionProvider,
        report: outPath,
        pages: report.pages,
        seconds,
      };
      if (context.json) return context.printJson(summary);
      context.print(formatCohortLine(cohort));
      context.print(
        [
          `Audit run ${run.id}${summary.reusedRun ? ' (already in the store, reused)' : ''}: E1 on the test split, shipped bundle, ${summary.executionProvider}`,
          `  decision: ${describeDecision(summary.decision)}`,
          ...outcomeLines(run.spec.task, statistics),
          ...reviewLines(analysis),
          `  PDF audit report: ${outPath} (${report.pages} pages)`,
          `  store: ${context.dbPath}`,
          `  done in ${seconds.toFixed(1)} s`,
        ].join('\n'),
      );
    });
}
