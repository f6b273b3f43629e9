import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

/** Opens (creating if needed) a store and brings its schema up to date. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // WAL with NORMAL sync is durable across application crashes, which is what resumable runs need.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Opens an existing store for reading only; it must already be at this build's schema. */
export function openReadOnlyDatabase(path: string): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  const version = schemaVersion(db);
  if (version !== latest) {
    db.close();
    throw new Error(
      `The store ${path} is at schema ${version}, this build reads ${latest}; open it read-write once to migrate.`,
    );
  }
  return db;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Db): void {
  const current = schemaVersion(db);
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `This store was written by a newer ToE Audit (schema ${current}, this build knows ${latest}). Update the app or use another --db.`,
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
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
