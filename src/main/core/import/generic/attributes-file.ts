import { basename } from 'node:path';
import type { PhiGuard } from '../../phi';
import { readCsv } from '../csv-reader';
import type { ImportSummaryBuilder } from '../import-summary';
import { InputError, shown } from '../../errors/input-error';
import { requiredText, stayOf } from './fields';
import type { ImportClock } from '../import-clock';
import type { StayDrafts } from './types';

/**
 * Reads subgroup attributes for bias audits (never model inputs). Any names are allowed;
 * returns them in order of first appearance, which becomes the cohort's attribute list.
 * Every value passes the PHI guard (a name or a phone number typed where a group belongs).
 */
export async function readAttributes(
  path: string,
  stays: StayDrafts,
  guard: PhiGuard,
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<string[]> {
  const file = basename(path);
  const names = new Set<string>();
  let rows = 0;
  for await (const row of readCsv(path, ['stay_id', 'name', 'value'])) {
    rows++;
    const stay = stayOf(file, row, stays);
    const name = requiredText(file, row, 'name');
    // An empty value would be a group nobody chose; "unknown" written out is a real group.
    const value = requiredText(file, row, 'value');
    if (Object.hasOwn(stay.attributes, name)) {
      throw new InputError(
        file,
        row.line,
        'name',
        `stay ${shown(stay.key)} already has attribute ${shown(name)}`,
      );
    }
    stay.attributes[name] = guard.text(value, { file, line: row.line, field: 'value' });
    names.add(name);
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  clock.fileDone(file, rows);
  return [...names];
}
