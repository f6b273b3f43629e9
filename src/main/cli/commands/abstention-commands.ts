import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import type { ReviewVerdict } from '../../../shared/audit';
import { abstentionCsv } from '../../core/audit/abstention-csv';
import { QUEUE_SCOPES, type QueueScope } from '../../../shared/abstention-queue';
import { describeBudget, ABSTENTION_POLICY_LABELS } from '../../../shared/abstention';
import { ReviewStore } from '../../core/audit/review-store';
import { runAbstention } from '../../../shared/audit';
import { runQueueRows } from '../../core/audit/run-abstention';
import { RunStore } from '../../core/audit/run-store';
import { NotFoundError, type Store } from '../../core/store';
import type { CliContext } from '../cli-context';
import { falseAlarmOption } from '../phi-options';
import { integerOption } from './cohort-commands';
import { outputPath } from './report-command';

const VERDICTS: readonly ReviewVerdict[] = ['agree', 'disagree', 'discuss'];

/** A run's review queue with its reviews, most likely wrong first. */
function queueOf(store: Store, runId: number, scope: QueueScope = 'flagged') {
  const run = new RunStore(store).getRun(runId);
  return { run, rows: runQueueRows(store, runId, { scope }) };
}

/**
 * `toe abstentions RUN [--csv FILE]`: every prediction whose search exhausted, with why and
 * its review; `toe review RUN STAY --verdict …`: a reviewer's verdict, stored with its time.
 */
export function registerAbstentionCommands(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  program
    .command('abstentions')
    .description(
      'list an audit run’s review queue: the stays its abstention policy flags at its review budget, most likely wrong first',
    )
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .addOption(
      new Option(
        '--scope <scope>',
        'flagged (the queue), exhausted (every exhausted search) or all stays',
      )
        .choices(QUEUE_SCOPES)
        .default('flagged'),
    )
    .option('--csv <file>', 'export the queue with its reviews as CSV')
    .option('--excel-bom', 'start the CSV with a byte-order mark, for Excel', false)
    .action((run: number, options: { scope: QueueScope; csv?: string; excelBom: boolean }) => {
      // A folder that does not exist is named before the queue is computed.
      const path = options.csv ? outputPath(options.csv) : null;
      const { run: summary, rows } = queueOf(context.openStore(), run, options.scope);
      if (path) {
        writeFileSync(path, abstentionCsv(rows, { excelBom: options.excelBom }));
        const queued = rows.filter((r) => r.flagged).length;
        const which = {
          flagged: `${rows.length} queued stays`,
          exhausted: `${rows.length} stays whose search exhausted (${queued} of them queued)`,
          all: `${rows.length} audited stays (${queued} of them queued)`,
        }[options.scope];
        context.print(`${which} written to ${path}`);
        return;
      }
      if (context.json) return context.printJson(rows);
      const reviewed = rows.filter((r) => r.review !== null).length;
      const settings = runAbstention(summary);
      const what = {
        flagged: `flagged by ${settings.policy} (${ABSTENTION_POLICY_LABELS[settings.policy]}) within ${describeBudget(settings.budget)}`,
        exhausted: 'whose search exhausted',
        all: 'audited',
      }[options.scope];
      context.print(`${rows.length} stays ${what}; ${reviewed} reviewed`);
      for (const row of rows) {
        const rank = Number.isFinite(row.reviewScore) ? `#${row.rank}` : '—';
        context.print(
          `${rank.padStart(5)} ${row.stayKey.padEnd(12)} ${row.outcome.padEnd(2)} p_full ${row.pFull.toFixed(3)}  ${row.reason.padEnd(12)} |E| ${String(row.evidenceSize).padStart(2)}  ${row.review ? `${row.review.verdict}${row.review.comment ? `: ${row.review.comment}` : ''}` : 'unreviewed'}`,
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
    .option(
      '--redact-phi',
      'save the comment with each identifier the PHI guard finds replaced by a placeholder of its kind (it is refused otherwise)',
    )
    .addOption(falseAlarmOption('the comment'))
    .action(
      (
        run: number,
        stayKey: string,
        options: {
          verdict: ReviewVerdict;
          comment: string;
          redactPhi?: boolean;
          phiFalseAlarm: string[];
        },
      ) => {
        const store = context.openStore();
        const { rows } = queueOf(store, run, 'all');
        const row = rows.find((r) => r.stayKey === stayKey);
        if (!row) {
          throw new NotFoundError(
            `Stay "${stayKey}" was not audited in run ${run} (${rows.length} stays were; \`toe abstentions ${run}\` lists its queue).`,
          );
        }
        const review = new ReviewStore(store).set(
          run,
          row.stayId,
          options.verdict,
          options.comment,
          { mode: options.redactPhi ? 'redact' : 'refuse', falseAlarms: options.phiFalseAlarm },
        );
        if (context.json) return context.printJson(review);
        context.print(`Run ${run}, stay ${stayKey}: ${review.verdict} (${review.reviewedAt})`);
      },
    );
}
