import { ageBand } from '../clinical-variables';
import type { ImportReportBuilder } from '../import-report';
import { counted } from '../../../../shared/counted';
import type { YaibClock } from './import-clock';
import {
  numberAt,
  ParquetInputError,
  requireColumn,
  rowBatches,
  type ParquetTable,
} from './parquet-table';
import { stayKeyAt, type YaibStays } from './types';

/** The bias-audit attributes of a YAIB cohort, as the other importers name them. */
export const YAIB_ATTRIBUTES = ['sex', 'age_band'];
export const UNKNOWN = 'Unknown';
/** YAIB's cohorts are adults; a younger age is banded on its own rather than as 18-44. */
const UNDER_18 = 'under 18';
const ADULT_AGE = 18;
/** Static columns read and deliberately not imported (see checkStaticColumns). */
const NOT_IMPORTED = ['height', 'weight'];

/** Checks sta.parquet's columns before any row is read. */
export function checkStaticColumns(table: ParquetTable): void {
  requireColumn(table, 'stay_id', ['integer', 'text'], 'the stay');
  requireColumn(table, 'age', ['integer', 'number'], 'age in years');
  requireColumn(table, 'sex', ['text'], 'Female or Male');
}

/**
 * Reads sta.parquet: one row per stay. Its stays are the cohort's candidates; age and sex
 * become the subgroup attributes of the bias audit (never model inputs), age in the bands
 * every importer uses (18-44, 45-64, 65-79, 80+), sex as Female / Male.
 */
export async function readStatic(
  table: ParquetTable,
  report: ImportReportBuilder,
  clock: YaibClock,
): Promise<YaibStays> {
  const stays: YaibStays = new Map();
  const rowOf = new Map<string, number>();
  let unknownAge = 0;
  let underAge = 0;
  let unknownSex = 0;
  let rows = 0;
  for await (const batch of rowBatches(table, ['stay_id', 'age', 'sex'], () => clock.check())) {
    const { stay_id: ids, age: ages, sex: sexes } = batch.columns;
    for (let i = 0; i < batch.rows; i++) {
      const row = batch.rowStart + i + 1;
      const key = stayKeyAt(table, ids!, i, row);
      const first = rowOf.get(key);
      if (first !== undefined) {
        throw new ParquetInputError(
          table.file,
          row,
          'stay_id',
          `stay ${key} is listed twice (first at row ${first}); ${table.file} has one row per stay`,
        );
      }
      rowOf.set(key, row);
      const age = numberAt(ages!, i);
      let band: string;
      if (age === null || !Number.isFinite(age)) {
        band = UNKNOWN;
        unknownAge++;
      } else if (age < ADULT_AGE) {
        band = UNDER_18;
        underAge++;
      } else {
        band = ageBand(age);
      }
      const sex = sexOf(sexes![i]);
      if (sex === UNKNOWN) unknownSex++;
      stays.set(key, {
        key,
        // No prototype: an attribute is just a name.
        attributes: Object.assign(Object.create(null) as Record<string, string>, {
          sex,
          age_band: band,
        }),
        label: null,
        lastLabelHour: null,
        dynRows: 0,
        windowRows: 0,
        bins: null,
      });
      rows++;
      clock.row(table.file, rows);
    }
  }
  if (stays.size === 0) {
    throw new ParquetInputError(table.file, null, null, 'the file has no rows: no stays to import');
  }
  report.countRows(table.file, rows);
  clock.fileDone(table.file, rows);
  const kept = NOT_IMPORTED.filter((column) => table.columns.has(column));
  const other = [...table.columns.keys()].filter(
    (c) => !['stay_id', 'age', 'sex', ...NOT_IMPORTED].includes(c),
  );
  const groups = [
    unknownAge > 0 ? `age band ${UNKNOWN}: ${counted(unknownAge, 'stay')} without an age` : '',
    unknownSex > 0
      ? `${counted(unknownSex, 'stay')} without Female or Male have sex ${UNKNOWN}`
      : '',
    underAge > 0 ? `age band "${UNDER_18}": ${counted(underAge, 'stay')}` : '',
  ].filter((part) => part !== '');
  report.note(
    `${table.file}: sex (Female / Male) and age band (18-44, 45-64, 65-79, 80+) are the subgroup attributes of the bias audit${groups.length > 0 ? `; ${groups.join('; ')}` : ''}.`,
  );
  if (kept.length + other.length > 0) {
    report.note(
      `${table.file}: ${[...kept, ...other].join(', ')} not imported: attributes are categorical subgroups, and static values as model inputs are a later step.`,
    );
  }
  return stays;
}

function sexOf(value: unknown): string {
  if (typeof value !== 'string') return UNKNOWN;
  switch (value.trim().toLowerCase()) {
    case 'female':
    case 'f':
      return 'Female';
    case 'male':
    case 'm':
      return 'Male';
    default:
      return UNKNOWN;
  }
}
