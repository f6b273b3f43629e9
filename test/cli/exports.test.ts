/**
 * Issue 26: every per-stay export speaks one column vocabulary, with `stay_id` the hospital's
 * identifier (what an analyst joins back to the source data on) and the store's row id under
 * `store_row_id`. Run as a user would: `toe export` and `toe abstentions --csv` on one run.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../src/main/core/audit/export-columns';
import { runToe } from '../support/run-toe';
import { auditedDemo } from '../core/report/report-fixture';

type Row = Record<string, string>;

describe('toe export and toe abstentions --csv', () => {
  let demo: Awaited<ReturnType<typeof auditedDemo>>;
  let stays: Row[];
  let queue: Row[];
  let keys: Map<number, string>;

  beforeAll(async () => {
    demo = await auditedDemo(120);
    const run = String(demo.run.id);
    const staysCsv = join(demo.dir, 'stays.csv');
    const queueCsv = join(demo.dir, 'queue.csv');
    const exported = runToe(['export', run, '--csv', staysCsv], demo.dbPath);
    expect(exported.status, exported.stderr).toBe(0);
    const listed = runToe(['abstentions', run, '--scope', 'all', '--csv', queueCsv], demo.dbPath);
    expect(listed.status, listed.stderr).toBe(0);
    stays = parse(readFileSync(staysCsv, 'utf8'), { columns: true }) as Row[];
    queue = parse(readFileSync(queueCsv, 'utf8'), { columns: true }) as Row[];
    // The hospital's ids as the store holds them, by row id.
    const rows = demo.store.db
      .prepare('SELECT id, stay_key FROM stays WHERE cohort_id = ?')
      .all(demo.cohortId) as { id: number; stay_key: string }[];
    keys = new Map(rows.map((r) => [r.id, r.stay_key]));
  }, 600_000);
  afterAll(() => demo?.dispose());

  it('puts the hospital’s identifier in stay_id and the store’s in store_row_id, in both', () => {
    expect(stays.length).toBeGreaterThan(0);
    expect(queue).toHaveLength(stays.length);
    for (const row of [...stays, ...queue]) {
      expect(row.stay_id).toBe(keys.get(Number(row.store_row_id)));
    }
    // The demo's stay keys are not its row ids: a swap back would fail above, not pass silently.
    expect(stays.some((r) => r.stay_id !== r.store_row_id)).toBe(true);
  });

  it('names every column from the one vocabulary, with no second name for a value', () => {
    const vocabulary = Object.keys(EXPORT_COLUMNS);
    const fixed = (row: Row) => Object.keys(row).filter((c) => !c.startsWith('attr_'));
    expect(fixed(stays[0]!).every((c) => vocabulary.includes(c))).toBe(true);
    expect(fixed(queue[0]!).every((c) => vocabulary.includes(c))).toBe(true);
    for (const old of ['stay_key', 'predicted', 'reason', 'flagged', 'rank']) {
      expect(Object.keys(stays[0]!)).not.toContain(old);
      expect(Object.keys(queue[0]!)).not.toContain(old);
    }
  });

  it('writes the same value under a shared column, stay by stay', () => {
    const byId = new Map(queue.map((r) => [r.stay_id, r]));
    const shared = Object.keys(queue[0]!).filter((c) => c in stays[0]!);
    expect(shared).toEqual(
      expect.arrayContaining(['y_full', 'exhaustion_reason', 'flagged_for_review', 'status']),
    );
    for (const row of stays) {
      const other = byId.get(row.stay_id!)!;
      for (const column of shared) expect([column, other[column]]).toEqual([column, row[column]]);
    }
  });

  it('documents every column of the vocabulary in docs/audit-report.md', () => {
    const doc = readFileSync(new URL('../../docs/audit-report.md', import.meta.url), 'utf8');
    const undocumented = Object.keys(EXPORT_COLUMNS).filter((c) => !doc.includes(`\`${c}\``));
    expect(undocumented).toEqual([]);
  });
});
