import { basename } from 'node:path';
import type { StaticInputSpec } from '../../../../shared/domain';
import { parseNumber, readCsv } from '../csv-reader';
import type { ImportSummaryBuilder } from '../import-summary';
import { InputError, shown } from '../../errors/input-error';
import { requiredText, stayOf } from './fields';
import type { ImportClock } from '../import-clock';
import type { StayDrafts } from './types';

/**
 * Reads static.csv (format version 2): one row per stay and static input, `stay_id, name,
 * value`, as attributes.csv. A stay without a value for an input has no row; a row names a
 * stay of stays.csv and an input cohort.json declares, and its value is a number for a
 * numeric input or one of the declared categories for a categorical one.
 */
export async function readStaticInputs(
  path: string,
  stays: StayDrafts,
  declared: readonly StaticInputSpec[],
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<void> {
  const file = basename(path);
  const specs = new Map(declared.map((spec) => [spec.name, spec]));
  let rows = 0;
  for await (const row of readCsv(path, ['stay_id', 'name', 'value'])) {
    rows++;
    const stay = stayOf(file, row, stays);
    const name = requiredText(file, row, 'name');
    const spec = specs.get(name);
    if (spec === undefined) {
      throw new InputError(
        file,
        row.line,
        'name',
        declared.length === 0
          ? `${shown(name)} is not declared: cohort.json declares no staticInputs`
          : `${shown(name)} is not a static input cohort.json declares (${declared.map((s) => s.name).join(', ')})`,
      );
    }
    if (Object.hasOwn(stay.staticInputs, name)) {
      throw new InputError(
        file,
        row.line,
        'name',
        `stay ${shown(stay.key)} already has a value for ${shown(name)}`,
      );
    }
    if (spec.kind === 'numeric') {
      stay.staticInputs[name] = parseNumber(file, row, 'value')!;
    } else {
      const value = requiredText(file, row, 'value');
      if (!spec.categories.includes(value)) {
        throw new InputError(
          file,
          row.line,
          'value',
          `${shown(value)} is not a category of ${shown(name)} (${spec.categories.join(', ')}); add it to its categories in cohort.json, or correct the value`,
        );
      }
      stay.staticInputs[name] = value;
    }
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  clock.fileDone(file, rows);
}
