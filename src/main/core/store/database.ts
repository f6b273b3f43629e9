import Database from 'better-sqlite3';
import {
  accessSync,
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  type Stats,
} from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';
import {
  StoreDamagedError,
  StoreError,
  StoreMissingError,
  StoreReadOnlyError,
  shellQuote,
  storeFailure,
} from './store-errors';

export type Db = Database.Database;

/**
 * A store up to this size is checked in full (SQLite's quick_check) whenever a command opens
 * it with `verify`: about a second at most on a slow disk, so damage anywhere in the file is
 * named at once instead of by whichever later command happens to read the damaged page.
 * Larger stores are checked as they are read, and in full by `toe store check`.
 */
export const VERIFY_ON_OPEN_MAX_BYTES = 128 * 1024 * 1024;

/** Node cannot read a larger file into one buffer (readFileSync's limit). */
const MAX_IN_MEMORY_BYTES = 2 ** 31 - 1;
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export interface OpenOptions {
  /** Open for reading only, by choice (audit workers, figures): nothing may be written. */
  readOnly?: boolean | undefined;
  /** Check the whole file on open (small stores only, see VERIFY_ON_OPEN_MAX_BYTES). */
  verify?: boolean | undefined;
  /** The store must already exist: a missing one is a StoreMissingError, nothing is created. */
  mustExist?: boolean | undefined;
}

export interface OpenedDatabase {
  db: Db;
  /** True when nothing can be written through this connection. */
  readOnly: boolean;
  /** Why the store itself cannot be written (read-only media, file or folder); null otherwise. */
  readOnlyReason: string | null;
}

/**
 * Opens a store. A path that does not exist becomes a new store; an existing file must be a
 * ToE Audit store (an empty file or another kind of file is refused, never replaced). A store
 * that cannot be written (read-only media, file or folder) opens read-only with the reason.
 * Every error SQLite gives about the file itself, now or on any later query, becomes a
 * StoreError naming the file (see `guardConnection`).
 */
export function openStoreDatabase(path: string, options: OpenOptions = {}): OpenedDatabase {
  if (path === ':memory:') {
    const db = guardConnection(new Database(':memory:'), path, null);
    configure(db, false);
    migrate(db, path);
    return { db, readOnly: false, readOnlyReason: null };
  }
  const file = inspectStoreFile(path);
  if (file === null) {
    if (options.readOnly || options.mustExist) throw new StoreMissingError(path);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new StoreError(
        path,
        `Cannot create the store ${path}: its folder cannot be made (${errorCode(error)}). Pass another --db.`,
      );
    }
  }
  const readOnlyReason = file === null ? null : whyReadOnly(path);
  const readOnly = options.readOnly === true || readOnlyReason !== null;
  const connection = connect(path, readOnly, readOnlyReason, file === null);
  const db = guardConnection(connection, path, readOnlyReason);
  try {
    if (options.verify && file !== null && file.size <= VERIFY_ON_OPEN_MAX_BYTES) {
      quickCheck(db, path);
    }
    // Before any pragma that writes (journal_mode): another program's file stays untouched.
    refuseForeignDatabase(db, path);
    configure(db, readOnly);
    if (readOnly) requireCurrentSchema(db, path, readOnlyReason);
    else migrate(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  return { db, readOnly, readOnlyReason };
}

/**
 * A read-only connection to a store as it is, for `toe store check` and `toe store backup`:
 * no schema check and no migration, so a store is inspected or copied exactly as found.
 */
export function openForInspection(path: string): OpenedDatabase {
  if (inspectStoreFile(path) === null) throw new StoreMissingError(path);
  const readOnlyReason = whyReadOnly(path);
  const db = guardConnection(connect(path, true, readOnlyReason, false), path, readOnlyReason);
  try {
    refuseForeignDatabase(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  return { db, readOnly: true, readOnlyReason };
}

/** Opens (creating if needed) a store and brings its schema up to date. */
export function openDatabase(path: string): Db {
  return openStoreDatabase(path).db;
}

/** Opens an existing store for reading only; it must already be at this build's schema. */
export function openReadOnlyDatabase(path: string): Db {
  return openStoreDatabase(path, { readOnly: true }).db;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** The schema version this build reads and writes. */
export function latestSchemaVersion(): number {
  return MIGRATIONS.at(-1)?.version ?? 0;
}

/**
 * What is at the path: null when nothing is (a new store may be made there); otherwise the
 * file's stats, after refusing what cannot be a store (a folder, an empty file, another
 * kind of file, a link to nothing).
 */
export function inspectStoreFile(path: string): Stats | null {
  let stats: Stats;
  try {
    lstatSync(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw unreadable(path, error);
  }
  try {
    stats = statSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ELOOP') {
      throw new StoreDamagedError(
        path,
        `The store ${path} is a symbolic link to ${code === 'ELOOP' ? 'itself (a loop)' : 'a file that does not exist'}. Fix the link or pass another --db.`,
      );
    }
    throw unreadable(path, error);
  }
  if (stats.isDirectory()) {
    throw new StoreDamagedError(
      path,
      `The store ${path} is a folder, not a store file. Pass the store's file with --db (the app's is named toe-audit.sqlite).`,
    );
  }
  if (stats.size === 0) {
    throw new StoreDamagedError(
      path,
      `The store ${path} is empty (0 bytes): not a ToE Audit store. Move it away or pass another --db.`,
    );
  }
  const head = readHead(path);
  if (
    head.length < SQLITE_MAGIC.length ||
    !head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)
  ) {
    throw new StoreDamagedError(
      path,
      `The store ${path} is not a ToE Audit store: it is not an SQLite database (it starts with ${printable(head)}). Move it away or pass another --db; if it was a store, restore it from a backup (docs/store.md).`,
    );
  }
  return stats;
}

function readHead(path: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    const head = Buffer.alloc(100);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read);
  } catch (error) {
    throw unreadable(path, error);
  } finally {
    closeSync(fd);
  }
}

function printable(bytes: Buffer): string {
  const text = [...bytes.subarray(0, 16)]
    .map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.'))
    .join('');
  return JSON.stringify(text);
}

function unreadable(path: string, error: unknown): StoreDamagedError {
  const code = errorCode(error);
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EIO'
        ? 'an input/output error: the disk may be failing'
        : code;
  return new StoreDamagedError(
    path,
    `The store ${path} cannot be read (${why}). Check its permissions and the disk, or pass another --db.`,
  );
}

/** Why an existing store cannot be written, or null when it can. */
function whyReadOnly(path: string): string | null {
  const folder = dirname(path);
  for (const [target, what] of [
    [path, 'the file'],
    [folder, 'its folder'],
  ] as const) {
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EROFS') return 'it is on read-only media';
      if (code === 'EACCES' || code === 'EPERM') return `${what} is read-only`;
      return `${what} cannot be written (${code})`;
    }
  }
  return null;
}

/**
 * Opens the SQLite connection. A store SQLite cannot open read-only in place (WAL mode needs
 * its -shm file, which a read-only folder cannot hold) is read into memory instead, as a
 * read-only copy: the file itself is never touched.
 */
function connect(
  path: string,
  readOnly: boolean,
  readOnlyReason: string | null,
  creating: boolean,
): Db {
  try {
    if (!readOnly) return new Database(path, { fileMustExist: false });
    let db: Db | null = null;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
      // SQLite opens lazily: read once, so a WAL store it cannot open here fails now.
      db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
      return db;
    } catch (error) {
      db?.close();
      if (readOnlyReason === null || !(error instanceof Database.SqliteError)) throw error;
      if (!error.code.startsWith('SQLITE_CANTOPEN')) throw error;
      return openInMemoryCopy(path);
    }
  } catch (error) {
    if (creating) {
      const why = error instanceof Error ? error.message : String(error);
      throw new StoreError(
        path,
        `Cannot create the store ${path} (SQLite: ${why}). Check that its folder can be written, or pass another --db.`,
      );
    }
    throw storeFailure(error, path, readOnlyReason);
  }
}

function openInMemoryCopy(path: string): Db {
  const wal = `${path}-wal`;
  let walBytes = 0;
  try {
    walBytes = statSync(wal).size;
  } catch {
    // No -wal file: everything committed is in the store file itself.
  }
  if (walBytes > 0) {
    throw new StoreError(
      path,
      `The store ${path} is on read-only storage and its latest changes are still in ${wal}, which SQLite cannot read there. Copy the store together with its -wal file to a writable folder and pass --db with the copy.`,
    );
  }
  const size = statSync(path).size;
  if (size > MAX_IN_MEMORY_BYTES) {
    throw new StoreError(
      path,
      `The store ${path} is on read-only storage and too large (${Math.round(size / 2 ** 20)} MB) to read into memory; copy it to a writable folder and pass --db ${shellQuote('COPY.sqlite')}.`,
    );
  }
  const image = readFileSync(path);
  // Bytes 18 and 19 say "WAL mode" (2); an in-memory copy has no WAL, so say legacy (1).
  image[18] = 1;
  image[19] = 1;
  return new Database(image, { readonly: true });
}

function configure(db: Db, readOnly: boolean): void {
  if (!readOnly) {
    db.pragma('journal_mode = WAL');
    // WAL with NORMAL sync is durable across application crashes, which resumable runs need.
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/**
 * A file at schema 0 holding tables is another program's SQLite database: refused, never
 * given our tables (a new store is at schema 0 with no tables). Only reads the file.
 */
function refuseForeignDatabase(db: Db, path: string): void {
  if (schemaVersion(db) !== 0) return;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 4")
    .all() as { name: string }[];
  if (tables.length === 0) return;
  const names = tables.slice(0, 3).map((t) => t.name);
  const more = tables.length > 3 ? ', …' : '';
  throw new StoreDamagedError(
    path,
    `The file ${path} is an SQLite database with tables ${names.join(', ')}${more}: not a ToE Audit store. Nothing was changed; pass another --db.`,
  );
}

/** SQLite's quick_check over the whole file; the first finding names the damage. */
function quickCheck(db: Db, path: string): void {
  const findings = db.pragma('quick_check(10)') as { quick_check: string }[];
  const problems = integrityFindings(findings.map((f) => f.quick_check));
  if (problems.length > 0) {
    const more = problems.length > 1 ? `; ${problems.length - 1} more` : '';
    throw StoreDamagedError.fromSqlite(path, `${problems[0]!}${more}`);
  }
}

/**
 * The findings of integrity_check or quick_check, one per entry: SQLite may put several in
 * one row, under a "*** in database main ***" heading that says nothing by itself.
 */
export function integrityFindings(rows: readonly string[]): string[] {
  return rows
    .flatMap((row) => row.split('\n'))
    .map((line) => line.trim())
    .filter(
      (line) => line !== '' && line !== 'ok' && !/^\*\*\* in database \w+ \*\*\*$/.test(line),
    );
}

function requireCurrentSchema(db: Db, path: string, readOnlyReason: string | null): void {
  const latest = latestSchemaVersion();
  const version = schemaVersion(db);
  if (version > latest) throw newerStore(path, version, latest);
  if (version < latest) {
    if (readOnlyReason !== null) {
      throw new StoreReadOnlyError(
        path,
        `${readOnlyReason}; it is at schema ${version} and this build must upgrade it to ${latest} first`,
      );
    }
    throw new StoreError(
      path,
      `The store ${path} is at schema ${version}, this build reads ${latest}; open it read-write once to migrate.`,
    );
  }
}

function newerStore(path: string, version: number, latest: number): StoreError {
  return new StoreError(
    path,
    `The store ${path} was written by a newer ToE Audit (schema ${version}, this build knows ${latest}). Update the app or use another --db.`,
  );
}

function migrate(db: Db, path: string): void {
  const current = schemaVersion(db);
  const latest = latestSchemaVersion();
  if (current > latest) throw newerStore(path, current, latest);
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    // foreign_keys cannot change inside a transaction, so it is switched around it.
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        if (migration.rebuildsTables) checkForeignKeys(db, path, migration);
        db.pragma(`user_version = ${migration.version}`);
      })();
    } finally {
      if (migration.rebuildsTables) db.pragma('foreign_keys = ON');
    }
  }
}

/** A rebuild that left a dangling reference rolls back rather than commit a broken store. */
function checkForeignKeys(db: Db, path: string, migration: Migration): void {
  const broken = db.pragma('foreign_key_check') as { table: string; parent: string }[];
  if (broken.length === 0) return;
  const first = broken[0]!;
  throw new StoreError(
    path,
    `Migrating the store ${path} to schema ${migration.version} (${migration.name}) would leave ${broken.length} row(s) of ${first.table} pointing at no ${first.parent}; nothing was changed.`,
  );
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * Makes every way this connection reaches SQLite (prepare, the statements it returns, exec,
 * pragma, transactions, backup) report trouble with the file itself as a StoreError naming
 * it. The one place for it: the importers, runs, reviews and workers all query through
 * `store.db`, so none of them sees SQLite's bare "database disk image is malformed".
 */
export function guardConnection(db: Db, path: string, readOnlyReason: string | null): Db {
  const convert = (error: unknown): unknown => storeFailure(error, path, readOnlyReason);
  const guarded = (target: object, method: AnyFunction): AnyFunction =>
    function guardedCall(...args: unknown[]): unknown {
      try {
        return method.apply(target, args);
      } catch (error) {
        throw convert(error);
      }
    };
  const raw = db as unknown as Record<string, AnyFunction>;
  const prepare = guarded(db, raw.prepare!);
  raw.prepare = (...args: unknown[]) => guardStatement(prepare(...args) as object, guarded);
  raw.exec = guarded(db, raw.exec!);
  raw.pragma = guarded(db, raw.pragma!);
  const transaction = raw.transaction!.bind(db);
  raw.transaction = (fn: unknown) => {
    const wrapped = transaction(fn) as AnyFunction & Record<string, AnyFunction>;
    const result = guarded(wrapped, wrapped) as AnyFunction & Record<string, AnyFunction>;
    for (const variant of ['deferred', 'immediate', 'exclusive'] as const) {
      result[variant] = guarded(wrapped[variant]!, wrapped[variant]!);
    }
    result.default = result;
    return result;
  };
  const backup = raw.backup!.bind(db);
  raw.backup = (...args: unknown[]) =>
    (backup(...args) as Promise<unknown>).catch((error: unknown) => {
      throw convert(error);
    });
  return db;
}

function guardStatement(
  statement: object,
  guarded: (target: object, method: AnyFunction) => AnyFunction,
): object {
  const raw = statement as Record<string, AnyFunction>;
  for (const name of ['run', 'get', 'all'] as const) raw[name] = guarded(statement, raw[name]!);
  const iterate = guarded(statement, raw.iterate!);
  raw.iterate = (...args: unknown[]) => {
    const iterator = iterate(...args) as Record<string, AnyFunction | undefined>;
    for (const name of ['next', 'return'] as const) {
      const method = iterator[name];
      if (method) iterator[name] = guarded(iterator, method);
    }
    return iterator;
  };
  return statement;
}

function errorCode(error: unknown): string {
  return (error as { code?: string }).code ?? String(error);
}

/**
 * Runs async work inside one write transaction: everything or nothing. Importers stream
 * files, so better-sqlite3's synchronous `transaction()` cannot span them; the connection
 * must not be shared with another writer meanwhile (the store's connection is per process).
 */
export async function inWriteTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
