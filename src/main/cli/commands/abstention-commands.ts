import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ABSTENTION_POLICY_LABELS, describeBudget } from '../../../shared/abstention';
import type { AbstentionRow, QueueScope } from '../../../shared/abstention-queue';
import { runAbstention, type ReviewVerdict } from '../../../shared/audit';
import { calls } from '../../../shared/contract';
import { type CliContext, readsStore } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { falseAlarmOption } from '../phi-options';
import { cliRefusal, integerOption } from './cohort-commands';
import { outputPath } from './report-command';

/** `abstentions.list`'s largest page: a longer queue is read a page at a time. */
const QUEUE_PAGE = calls['abstentions.list'].args.shape.limit.unwrap().maxValue ?? 500;

/** A run's whole queue in one scope, most likely wrong first, through `abstentions.list`. */
async function queueRows(
  client: ContractClient,
  runId: number,
  scope: QueueScope,
): Promise<AbstentionRow[]> {
  const rows: AbstentionRow[] = [];
  for (;;) {
    const page = await client.call('abstentions.list', {
      runId,
      scope,
      offset: rows.length,
      limit: QUEUE_PAGE,
    });
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

/**
 * `toe abstentions RUN [--csv FILE]`: every prediction whose search exhausted, with why and
 * its review; `toe review RUN STAY --verdict …`: a reviewer's verdict, stored with its time.
 * Both through the contract, as the app's queue and review panel.
 */
export function registerAbstentionCommands(program: Command, context: CliContext): void {
  const runId = integerOption(1, Number.MAX_SAFE_INTEGER);
  readsStore(program.command('abstentions'))
    .description(
      'list an audit run’s review queue: the stays its abstention policy flags at its review budget, most likely wrong first',
    )
    .argument('<run>', 'run id (`toe runs` lists them)', runId)
    .addOption(
      contractOption(
        'abstentions.list',
        'scope',
        '--scope <scope>',
        'flagged (the queue), exhausted (every exhausted search) or all stays',
      ),
    )
    .option('--csv <file>', 'export the queue with its reviews as CSV')
    .option('--excel-bom', 'start the CSV with a byte-order mark, for Excel', false)
    .action(
      async (run: number, options: { scope: QueueScope; csv?: string; excelBom: boolean }) => {
        // A folder that does not exist is named before the queue is computed.
        const path = options.csv ? outputPath(options.csv, 'abstentions.csv') : null;
        const client = new ContractClient(context.openStore());
        const { scope } = options;
        if (path) {
          const exported = await client.call('abstentions.csv', {
            runId: run,
            scope,
            excelBom: options.excelBom,
          });
          writeFileSync(path, exported.csv);
          const which = {
            flagged: `${exported.rows} queued stays`,
            exhausted: `${exported.rows} stays whose search exhausted (${exported.flagged} of them queued)`,
            all: `${exported.rows} audited stays (${exported.flagged} of them queued)`,
          }[scope];
          context.print(`${which} written to ${path}`);
          return;
        }
        const summary = await client.call('runs.get', { runId: run });
        const rows = await queueRows(client, run, scope);
        if (context.json) return context.printJson(rows);
        const reviewed = rows.filter((r) => r.review !== null).length;
        const settings = runAbstention(summary);
        const what = {
          flagged: `flagged by ${settings.policy} (${ABSTENTION_POLICY_LABELS[settings.policy]}) within ${describeBudget(settings.budget)}`,
          exhausted: 'whose search exhausted',
          all: 'audited',
        }[scope];
        context.print(`${rows.length} stays ${what}; ${reviewed} reviewed`);
        for (const row of rows) {
          const rank = Number.isFinite(row.reviewScore) ? `#${row.rank}` : '—';
          context.print(
            `${rank.padStart(5)} ${row.stayKey.padEnd(12)} ${row.outcome.padEnd(2)} p_full ${row.pFull.toFixed(3)}  ${row.reason.padEnd(12)} |E| ${String(row.evidenceSize).padStart(2)}  ${row.review ? `${row.review.verdict}${row.review.comment ? `: ${row.review.comment}` : ''}` : 'unreviewed'}`,
          );
        }
      },
    );

  program
    .command('review')
    .description('record a reviewer’s verdict on one flagged stay of an audit run')
    .argument('<run>', 'run id', runId)
    .argument('<stay>', 'the stay’s id as the cohort names it (see `toe abstentions RUN`)')
    .addOption(
      contractOption(
        'reviews.set',
        'verdict',
        '--verdict <v>',
        'the reviewer’s verdict',
      ).makeOptionMandatory(),
    )
    .addOption(contractOption('reviews.set', 'comment', '--comment <text>', 'why'))
    .option(
      '--redact-phi',
      'save the comment with each identifier the PHI guard finds replaced by a placeholder of its kind (it is refused otherwise)',
    )
    .addOption(falseAlarmOption('the comment'))
    .action(
      async (
        run: number,
        stayKey: string,
        options: {
          verdict: ReviewVerdict;
          comment: string;
          redactPhi?: boolean;
          phiFalseAlarm: string[];
        },
      ) => {
        const client = new ContractClient(context.openStore());
        await client.call('runs.get', { runId: run });
        const rows = await queueRows(client, run, 'all');
        const row = rows.find((r) => r.stayKey === stayKey);
        if (!row) {
          throw cliRefusal(
            'reviews.set',
            'not-found',
            `Stay "${stayKey}" was not audited in run ${run} (${rows.length} stays were; \`toe abstentions ${run}\` lists its queue).`,
          );
        }
        const review = await client.call('reviews.set', {
          runId: run,
          stayId: row.stayId,
          verdict: options.verdict,
          comment: options.comment,
          phi: {
            mode: options.redactPhi ? 'redact' : 'refuse',
            falseAlarms: options.phiFalseAlarm,
          },
        });
        if (context.json) return context.printJson(review);
        context.print(`Run ${run}, stay ${stayKey}: ${review.verdict} (${review.reviewedAt})`);
      },
    );
}
