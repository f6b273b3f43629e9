import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRun } from '../../src/main/core/audit/run-engine';
import { runToe } from '../support/run-toe';
import { demoStore } from '../support/audit-runs';

describe('toe abstentions and toe review', () => {
  let db = '';
  let dir = '';
  let runId = 0;
  let dispose = () => {};

  beforeAll(async () => {
    const made = await demoStore(300);
    ({ dir, dispose } = made);
    db = made.store.path;
    const cohortId = made.store.resolveCohort('demo');
    runId = (await startRun(made.store, { cohortId, task: 'E1', split: 'test', workers: 1 })).id;
    made.store.close();
  });
  afterAll(() => dispose());

  it('lists the flagged stays most likely wrong first, no more than the budget', () => {
    const run = JSON.parse(runToe(['--json', 'runs'], db).stdout).find(
      (r: { id: number }) => r.id === runId,
    );
    // A calibrated run: the default policy (the model's own error estimate) and budget (10%).
    expect(run.spec.abstention).toMatchObject({
      policy: 'error-probability',
      budget: { share: 0.1 },
    });
    const listed = JSON.parse(runToe(['--json', 'abstentions', String(runId)], db).stdout);
    expect(listed.length).toBe(Math.floor(0.1 * run.totalStays));
    expect(listed.map((r: { rank: number }) => r.rank)).toEqual(
      listed.map((_: unknown, i: number) => i + 1),
    );
    expect(listed.every((r: { flagged: boolean }) => r.flagged)).toBe(true);
    const exhausted = JSON.parse(
      runToe(['--json', 'abstentions', String(runId), '--scope', 'exhausted'], db).stdout,
    );
    expect(exhausted.length).toBe(run.exhaustedStays);
    expect(exhausted.every((r: { reason: string }) => r.reason !== 'converged')).toBe(true);
  });

  it('exports the queue with reviews as CSV', () => {
    const listed = JSON.parse(runToe(['--json', 'abstentions', String(runId)], db).stdout);
    expect(listed.length).toBeGreaterThan(0);
    const flagged = listed[0];
    const reviewed = runToe(
      [
        'review',
        String(runId),
        flagged.stayKey,
        '--verdict',
        'disagree',
        '--comment',
        'edema, "not" sepsis',
      ],
      db,
    );
    expect(reviewed.status, reviewed.stderr).toBe(0);

    const csvPath = join(dir, 'queue.csv');
    expect(runToe(['abstentions', String(runId), '--csv', csvPath], db).status).toBe(0);
    const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(listed.length);
    const row = rows.find((r) => r.stay_id === flagged.stayKey)!;
    expect(row).toMatchObject({
      exhaustion_reason: flagged.reason === 'converged' ? '' : flagged.reason,
      review_verdict: 'disagree',
      review_comment: 'edema, "not" sepsis',
    });
    expect(Number.isNaN(Date.parse(row.reviewed_at!))).toBe(false);
  });

  it('writes the byte-order mark only when asked, and counts the queued stays of a wider scope', () => {
    const plain = join(dir, 'plain.csv');
    const withBom = join(dir, 'bom.csv');
    expect(runToe(['abstentions', String(runId), '--csv', plain], db).status).toBe(0);
    const all = runToe(
      ['abstentions', String(runId), '--scope', 'all', '--csv', withBom, '--excel-bom'],
      db,
    );
    expect(all.status, all.stderr).toBe(0);
    expect(readFileSync(plain, 'utf8').startsWith('\uFEFF')).toBe(false);
    expect(readFileSync(withBom, 'utf8').startsWith('\uFEFFstay_id,')).toBe(true);
    const listed = JSON.parse(runToe(['--json', 'abstentions', String(runId)], db).stdout);
    expect(all.stdout).toMatch(
      new RegExp(`^\\d+ audited stays \\(${listed.length} of them queued\\) written to `),
    );
  });

  it('refuses a comment naming a person with its findings listed, exit 3, and saves it redacted', () => {
    const listed = JSON.parse(runToe(['--json', 'abstentions', String(runId)], db).stdout);
    const stay = listed[0].stayKey as string;
    const comment = 'Discussed with Dr. Foley, call 617-555-0123';
    const refused = runToe(
      ['review', String(runId), stay, '--verdict', 'discuss', '--comment', comment],
      db,
    );
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/^toe: .*identifier/m);
    expect(refused.stderr).toContain('Findings (mark, kind, masked text):');
    expect(refused.stderr).toMatch(/^ {2}\S+ {2}phone {2}61\*+23$/m);
    expect(refused.stderr).not.toContain('617-555-0123');
    const saved = runToe(
      [
        '--json',
        'review',
        String(runId),
        stay,
        '--verdict',
        'discuss',
        '--comment',
        comment,
        '--redact-phi',
      ],
      db,
    );
    expect(saved.status, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout).comment).toContain('[**phone**]');
  });

  it('refuses to review a stay the run did not audit, exit 4', () => {
    const result = runToe(['review', String(runId), 'no-such-stay', '--verdict', 'agree'], db);
    expect(result.status).toBe(4);
    expect(result.stderr).toMatch(/was not audited in run \d+/);
  });
});
