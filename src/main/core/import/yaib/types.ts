import type { DecodedArray } from 'hyparquet';
import type { StaticValue } from '../../store';
import type { HourlyBins } from '../hourly-bins';
import { idAt, ParquetInputError, type ParquetTable } from './parquet-table';
import { STATIC_FILE } from './layout';

/** Everything read about one stay of sta.parquet before anything is written. */
export interface YaibStay {
  key: string;
  attributes: Record<string, string>;
  /** Values of the cohort's static inputs; an input without a value is left out. */
  staticInputs: Record<string, StaticValue>;
  /** The stay's label for the task; null until outc.parquet gives one. */
  label: 0 | 1 | null;
  /** Hourly labels only: the latest hour with a label (how far the stay was followed). */
  lastLabelHour: number | null;
  /** Hourly labels only: the first hour with a positive label (the outcome's onset), if any. */
  onsetHour: number | null;
  dynRows: number;
  /** dyn.parquet rows inside the window (their values may all be null). */
  windowRows: number;
  /** Allocated on the stay's first dyn.parquet row inside the window. */
  bins: HourlyBins | null;
}

export type YaibStays = Map<string, YaibStay>;

/** The stay id of a row (1-based `row`), as text; refused when empty or not an id. */
export function stayKeyAt(
  table: ParquetTable,
  column: DecodedArray,
  index: number,
  row: number,
): string {
  const key = idAt(column, index);
  if (key !== null) return key;
  const raw: unknown = column[index];
  throw new ParquetInputError(
    table.file,
    row,
    'stay_id',
    raw === null || raw === undefined
      ? 'the stay id is empty; every row needs one'
      : `${String(raw)} is not a stay id (a whole number or text)`,
  );
}

/** The stay a row of dyn.parquet or outc.parquet names; it must be one of sta.parquet's. */
export function knownStay(
  table: ParquetTable,
  stays: YaibStays,
  column: DecodedArray,
  index: number,
  row: number,
): YaibStay {
  const key = stayKeyAt(table, column, index, row);
  const stay = stays.get(key);
  if (!stay) {
    throw new ParquetInputError(
      table.file,
      row,
      'stay_id',
      `stay ${key} is not in ${STATIC_FILE}; the three files of a YAIB cohort list the same stays`,
    );
  }
  return stay;
}
