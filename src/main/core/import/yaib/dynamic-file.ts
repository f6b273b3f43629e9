import { HourlyBins } from '../hourly-bins';
import type { ImportSummaryBuilder } from '../import-summary';
import { counted } from '../../../../shared/counted';
import type { ImportClock } from '../import-clock';
import {
  checkKind,
  numberAt,
  ParquetInputError,
  requireColumn,
  rowBatches,
  type ParquetTable,
} from './parquet-table';
import { yaibSchema, type YaibSchema } from './ricu-variables';
import { timeScale } from './time-column';
import { knownStay, type YaibStays } from './types';

/** Checks dyn.parquet's columns before any row is read, and derives the feature schema. */
export function checkDynamicColumns(table: ParquetTable): YaibSchema {
  requireColumn(table, 'stay_id', ['integer', 'text'], 'the stay');
  timeScale(table);
  const columns = [...table.columns].filter(([name]) => name !== 'stay_id' && name !== 'time');
  for (const [name, kind] of columns) {
    checkKind(table, name, kind, ['number', 'integer'], 'an hourly variable');
  }
  if (columns.length === 0) {
    throw new ParquetInputError(
      table.file,
      null,
      null,
      'the file has no variable columns besides stay_id and time',
    );
  }
  return yaibSchema(
    table.file,
    columns.map(([name]) => name),
  );
}

/**
 * Reads dyn.parquet, YAIB's hourly grid: one row per stay and hour, a column per ricu
 * concept, null where nothing was charted. `time` is hours since ICU admission; a row at
 * hour h in [0, hours) goes to bin floor(h), any other row is outside the window and is
 * counted, never binned. Values outside a variable's plausible range (and NaN) are dropped
 * and counted. Reads one row group at a time.
 */
export async function readDynamic(
  table: ParquetTable,
  stays: YaibStays,
  schema: YaibSchema,
  hours: number,
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<void> {
  const scale = timeScale(table);
  const variables = schema.variables;
  const columns = ['stay_id', 'time', ...variables.map((v) => v.column)];
  let rows = 0;
  let before = 0;
  let after = 0;
  let atEnd = 0;
  for await (const batch of rowBatches(table, columns, () => clock.check())) {
    const ids = batch.columns.stay_id!;
    const times = batch.columns.time!;
    const values = variables.map((v) => batch.columns[v.column]!);
    for (let i = 0; i < batch.rows; i++) {
      const row = batch.rowStart + i + 1;
      const stay = knownStay(table, stays, ids, i, row);
      const stored = numberAt(times, i);
      if (stored === null || !Number.isFinite(stored)) {
        throw new ParquetInputError(table.file, row, 'time', 'the time is empty or not a number');
      }
      const hour = stored * scale.hoursPerUnit;
      stay.dynRows++;
      rows++;
      clock.row(table.file, rows);
      if (hour < 0) {
        before++;
        continue;
      }
      if (hour >= hours) {
        if (hour < hours + 1) atEnd++;
        else after++;
        continue;
      }
      stay.windowRows++;
      const bin = Math.floor(hour);
      for (let v = 0; v < variables.length; v++) {
        const value = numberAt(values[v]!, i);
        if (value === null) continue;
        const spec = variables[v]!;
        if (!Number.isFinite(value) || value < spec.plausibleMin || value > spec.plausibleMax) {
          report.dropImplausible(v);
          continue;
        }
        stay.bins ??= new HourlyBins(hours, variables.length);
        stay.bins.add(bin, v, value);
      }
    }
  }
  report.countRows(table.file, rows);
  clock.fileDone(table.file, rows);
  report.note(
    `${table.file}: "time" is stored as ${scale.stored} and read as hours since ICU admission; the window is hours 0-${hours - 1} (${hours} hourly bins). Outside it and ignored: ${counted(atEnd, 'row')} at hour ${hours} (the hour after the window), ${counted(after, 'row')} later and ${counted(before, 'row')} before admission (negative time), of ${counted(rows, 'row')}.`,
  );
}
