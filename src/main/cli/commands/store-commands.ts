import type { Command } from 'commander';
import { STORE_DOC, type StoreCheckReport } from '../../../shared/store-check';
import { type CliContext, inspectsStore } from '../cli-context';
import { ContractCallError, ContractClient } from '../contract-client';
import { counted } from '../../../shared/counted';

/**
 * `toe store check` and `toe store backup`: neither changes the store, both work while it is
 * in use. Both are the contract's calls (`store.check`, `store.backup`) on the store the CLI
 * opened for inspection (cli-context.ts): as found, not upgraded, and not refused for the
 * damage the check is there to describe.
 */
export function registerStoreCommands(program: Command, context: CliContext): void {
  const store = program
    .command('store')
    .description(
      `check or back up the store, the SQLite file holding cohorts, runs and reviews (${STORE_DOC})`,
    );

  inspectsStore(store.command('check'))
    .description(
      "check the whole store without changing it: SQLite's integrity check, foreign keys and ToE Audit's own invariants; exits 6 on any problem",
    )
    .action(async () => {
      const report = await new ContractClient(context.openStore()).call('store.check', {});
      if (context.json) context.printJson(report);
      else context.print(formatCheck(report));
      if (!report.ok) {
        const failed = report.checks.filter((c) => !c.ok).length;
        throw new ContractCallError('store.check', {
          code: 'store-damaged',
          message: `The store ${report.path} is damaged: ${failed} of ${report.checks.length} checks found problems${context.json ? '' : ' (above)'}. Restore it from a backup (${STORE_DOC}); \`toe store backup\` first keeps a copy of what is left.`,
        });
      }
    });

  inspectsStore(store.command('backup'))
    .description(
      'copy the store to a new file with SQLite online backup: safe while the app, toe serve or an audit uses it',
    )
    .argument('<path>', 'the backup file to create (an existing file is never overwritten)')
    .action(async (target: string) => {
      const client = new ContractClient(context.openStore());
      const backup = await client.call('store.backup', { target });
      if (context.json) {
        context.printJson(backup);
      } else {
        context.print(
          `Backed up ${backup.source} to ${backup.target} (${megabytes(backup.bytes)}).`,
        );
        if (backup.problems.length === 0) {
          context.print('The copy passes SQLite integrity_check.');
        }
      }
      if (backup.problems.length > 0) {
        throw new ContractCallError('store.backup', {
          code: 'store-damaged',
          message: `The backup ${backup.target} was written, but it fails SQLite's integrity check (${backup.problems[0]}): the store itself is damaged. Keep the copy, and see \`toe store check\` and ${STORE_DOC}.`,
        });
      }
    });
}

function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

export function formatCheck(report: StoreCheckReport): string {
  const lines: string[] = [];
  const schema =
    report.schemaVersion === null
      ? 'schema unreadable'
      : `schema ${report.schemaVersion} of ${report.latestSchemaVersion}`;
  lines.push(`Store ${report.path} (${megabytes(report.bytes)}, ${schema})`);
  if (report.readOnlyReason !== null) lines.push(`  read-only: ${report.readOnlyReason}`);
  if (report.counts) {
    const c = report.counts;
    lines.push(
      `  ${counted(c.cohorts, 'cohort')}, ${counted(c.stays, 'stay')}, ${counted(c.runs, 'audit run')}, ${counted(c.results, 'stay result')}, ${counted(c.reviews, 'review')}`,
    );
  }
  for (const check of report.checks) {
    if (check.skipped !== null) {
      lines.push(`  skip  ${check.name} (${check.skipped})`);
      continue;
    }
    lines.push(`  ${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}`);
    for (const problem of check.problems) lines.push(`          ${problem}`);
    if (check.more > 0) lines.push(`          … and ${check.more} more`);
  }
  if (report.ok) lines.push('No problems found.');
  return lines.join('\n');
}
