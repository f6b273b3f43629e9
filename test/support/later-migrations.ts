/**
 * A store's rows as an earlier schema held them: what migrations after it added (tables,
 * columns) is checked empty and left out, so an upgrade test compares its rows with the rows
 * it started from, however many migrations later ones add.
 */
import { expect } from 'vitest';

/** Tables and columns added by migrations after 7, all empty on an upgraded store. */
const LATER_TABLES = ['run_awaiting_stays'];
const LATER_COLUMNS: Record<string, string[]> = { outcomes: ['onset_hour'] };

export function withoutLaterMigrations(
  contents: Record<string, unknown[]>,
): Record<string, unknown[]> {
  const kept: Record<string, unknown[]> = {};
  for (const [table, rows] of Object.entries(contents)) {
    if (LATER_TABLES.includes(table)) {
      expect(rows, table).toEqual([]);
      continue;
    }
    const later = LATER_COLUMNS[table] ?? [];
    kept[table] = rows.map((row) => {
      const copy = { ...(row as Record<string, unknown>) };
      for (const column of later) {
        expect(copy[column], `${table}.${column}`).toBeNull();
        delete copy[column];
      }
      return copy;
    });
  }
  return kept;
}
