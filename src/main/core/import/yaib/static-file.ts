import type { StaticInputSpec } from '../../../../shared/domain';
import type { StaticValue } from '../../store';
import { ageBand } from '../clinical-variables';
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
import { stayKeyAt, type YaibStays } from './types';

/** The bias-audit attributes of a YAIB cohort, as the other importers name them. */
export const YAIB_ATTRIBUTES = ['sex', 'age_band'];
export const UNKNOWN = 'Unknown';
/** YAIB's cohorts are adults; a younger age is banded on its own rather than as 18-44. */
const UNDER_18 = 'under 18';
const ADULT_AGE = 18;
const FEMALE = 'Female';
const MALE = 'Male';
/**
 * sta.parquet's columns that become static inputs (fixed priors the model reads, never
 * searched), in ricu's concept units: age in years, height in cm, weight in kg.
 */
const AGE: StaticInputSpec = { name: 'age', kind: 'numeric', unit: 'years' };
const SEX: StaticInputSpec = { name: 'sex', kind: 'categorical', categories: [FEMALE, MALE] };
/** YAIB writes these, but a cohort without them still imports, with fewer inputs. */
const OPTIONAL_INPUTS: Extract<StaticInputSpec, { kind: 'numeric' }>[] = [
  { name: 'height', kind: 'numeric', unit: 'cm' },
  { name: 'weight', kind: 'numeric', unit: 'kg' },
];

/**
 * Checks sta.parquet's columns before any row is read; returns the static inputs the file
 * holds (age and sex always, height and weight when their columns are there).
 */
export function checkStaticColumns(table: ParquetTable): StaticInputSpec[] {
  requireColumn(table, 'stay_id', ['integer', 'text'], 'the stay');
  requireColumn(table, 'age', ['integer', 'number'], 'age in years');
  requireColumn(table, 'sex', ['text'], 'Female or Male');
  const optional = OPTIONAL_INPUTS.filter((spec) => table.columns.has(spec.name));
  for (const spec of optional) {
    checkKind(
      table,
      spec.name,
      table.columns.get(spec.name)!,
      ['integer', 'number'],
      `${spec.name} in ${spec.unit}`,
    );
  }
  return [AGE, SEX, ...optional];
}

/**
 * Reads sta.parquet: one row per stay. Its stays are the cohort's candidates. The columns
 * of `inputs` (checkStaticColumns) become the stays' static inputs, a stay without a value
 * having none for that input; age and sex are also the subgroup attributes of the bias
 * audit, age in the bands every importer uses (18-44, 45-64, 65-79, 80+), sex as Female /
 * Male.
 */
export async function readStatic(
  table: ParquetTable,
  inputs: readonly StaticInputSpec[],
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<YaibStays> {
  const stays: YaibStays = new Map();
  const rowOf = new Map<string, number>();
  const numeric = inputs.filter((spec) => spec.kind === 'numeric').map((spec) => spec.name);
  let unknownAge = 0;
  let underAge = 0;
  let unknownSex = 0;
  let rows = 0;
  const columns = ['stay_id', ...inputs.map((spec) => spec.name)];
  for await (const batch of rowBatches(table, columns, () => clock.check())) {
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
      const staticInputs: Record<string, StaticValue> = {};
      for (const name of numeric) {
        const value = numberAt(batch.columns[name]!, i);
        if (value !== null && Number.isFinite(value)) staticInputs[name] = value;
      }
      if (sex !== UNKNOWN) staticInputs.sex = sex;
      stays.set(key, {
        key,
        // No prototype: an attribute is just a name.
        attributes: Object.assign(Object.create(null) as Record<string, string>, {
          sex,
          age_band: band,
        }),
        staticInputs,
        label: null,
        lastLabelHour: null,
        onsetHour: null,
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
  const other = [...table.columns.keys()].filter((c) => !columns.includes(c));
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
  if (other.length > 0) {
    report.note(
      `${table.file}: ${other.join(', ')} not imported: ${other.length === 1 ? 'it is' : 'they are'} not among ricu's static concepts this importer knows (age, sex, height, weight).`,
    );
  }
  return stays;
}

function sexOf(value: unknown): string {
  if (typeof value !== 'string') return UNKNOWN;
  switch (value.trim().toLowerCase()) {
    case 'female':
    case 'f':
      return FEMALE;
    case 'male':
    case 'm':
      return MALE;
    default:
      return UNKNOWN;
  }
}
