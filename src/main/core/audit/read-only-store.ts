/**
 * A Store over a read-only connection, for audit workers. Store's constructor opens the file
 * read-write and runs migrations; a worker must never write (the run engine's thread is the
 * store's only writer), so it gets Store's read methods (loadStays, and the embedding cache
 * through the runtime) on a connection SQLite itself keeps from writing. WAL lets it read
 * while the main thread commits results.
 */
import Database from 'better-sqlite3';
import { Store } from '../store';

export function openReadOnlyStore(path: string): Store {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // Store keeps no state beyond `db` and `path`, so its methods work on this connection.
  const store = Object.create(Store.prototype) as Store;
  return Object.assign(store, { db, path });
}
