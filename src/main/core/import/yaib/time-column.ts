import { arrowFieldTypes } from './arrow-schema';
import {
  fileMetadataValue,
  messageOf,
  ParquetInputError,
  requireColumn,
  type ParquetTable,
} from './parquet-table';

const SECONDS_PER_HOUR = 3600;

/** How `time` is stored, and the factor that turns a stored value into hours. */
export interface TimeScale {
  hoursPerUnit: number;
  /** In words, for the report's notes. */
  stored: string;
}

const UNIT_WORDS: Record<number, string> = {
  1: 'seconds',
  1e-3: 'milliseconds',
  1e-6: 'microseconds',
  1e-9: 'nanoseconds',
};

/**
 * `time` is hours since ICU admission. ricu writes it as an R difftime, which Arrow stores
 * as a duration (in YAIB's files: seconds, 0, 3600, 7200 …); Parquet itself only sees an
 * INT64, so the unit comes from the Arrow schema in the file's metadata. A plain number
 * (no Arrow schema, or an Arrow integer or float) is read as hours, as YAIB documents.
 */
export function timeScale(table: ParquetTable): TimeScale {
  requireColumn(table, 'time', ['integer', 'number'], 'hours since ICU admission');
  const arrow = fileMetadataValue(table, 'ARROW:schema');
  if (arrow === null) return { hoursPerUnit: 1, stored: 'hours' };
  let type;
  try {
    type = arrowFieldTypes(arrow).get('time');
  } catch (error) {
    throw new ParquetInputError(
      table.file,
      null,
      'time',
      `the Arrow schema in the file's metadata cannot be read (${messageOf(error)}), so the unit of "time" is unknown; write the file again`,
    );
  }
  if (type?.kind !== 'duration') return { hoursPerUnit: 1, stored: 'hours' };
  return {
    hoursPerUnit: type.secondsPerUnit / SECONDS_PER_HOUR,
    stored: `a duration in ${UNIT_WORDS[type.secondsPerUnit] ?? 'seconds'}`,
  };
}
