import Database from 'better-sqlite3';
import { STORE_DOC } from '../../../shared/store-check';

export { STORE_DOC };

/**
 * The store itself cannot be used as asked: damaged, not a store, read-only, full or busy.
 * Every message names the file, says what was found and what to do; SQLite's own words
 * follow in parentheses, for whoever has to look deeper.
 */
export class StoreError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** The file is not a usable store: damaged, empty, not an SQLite database, unreadable. */
export class StoreDamagedError extends StoreError {
  constructor(
    path: string,
    message: string,
    /** SQLite's own words, when SQLite found the damage. */
    readonly sqlite: string | null = null,
  ) {
    super(path, message);
    this.name = 'StoreDamagedError';
  }

  /** SQLite found damage: say so, and how to learn more and recover. */
  static fromSqlite(path: string, sqliteMessage: string): StoreDamagedError {
    return new StoreDamagedError(
      path,
      `The store ${path} is damaged (SQLite: ${sqliteMessage}). Run \`toe store check --db ${shellQuote(path)}\` for details; restore it from a backup (${STORE_DOC}).`,
      sqliteMessage,
    );
  }
}

/**
 * No store at the path, where one must already exist: a command that only reads never
 * makes one (a mistyped --db would otherwise leave folders and an empty store behind).
 */
export class StoreMissingError extends StoreError {
  constructor(path: string) {
    super(
      path,
      `There is no store at ${path}: nothing was created. Give the path of an existing store with --db, or import a cohort first.`,
    );
    this.name = 'StoreMissingError';
  }
}

/** The store can be read but not written: read-only media, a read-only file or folder. */
export class StoreReadOnlyError extends StoreError {
  constructor(path: string, reason: string) {
    super(
      path,
      `The store ${path} is read-only (${reason}): this would change it. Copy it to a writable folder (\`toe store backup --db ${shellQuote(path)} COPY.sqlite\`) and pass --db COPY.sqlite, or make it writable.`,
    );
    this.name = 'StoreReadOnlyError';
  }
}

/** Quotes a path for a command line when it needs it (spaces, quotes, shell characters). */
export function shellQuote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * Turns SQLite's errors about the file itself into StoreErrors that name it; anything else
 * (a constraint, a bug in a query) is returned as it is.
 */
export function storeFailure(error: unknown, path: string, readOnlyReason: string | null): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const code = error.code;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return StoreDamagedError.fromSqlite(path, error.message);
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return new StoreReadOnlyError(path, readOnlyReason ?? `SQLite: ${error.message}`);
  }
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) {
    return new StoreDamagedError(
      path,
      `The store ${path} could not be read or written (SQLite: ${error.message}). Check that the disk or share holding it is present and healthy, then run \`toe store check --db ${shellQuote(path)}\`; restore it from a backup if it is damaged (${STORE_DOC}).`,
    );
  }
  if (code.startsWith('SQLITE_FULL')) {
    return new StoreError(
      path,
      `The disk holding the store ${path} is full (SQLite: ${error.message}). Nothing of this change was saved; free some space and run it again.`,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreError(
      path,
      `The store ${path} is busy: another program kept it locked for too long (SQLite: ${error.message}). Try again when the other work (an import, an audit) has finished.`,
    );
  }
  return error;
}
