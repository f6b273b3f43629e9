import Database from 'better-sqlite3';
import { existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { guardConnection, integrityFindings, openForInspection, type Db } from './database';
import { StoreError, storeFailure } from './store-errors';
import type { StoreBackup } from '../../../shared/store-check';

/** Writes the store's pages to a file; replaceable so a full disk can be simulated in tests. */
export type CopyPages = (db: Db, file: string) => Promise<unknown>;

/**
 * SQLite's online backup, all pages in one step: one read transaction, so a writer elsewhere
 * cannot make it restart, and the copy is one consistent moment of the store. The connection's
 * own (guarded) backup would blame the store for the destination's errors, so the unguarded
 * one runs and errors are sorted below.
 */
const sqliteBackup: CopyPages = (db, file) =>
  Database.prototype.backup.call(db, file, { progress: () => 0x7fffffff });

export type { StoreBackup };

/**
 * Copies a store with SQLite's online backup: a consistent snapshot of everything committed,
 * taken while the app, `toe serve` or an audit may have the store open and keep writing
 * (WAL mode lets this reader run beside them). The copy is written under a temporary name
 * and renamed when complete, so a half-written backup never carries the final name; an
 * existing file is never overwritten. The copy is then checked (integrity_check).
 */
export async function backupStore(
  sourcePath: string,
  targetPath: string,
  copy: CopyPages = sqliteBackup,
): Promise<StoreBackup> {
  const source = resolve(sourcePath);
  const target = resolve(targetPath);
  if (existsSync(target)) {
    const same = realpathSync(target) === realpathSync(source);
    throw new StoreError(
      source,
      same
        ? `The backup must go to another file than the store ${source} itself.`
        : `The backup file ${target} already exists; backups never overwrite a file. Choose a new name.`,
    );
  }
  const folder = dirname(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new StoreError(source, `Cannot write the backup: the folder ${folder} does not exist.`);
  }
  const partial = join(folder, `.${basename(target)}.partial-${process.pid}`);
  const opened = openForInspection(source);
  try {
    await copy(opened.db, partial);
  } catch (error) {
    removeQuietly(partial);
    if (destinationFull(error)) {
      const why = error instanceof Error ? error.message : String(error);
      throw new StoreError(
        target,
        `The disk holding the backup folder ${folder} is full (${why}): the backup ${target} was not written, and the store ${source} is unchanged. Free some space there or choose a folder on another disk.`,
      );
    }
    const named = storeFailure(error, source, opened.readOnlyReason);
    if (named instanceof StoreError) throw named;
    const why = error instanceof Error ? error.message : String(error);
    throw new StoreError(
      source,
      `The backup of ${source} to ${target} failed (${why}); nothing was written.`,
    );
  } finally {
    opened.db.close();
  }
  renameSync(partial, target);
  return { source, target, bytes: statSync(target).size, problems: integrityOf(target) };
}

/**
 * Only the backup file grows during a backup (the store is read through a read-only
 * connection), so a full disk is the destination's, whatever SQLite or Node calls it.
 */
function destinationFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || (typeof code === 'string' && code.startsWith('SQLITE_FULL'));
}

function integrityOf(path: string): string[] {
  const db = guardConnection(new Database(path, { fileMustExist: true }), path, null);
  try {
    const rows = db.pragma('integrity_check(20)') as { integrity_check: string }[];
    return integrityFindings(rows.map((r) => r.integrity_check));
  } catch (error) {
    if (error instanceof StoreError) return [error.message];
    throw error;
  } finally {
    db.close();
  }
}

function removeQuietly(path: string): void {
  for (const file of [path, `${path}-journal`, `${path}-wal`, `${path}-shm`]) {
    rmSync(file, { force: true });
  }
}
