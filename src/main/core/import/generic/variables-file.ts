import { basename } from 'node:path';
import { parseNumber, readCsv } from '../csv-reader';
import { InputError, shown } from '../../errors/input-error';
import { hasColumn, requiredText } from './fields';
import type { ImportClock } from '../import-clock';
import type { GenericVariable } from './types';

/** A tensor has hours x variables x 3 cells per stay: keep the schema to what a model can use. */
const MAX_VARIABLES = 1000;

/** Reads the feature schema: variables in file order, which is their order in every tensor. */
export async function readVariables(path: string, clock: ImportClock): Promise<GenericVariable[]> {
  const file = basename(path);
  const variables: GenericVariable[] = [];
  const lines = new Map<string, number>();
  let bounds: { min: boolean; max: boolean } | null = null;
  for await (const row of readCsv(path, ['name', 'unit'])) {
    bounds ??= { min: hasColumn(row, 'plausible_min'), max: hasColumn(row, 'plausible_max') };
    const name = requiredText(file, row, 'name');
    const first = lines.get(name);
    if (first !== undefined) {
      throw new InputError(
        file,
        row.line,
        'name',
        `variable ${shown(name)} is already defined at line ${first}`,
      );
    }
    lines.set(name, row.line);
    const min = bounds.min ? parseNumber(file, row, 'plausible_min', true) : null;
    const max = bounds.max ? parseNumber(file, row, 'plausible_max', true) : null;
    if (min !== null && max !== null && min > max) {
      throw new InputError(file, row.line, 'plausible_max', `${max} is below plausible_min ${min}`);
    }
    variables.push({
      name,
      unit: row.get('unit').trim(),
      plausibleMin: min ?? Number.NEGATIVE_INFINITY,
      plausibleMax: max ?? Number.POSITIVE_INFINITY,
    });
    if (variables.length > MAX_VARIABLES) {
      throw new InputError(file, row.line, 'name', `more than ${MAX_VARIABLES} variables`);
    }
    clock.row(file, variables.length);
  }
  if (variables.length === 0) {
    throw new InputError(file, null, null, 'no variables: list at least one time-series variable');
  }
  clock.fileDone(file, variables.length);
  return variables;
}
