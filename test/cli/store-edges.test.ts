// The store's edges as a user meets them: a mistyped --db, another program's SQLite file,
// a text file, and a backup whose destination disk is full. Every store here is a throwaway
// in a temp folder; --db is always given, so the user's own store is never opened.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/main/core/store';
import { backupStore } from '../../src/main/core/store/store-backup';
import { runToe } from '../support/run-toe';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toe-store-edges-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hashOf = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

function journalModeOf(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('journal_mode', { simple: true }) as string;
  } finally {
    db.close();
  }
}

/** Another program's SQLite database: its own tables, the default rollback journal. */
function foreignDatabase(name: string): string {
  const path = join(root, name);
  const db = new Database(path);
  db.exec('CREATE TABLE invoices (id INTEGER, total REAL); INSERT INTO invoices VALUES (1, 9.5);');
  db.exec('CREATE TABLE customers (id INTEGER, name TEXT)');
  db.close();
  return path;
}

describe('a read-only command on a --db where no store exists', () => {
  const commands: string[][] = [
    ['runs'],
    ['cohorts'],
    ['stays', 'demo'],
    ['export', '1', '--csv', 'out.csv'],
    ['abstentions', '1'],
    ['report', '1', '--out', 'out.pdf'],
    ['compare', '1', '2'],
    ['store', 'check'],
    ['store', 'backup', 'copy.sqlite'],
  ];
  it.each(commands.map((args) => [args.join(' '), args] as const))(
    'toe %s says so, exits 4 and creates nothing',
    (_name, args) => {
      const folder = join(root, 'typo', 'dir');
      const missing = join(folder, 'x.sqlite');
      const result = runToe(
        args.map((a) => (a.includes('.') ? join(root, a) : a)),
        missing,
      );
      expect(result.status).toBe(4);
      expect(result.stderr).toContain(
        `There is no store at ${missing}: nothing was created. Give the path of an existing store with --db, or import a cohort first.`,
      );
      expect(result.stdout).not.toMatch(/No audit runs yet|No problems found/);
      expect(existsSync(join(root, 'typo'))).toBe(false);
    },
  );

  it('a command that writes still creates the store and its folders', () => {
    const path = join(root, 'new', 'folder', 'store.sqlite');
    const result = runToe(['demo-cohort', '--stays', '40', '--seed', '3'], path);
    expect(result.stderr).not.toMatch(/There is no store/);
    expect(result.status).toBe(0);
    expect(existsSync(path)).toBe(true);
    expect(runToe(['cohorts'], path).status).toBe(0);
  });
});

describe("another program's SQLite file", () => {
  const commands: string[][] = [
    ['runs'],
    ['cohorts'],
    ['export', '1', '--csv', 'x.csv'],
    ['import', 'generic', 'docs/examples/service-incidents', '--name', 'incidents'],
  ];
  it.each(commands)('toe %s exits 6 and leaves the file exactly as it was', (...args: string[]) => {
    const path = foreignDatabase(`foreign-${args[0]!}.sqlite`);
    const before = hashOf(path);
    expect(journalModeOf(path)).toBe('delete');
    const result = runToe(args, path);
    expect(result.status).toBe(6);
    expect(result.stderr).toContain(
      `The file ${path} is an SQLite database with tables customers, invoices: not a ToE Audit store. Nothing was changed`,
    );
    expect(hashOf(path)).toBe(before);
    expect(journalModeOf(path)).toBe('delete');
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
    expect(existsSync(`${path}-journal`)).toBe(false);
  });

  it('toe store check says what the file is and exits 6, not "No problems found"', () => {
    const path = foreignDatabase('foreign-check.sqlite');
    const before = hashOf(path);
    const result = runToe(['store', 'check'], path);
    expect(result.status).toBe(6);
    expect(result.stdout).not.toMatch(/No problems found/);
    expect(result.stderr).toMatch(
      /is an SQLite database with tables customers, invoices: not a ToE Audit store/,
    );
    expect(hashOf(path)).toBe(before);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('toe store check on a text file says it is not an SQLite database and exits 6', () => {
    const path = join(root, 'notes.sqlite');
    writeFileSync(path, 'these are my notes, not a database\n');
    const result = runToe(['store', 'check'], path);
    expect(result.status).toBe(6);
    expect(result.stdout).not.toMatch(/No problems found/);
    expect(result.stderr).toMatch(/is not a ToE Audit store: it is not an SQLite database/);
  });
});

describe('toe store backup to a full disk', () => {
  it("names the backup folder's disk, not the store's, and leaves no partial file", async () => {
    const storePath = join(root, 'full', 'store.sqlite');
    new Store(storePath).close();
    const folder = join(root, 'backups');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    const target = join(folder, 'copy.sqlite');
    // The disk fills while SQLite writes the copy: a partial file exists, then SQLITE_FULL.
    const fullDisk = (_db: unknown, file: string): Promise<unknown> => {
      writeFileSync(file, 'partial pages');
      return Promise.reject(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));
    };
    const failure = backupStore(storePath, target, fullDisk);
    await expect(failure).rejects.toThrow(
      `The disk holding the backup folder ${folder} is full (database or disk is full): the backup ${target} was not written, and the store ${storePath} is unchanged.`,
    );
    await expect(failure).rejects.not.toThrow(/disk holding the store/);
    expect(readdirSync(folder)).toEqual([]);

    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
    });
    await expect(backupStore(storePath, target, () => Promise.reject(enospc))).rejects.toThrow(
      `The disk holding the backup folder ${folder} is full (ENOSPC: no space left on device, write)`,
    );
    // Without an injected failure the real copy works, through the same code path.
    const backup = await backupStore(storePath, target);
    expect(backup.problems).toEqual([]);
  });
});
