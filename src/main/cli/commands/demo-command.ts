import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { AbstentionAnalysis } from '../../../shared/abstention';
import { DEFAULT_FIGURES_SEED } from '../../../shared/audit-statistics';
import { runDecision } from '../../../shared/audit';
import { describeDecision } from '../../../shared/calibration';
import type { RunRequest } from '../../core/audit/run-engine';
import {
  resumeAuditWithValidation,
  reusableRun,
  startAuditWithValidation,
} from '../../core/audit/validation-run';
import { createDemoCohort } from '../../core/import/demo';
import { SHIPPED_MODELS_DIR } from '../../core/models';
import { writeAuditReport } from '../../core/report/audit-report';
import { findReportFonts } from '../../core/report/report-fonts';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';
import { formatCohortLine } from '../report-text';
import { outcomeLines, reviewLines } from '../run-summary-text';
import { outputPath } from './report-command';

export const DEMO_COHORT = { name: 'demo', stays: 2000, seed: 7, spurious: false } as const;
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

/**
 * The main job: the SYNTHETIC demo cohort (built if absent), an audit of its test split for
 * E1 with the shipped bundle, the PDF audit report, and a short summary.
 */
export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command('demo')
    .description(
      'the main job on the SYNTHETIC demo cohort: build it if absent, audit its test split (E1), write the PDF report',
    )
    .option('--out <file>', 'where to write the PDF audit report', 'demo-audit.pdf')
    .action(async (options: { out: string }) => {
      // The report's folder and fonts first: a bad --out fails in a second, not after the audit.
      const outPath = outputPath(options.out);
      findReportFonts();
      const store = context.openStore();
      const started = performance.now();
      const bar = terminalProgress(context.json);
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      try {
        if (store.findCohortId(DEMO_COHORT.name) === null) {
          await createDemoCohort(store, DEMO_COHORT, { progress: bar.sink });
        }
        const cohortId = store.resolveCohort(DEMO_COHORT.name);
        const bundleDir = resolve(SHIPPED_MODELS_DIR, DEMO_TASK);
        const runOptions = {
          signal: controller.signal,
          progress: (p: { phase: string; done: number; total: number }) =>
            bar.sink({
              phase: p.phase === 'embedding' ? 'Embedding notes' : 'Auditing stays',
              done: p.done,
              total: p.total,
            }),
        };
        // A completed audit of the same model and decision is reused, an interrupted one
        // resumed, so running the main job twice costs seconds and a killed one loses nothing.
        const request: RunRequest = { cohortId, task: DEMO_TASK, split: DEMO_SPLIT, bundleDir };
        const previous = reusableRun(store, request);
        const run =
          previous === null
            ? await startAuditWithValidation(store, request, runOptions)
            : previous.status === 'completed'
              ? previous
              : await resumeAuditWithValidation(store, previous.id, runOptions);
        bar.stop();
        const report = await writeAuditReport(store, run.id, outPath, {
          seed: DEFAULT_FIGURES_SEED,
        });
        const statistics = report.data.statistics;
        const { tp, fp, tn, fn } = statistics.confusion;
        const seconds = (performance.now() - started) / 1000;
        const summary = {
          cohort: store.getCohort(cohortId).name,
          runId: run.id,
          reusedRun: previous?.status === 'completed',
          stays: statistics.stays,
          accuracy: (tp + tn) / Math.max(1, tp + fp + tn + fn),
          confusion: statistics.confusion,
          care: statistics.care,
          exhaustion: {
            tp: statistics.exhaustion.byClass.TP,
            fp: statistics.exhaustion.byClass.FP,
          },
          decision: runDecision(run),
          review: reviewSummary(report.data.abstentionAnalysis),
          verdict: report.data.abstentionAnalysis.verdict,
          warnings: report.data.abstentionAnalysis.warnings.map((w) => w.message),
          executionProvider: run.provenance.executionProvider,
          report: outPath,
          pages: report.pages,
          seconds,
        };
        if (context.json) return context.printJson(summary);
        context.print(formatCohortLine(store.getCohort(cohortId)));
        context.print(
          [
            `Audit run ${run.id}${summary.reusedRun ? ' (already in the store, reused)' : ''}: E1 on the test split, shipped bundle, ${summary.executionProvider}`,
            `  decision: ${describeDecision(summary.decision)}`,
            ...outcomeLines(run.spec.task, statistics),
            ...reviewLines(report.data.abstentionAnalysis),
            `  PDF audit report: ${outPath} (${report.pages} pages)`,
            `  store: ${context.dbPath}`,
            `  done in ${seconds.toFixed(1)} s`,
          ].join('\n'),
        );
      } finally {
        bar.stop();
        process.off('SIGINT', onInterrupt);
      }
    });
}
