import Database from 'better-sqlite3';
import { existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { guardConnection, integrityFindings, openForInspection } from './database';
import { StoreError } from './store-errors';

export interface StoreBackup {
  source: string;
  target: string;
  bytes: number;
  /** SQLite's integrity check of the copy: empty when it passed. */
  problems: string[];
}

/**
 * Copies a store with SQLite's online backup: a consistent snapshot of everything committed,
 * taken while the app, `toe serve` or an audit may have the store open and keep writing
 * (WAL mode lets this reader run beside them). The copy is written under a temporary name
 * and renamed when complete, so a half-written backup never carries the final name; an
 * existing file is never overwritten. The copy is then checked (integrity_check).
 */
export async function backupStore(sourcePath: string, targetPath: string): Promise<StoreBackup> {
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
    // All pages in one step: one read transaction, so a writer elsewhere cannot make the
    // backup restart, and the copy is one consistent moment of the store.
    await opened.db.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    removeQuietly(partial);
    if (error instanceof StoreError) throw error;
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
