import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { ReviewVerdict } from '../../../shared/audit';
import { abstentionCsv } from '../../core/audit/abstention-csv';
import { abstentionQueue } from '../../core/audit/abstention-queue';
import { ReviewStore } from '../../core/audit/review-store';
import { RunStore } from '../../core/audit/run-store';
import { NotFoundError, type Store } from '../../core/store';
import type { CliContext } from '../cli-context';
import { integerOption } from './cohort-commands';

const VERDICTS: readonly ReviewVerdict[] = ['agree', 'disagree', 'discuss'];

/** A run's abstention queue with its reviews, in queue order (reason, then stay). */
function queueOf(store: Store, runId: number) {
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  const rows = abstentionQueue(runs.results(runId), new ReviewStore(store).list(runId), {
    tauConf: run.spec.params.tauConf,
    tauSuff: run.spec.params.tauSuff,
    stability: run.spec.params.stability,
  });
  return { run, rows };
}

/**
 * `toe abstentions RUN [--csv FILE]`: every prediction whose search exhausted, with why and
 * its review; `toe review RUN STAY --verdict …`: a reviewer's verdict, stored with its time.
 */
export function registerAbstentionCommands(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  program
    .command('abstentions')
    .description('list an audit run’s abstention queue: every stay whose search exhausted, and why')
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .option('--csv <file>', 'export the queue with its reviews as CSV')
    .option('--excel-bom', 'start the CSV with a byte-order mark, for Excel', false)
    .action((run: number, options: { csv?: string; excelBom: boolean }) => {
      const { rows } = queueOf(context.openStore(), run);
      if (options.csv) {
        const path = resolve(options.csv);
        writeFileSync(path, abstentionCsv(rows, { excelBom: options.excelBom }));
        context.print(`${rows.length} flagged stays written to ${path}`);
        return;
      }
      if (context.json) return context.printJson(rows);
      const reviewed = rows.filter((r) => r.review !== null).length;
      context.print(`${rows.length} flagged for abstention, ${reviewed} reviewed`);
      for (const row of rows) {
        context.print(
          `${row.stayKey.padEnd(12)} ${row.outcome.padEnd(2)} p_full ${row.pFull.toFixed(3)}  ${row.reason.padEnd(12)} |E| ${String(row.evidenceSize).padStart(2)}  ${row.review ? `${row.review.verdict}${row.review.comment ? `: ${row.review.comment}` : ''}` : 'unreviewed'}`,
        );
      }
    });

  program
    .command('review')
    .description('record a reviewer’s verdict on one flagged stay of an audit run')
    .argument('<run>', 'run id', runId)
    .argument('<stay>', 'the stay’s id as the cohort names it (see `toe abstentions RUN`)')
    .addOption(
      new Option('--verdict <v>', 'the reviewer’s verdict').choices(VERDICTS).makeOptionMandatory(),
    )
    .option('--comment <text>', 'why', '')
    .action(
      (run: number, stayKey: string, options: { verdict: ReviewVerdict; comment: string }) => {
        const store = context.openStore();
        const { rows } = queueOf(store, run);
        const row = rows.find((r) => r.stayKey === stayKey);
        if (!row) {
          throw new NotFoundError(
            `Stay "${stayKey}" is not in run ${run}'s abstention queue (${rows.length} stays are). Only flagged stays are reviewed.`,
          );
        }
        const review = new ReviewStore(store).set(
          run,
          row.stayId,
          options.verdict,
          options.comment,
        );
        if (context.json) return context.printJson(review);
        context.print(`Run ${run}, stay ${stayKey}: ${review.verdict} (${review.reviewedAt})`);
      },
    );
}
