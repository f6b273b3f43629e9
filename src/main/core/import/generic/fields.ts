import type { CsvRow } from '../csv-reader';
import type { CsvFields } from '../csv-scanner';
import { InputError, shown } from '../../errors/input-error';
import type { StayDraft, StayDrafts } from './types';

/** Why a required field is refused when it is empty. */
export const EMPTY_FIELD = 'the field is empty; a value is required';

/** Why a row that names a stay stays.csv does not list is refused. */
export const unknownStay = (key: string) => `unknown stay ${shown(key)}: it is not in stays.csv`;

/** A value that must be present; surrounding blanks are never part of an id or a name. */
export function requiredText(file: string, row: CsvRow, column: string): string {
  const value = row.get(column).trim();
  if (value === '') throw new InputError(file, row.line, column, EMPTY_FIELD);
  return value;
}

/** requiredText for a row read as fields (csv-scanner.ts): the same rule, the same refusal. */
export function requiredField(row: CsvFields, column: number): string {
  const value = row.text(column).trim();
  return value === '' ? row.refuse(column, EMPTY_FIELD) : value;
}

/**
 * readCsv checks required columns only; an optional one is present when get() does not
 * refuse it. Asked once per file, on its first row.
 */
export function hasColumn(row: CsvRow, column: string): boolean {
  try {
    row.get(column);
    return true;
  } catch (error) {
    if (error instanceof InputError) return false;
    throw error;
  }
}

/** The stay a row refers to; rows may not invent stays that stays.csv does not list. */
export function stayOf(file: string, row: CsvRow, stays: StayDrafts): StayDraft {
  const key = requiredText(file, row, 'stay_id');
  const stay = stays.get(key);
  if (!stay) throw new InputError(file, row.line, 'stay_id', unknownStay(key));
  return stay;
}

/** Hours from the stay's t0, or null when the moment falls outside `[t0, t0 + hours)`. */
export function hourInWindow(stay: StayDraft, ms: number, hours: number): number | null {
  const offset = (ms - stay.t0Ms) / 3_600_000;
  return offset >= 0 && offset < hours ? offset : null;
}
