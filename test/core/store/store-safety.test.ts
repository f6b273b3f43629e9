// Issue 14, item 4: a store that can be checked, backed up and read anywhere. A damaged or
// unreadable store is named with what was found and what to do; an empty or foreign file is
// refused, never replaced; a store on read-only media opens read-only.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorPayload } from '../../../src/main/core/api/dispatch';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { importGeneric } from '../../../src/main/core/import/generic';
import { Store } from '../../../src/main/core/store';
import { backupStore } from '../../../src/main/core/store/store-backup';
import { checkStore } from '../../../src/main/core/store/store-check';
import {
  StoreDamagedError,
  StoreError,
  StoreReadOnlyError,
} from '../../../src/main/core/store/store-errors';
import { copyStore } from '../../support/audit-runs';
import { TINY_SCHEMA, tinyStay } from '../../support/temp-store';

let root = '';
/** A store with a 200-stay demo cohort: several hundred pages, so damage hits real data. */
let demoPath = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toe-store-safety-'));
  demoPath = join(root, 'demo.sqlite');
  const store = new Store(demoPath);
  await createDemoCohort(store, { name: 'demo', stays: 200, seed: 3, spurious: false }, {});
  store.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let files = 0;
function fresh(name: string): string {
  return join(mkdtempSync(join(root, `${++files}-`)), name);
}

/** A consistent copy of the demo store with 64 KB in its middle overwritten. */
function corruptedCopy(): string {
  const path = fresh('damaged.sqlite');
  copyStore(demoPath, path);
  const bytes = readFileSync(path);
  const middle = Math.floor(bytes.length / 2 / 4096) * 4096;
  bytes.fill(0x55, middle, middle + 65536);
  writeFileSync(path, bytes);
  return path;
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('opening a store', () => {
  it('makes a new store only where nothing exists', () => {
    const path = fresh('new.sqlite');
    const store = new Store(path);
    expect(store.listCohorts()).toEqual([]);
    expect(store.readOnly).toBe(false);
    store.close();
  });

  it('refuses an empty file and leaves it as it is', () => {
    const path = fresh('empty.sqlite');
    writeFileSync(path, '');
    const error = thrown(() => new Store(path));
    expect(error).toBeInstanceOf(StoreDamagedError);
    expect((error as Error).message).toBe(
      `The store ${path} is empty (0 bytes): not a ToE Audit store. Move it away or pass another --db.`,
    );
    expect(statSync(path).size).toBe(0);
  });

  it('refuses a file that is not SQLite, and another program’s SQLite database', () => {
    const text = fresh('notes.sqlite');
    writeFileSync(text, 'hello, this is not a database\n');
    expect(() => new Store(text)).toThrow(
      new StoreDamagedError(
        text,
        `The store ${text} is not a ToE Audit store: it is not an SQLite database (it starts with "hello, this is n"). Move it away or pass another --db; if it was a store, restore it from a backup (docs/store.md).`,
      ),
    );
    const foreign = fresh('other.sqlite');
    const raw = new Database(foreign);
    raw.exec('CREATE TABLE invoices (id INTEGER)');
    raw.close();
    expect(() => new Store(foreign)).toThrow(
      /is an SQLite database with tables invoices: not a ToE Audit store\. Nothing was changed/,
    );
    const after = new Database(foreign, { readonly: true });
    const tables = after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    after.close();
    expect(tables).toEqual([{ name: 'invoices' }]);
  });

  it('names a damaged store on open (verify) and on any query that meets the damage', () => {
    const path = corruptedCopy();
    const onOpen = thrown(() => new Store(path, { verify: true }));
    expect(onOpen).toBeInstanceOf(StoreDamagedError);
    expect((onOpen as Error).message).toMatch(
      new RegExp(
        `^The store ${path} is damaged \\(SQLite: .+\\)\\. Run \`toe store check --db ${path}\` for details; restore it from a backup \\(docs/store\\.md\\)\\.$`,
      ),
    );
    // Without the check on open, whichever query reads a damaged page says the same.
    const store = new Store(path);
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all() as { name: string }[];
    const errors: unknown[] = [];
    for (const { name } of tables) {
      try {
        store.db.prepare(`SELECT * FROM "${name}"`).all();
      } catch (error) {
        errors.push(error);
      }
    }
    store.close();
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error).toBeInstanceOf(StoreDamagedError);
      expect((error as Error).message).toMatch(
        /is damaged \(SQLite: database disk image is malformed\)/,
      );
    }
  });

  it('gives the app an error code and the plain message', () => {
    const payload = toErrorPayload(
      StoreDamagedError.fromSqlite('/x/y.sqlite', 'file is not a database'),
    );
    expect(payload).toEqual({
      code: 'store-damaged',
      message:
        'The store /x/y.sqlite is damaged (SQLite: file is not a database). Run `toe store check --db /x/y.sqlite` for details; restore it from a backup (docs/store.md).',
    });
  });
});

/**
 * The demo store's folder made read-only: a read-only bind mount when running as root
 * (root writes through file permissions), else the permissions themselves. Null when this
 * machine cannot do either.
 */
function readOnlyFolder(): { path: string; release: () => void } | null {
  const source = mkdtempSync(join(root, 'ro-source-'));
  copyStore(demoPath, join(source, 'store.sqlite'));
  if (process.getuid?.() !== 0) {
    execFileSync('chmod', ['-R', 'a-w', source]);
    return {
      path: join(source, 'store.sqlite'),
      release: () => execFileSync('chmod', ['-R', 'u+w', source]),
    };
  }
  const mount = mkdtempSync(join(root, 'ro-mount-'));
  try {
    execFileSync('mount', ['--bind', source, mount], { stdio: 'ignore' });
  } catch {
    return null;
  }
  try {
    execFileSync('mount', ['-o', 'remount,ro,bind', mount], { stdio: 'ignore' });
  } catch {
    execFileSync('umount', [mount]);
    return null;
  }
  return { path: join(mount, 'store.sqlite'), release: () => execFileSync('umount', [mount]) };
}

describe('a store that cannot be written', () => {
  let folder: ReturnType<typeof readOnlyFolder> = null;
  beforeAll(() => {
    folder = readOnlyFolder();
  });
  afterAll(() => folder?.release());

  it('opens read-only for viewing and refuses what writes', async (context) => {
    if (folder === null) return context.skip('this machine cannot make a read-only folder');
    const path = folder.path;
    const store = new Store(path, { verify: true });
    try {
      expect(store.readOnly).toBe(true);
      expect(store.readOnlyReason).toMatch(/read-only/);
      expect(store.listCohorts().map((c) => c.name)).toEqual(['demo']);
      expect(store.loadStays(store.stayIds(store.resolveCohort('demo')).slice(0, 5))).toHaveLength(
        5,
      );
      const write = thrown(() => store.createCohort(TINY_SCHEMA));
      expect(write).toBeInstanceOf(StoreReadOnlyError);
      expect((write as Error).message).toMatch(
        new RegExp(`^The store ${path} is read-only \\(.+\\): this would change it\\.`),
      );
      // An import says so before reading a single file.
      await expect(importGeneric(store, '/nonexistent', {})).rejects.toBeInstanceOf(
        StoreReadOnlyError,
      );
      expect(checkStore(path).ok).toBe(true);
      const copy = fresh('from-read-only.sqlite');
      await backupStore(path, copy);
      expect(checkStore(copy).ok).toBe(true);
    } finally {
      store.close();
    }
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});

describe('toe store check', () => {
  it('passes a healthy store', () => {
    const report = checkStore(demoPath);
    expect(report.ok).toBe(true);
    expect(report.counts).toMatchObject({ cohorts: 1, stays: 200 });
    expect(report.checks.map((c) => [c.name, c.ok, c.skipped])).toEqual(
      report.checks.map((c) => [c.name, true, null]),
    );
  });

  it('finds damage SQLite sees, without changing the file', () => {
    const path = corruptedCopy();
    const before = readFileSync(path);
    const report = checkStore(path);
    expect(report.ok).toBe(false);
    const integrity = report.checks.find((c) => c.name === 'SQLite integrity check')!;
    expect(integrity.ok).toBe(false);
    expect(integrity.problems.length).toBeGreaterThan(0);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('finds broken product invariants: foreign keys, results outside the cohort, incomplete runs, bad tensors, stale fingerprints', async () => {
    const path = fresh('invariants.sqlite');
    const store = new Store(path);
    const a = store.createCohort(TINY_SCHEMA);
    const writeA = store.stayWriter(a);
    const a1 = writeA(tinyStay('a1'));
    const a2 = writeA(tinyStay('a2'));
    const b = store.createCohort({ ...TINY_SCHEMA, name: 'other' });
    const b1 = store.stayWriter(b)(tinyStay('b1'));
    const hash = store.cohortContentHash(a);
    store.close();

    const raw = new Database(path);
    raw.pragma('foreign_keys = OFF');
    const provenance = (cohortContentHash: string | null) =>
      JSON.stringify({
        bundleHashes: { 'model.onnx': 'a'.repeat(64) },
        ...(cohortContentHash === null ? {} : { cohortContentHash }),
      });
    const run = raw.prepare(
      `INSERT INTO runs (id, cohort_id, task, split, spec, provenance, status, created_at, started_at,
         total_stays, excluded_stays) VALUES (?, ?, 'E1', 'test', '{}', ?, ?, 'now', 'now', ?, 0)`,
    );
    const plan = raw.prepare('INSERT INTO run_stays (run_id, position, stay_id) VALUES (?, ?, ?)');
    const result = raw.prepare(
      `INSERT INTO run_results (run_id, stay_id, stay_key, label, p_full, y_full, evidence, p_evidence,
         p_without_evidence, confidence, stability, score, status, reachable, steps, states_scored,
         note_units, elapsed_ms, committed_at, candidates, trace)
       VALUES (?, ?, ?, 1, 0.5, 1, '[]', 0.5, 0.5, 0.5, 1, 0, 'converged', 1, 1, 1, 0, 1, 'now', '[]', '[]')`,
    );
    // Run 1: healthy but for a result (and plan) for a stay of the other cohort.
    run.run(1, a, provenance(hash), 'completed', 2);
    plan.run(1, 0, a1);
    plan.run(1, 1, b1);
    result.run(1, a1, 'a1');
    result.run(1, b1, 'b1');
    // Run 2: completed with one of its two planned stays audited; no cohort hash recorded.
    run.run(2, a, provenance(null), 'completed', 2);
    plan.run(2, 0, a1);
    plan.run(2, 1, a2);
    result.run(2, a1, 'a1');
    // Run 3: recorded a hash of other data; a result for a run that does not exist.
    run.run(3, a, provenance('b'.repeat(64)), 'running', 0);
    result.run(99, a2, 'a2');
    // A stay whose tensor lost bytes.
    raw.prepare('UPDATE stays SET series = substr(series, 1, 8) WHERE id = ?').run(a2);
    raw.close();

    const report = checkStore(path);
    expect(report.ok).toBe(false);
    const problems = Object.fromEntries(report.checks.map((c) => [c.name, c.problems]));
    expect(problems['foreign keys']).toEqual([
      '1 row of run_results refers to a missing row of run_stays',
    ]);
    expect(problems["every result's and planned stay's stay is in its run's cohort"]).toEqual([
      `run 1's result for stay "b1" (id ${b1}): the stay is in cohort ${b}, the run audited cohort ${a}`,
      `run 99's result for stay "a2" (id ${a2}) belongs to no run`,
      `run 1 plans stay id ${b1} of cohort ${b}, the run audits cohort ${a}`,
    ]);
    expect(problems['completed runs have a result for every planned stay']).toEqual([
      'run 2 is completed with 1 results for 2 planned stays',
    ]);
    expect(problems["stays' tensors and context fit their cohort's schema"]).toEqual([
      'cohort "tiny", stay "a2": tensor of 8 and 4 bytes, context of 2 and 4 bytes; the schema needs 48, 4, 2 and 4',
    ]);
    const fingerprints =
      problems[
        "runs' and evaluations' recorded fingerprints are present and match their cohort's data"
      ]!;
    expect(fingerprints).toEqual([
      'run 1: cohort "tiny" no longer holds the data the run recorded (content hash differs): its stays were changed or damaged',
      'run 2: the cohort content hash it recorded is missing or malformed',
      'run 3: cohort "tiny" no longer holds the data the run recorded (content hash differs): its stays were changed or damaged',
    ]);
  });
});

describe('toe store backup', () => {
  it('copies a consistent snapshot while another connection holds a write transaction', async () => {
    const path = fresh('busy.sqlite');
    copyStore(demoPath, path);
    const writer = new Database(path);
    writer.pragma('busy_timeout = 100');
    writer.exec('BEGIN IMMEDIATE');
    writer
      .prepare(
        `INSERT INTO cohorts (name, source, synthetic, description, feature_schema, note_rule,
           context_schema, tasks, attributes, created_at)
         VALUES ('uncommitted', 'generic', 1, '', '{}', '{}', '{}', '[]', '[]', 'now')`,
      )
      .run();
    try {
      const target = fresh('backup.sqlite');
      const backup = await backupStore(path, target);
      expect(backup.problems).toEqual([]);
      expect(checkStore(target).ok).toBe(true);
      const copy = new Store(target, { verify: true });
      expect(copy.listCohorts().map((c) => c.name)).toEqual(['demo']);
      copy.close();
      // The check reads beside the writer too.
      expect(checkStore(path).ok).toBe(true);
    } finally {
      writer.exec('COMMIT');
      writer.close();
    }
  });

  it('never overwrites a file, and says where a backup cannot go', async () => {
    const existing = fresh('taken.sqlite');
    writeFileSync(existing, 'keep me');
    await expect(backupStore(demoPath, existing)).rejects.toThrow(
      /already exists; backups never overwrite a file/,
    );
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    await expect(backupStore(demoPath, demoPath)).rejects.toThrow(/another file than the store/);
    await expect(backupStore(demoPath, join(root, 'no-such-folder', 'b.sqlite'))).rejects.toThrow(
      /the folder .*no-such-folder does not exist/,
    );
  });

  it('refuses to back up what is not a store', async () => {
    const empty = fresh('empty.sqlite');
    writeFileSync(empty, '');
    await expect(backupStore(empty, fresh('b.sqlite'))).rejects.toBeInstanceOf(StoreDamagedError);
    await expect(backupStore(fresh('missing.sqlite'), fresh('b.sqlite'))).rejects.toBeInstanceOf(
      StoreError,
    );
  });
});
