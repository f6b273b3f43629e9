/**
 * What `toe store check` and `toe store backup` (the contract's `store.check` and
 * `store.backup`) report about the store: plain records, the same over every transport.
 */

/** Where restoring a store from a backup is explained; every damaged-store message names it. */
export const STORE_DOC = 'docs/store.md';

/** One check of the store: what it looks at and every problem it found. */
export interface StoreCheckResult {
  name: string;
  ok: boolean;
  /** The first problems found, in words (at most 20). */
  problems: string[];
  /** Problems found beyond those listed. */
  more: number;
  /** Why the check did not run, when it did not (an older schema lacks its tables). */
  skipped: string | null;
}

export interface StoreCheckReport {
  path: string;
  bytes: number;
  schemaVersion: number | null;
  latestSchemaVersion: number;
  /** Why the file cannot be written, when it cannot (the check itself never writes). */
  readOnlyReason: string | null;
  counts: Record<'cohorts' | 'stays' | 'runs' | 'results' | 'reviews', number> | null;
  checks: StoreCheckResult[];
  ok: boolean;
}

/** A backup written by SQLite's online backup, and the integrity check of the copy. */
export interface StoreBackup {
  source: string;
  target: string;
  bytes: number;
  /** SQLite's integrity check of the copy: empty when it passed. */
  problems: string[];
}
