import { basename } from 'node:path';
import type { CsvRow } from '../csv-reader';
import { parseNumber, parseTimestamp, readCsv } from '../csv-reader';
import { FLOAT32_MAX, fitsFloat32, HourlyBins } from '../hourly-bins';
import type { ImportReportBuilder } from '../import-report';
import { InputError, shown } from '../input-error';
import { hasColumn, hourInWindow, requiredText, stayOf } from './fields';
import type { ImportClock } from './import-clock';
import type { GenericVariable, StayDraft, StayDrafts } from './types';
import { counted } from '../../../../shared/counted';

/** How a file places a value in time: one rule per file, chosen by its header. */
type TimeRule = 'time' | 'hour_offset';

/**
 * Streams the long-format measurements into each stay's hourly bins. The file may hold
 * millions of rows in any order; memory grows with the cohort (one HourlyBins per stay with
 * data), never with the file.
 */
export async function readMeasurements(
  path: string,
  stays: StayDrafts,
  variables: readonly GenericVariable[],
  hours: number,
  report: ImportReportBuilder,
  clock: ImportClock,
): Promise<void> {
  const file = basename(path);
  const index = new Map(variables.map((v, i) => [v.name, i]));
  let rule: TimeRule | null = null;
  let rows = 0;
  let outside = 0;
  let unstorable = 0;
  for await (const row of readCsv(path, ['stay_id', 'variable', 'value'])) {
    rule ??= timeRule(file, row);
    rows++;
    const stay = stayOf(file, row, stays);
    const name = requiredText(file, row, 'variable');
    const variable = index.get(name);
    if (variable === undefined) {
      throw new InputError(
        file,
        row.line,
        'variable',
        `unknown variable ${shown(name)}: it is not in variables.csv`,
      );
    }
    const value = parseNumber(file, row, 'value')!;
    const offset = offsetOf(file, row, rule, stay, hours);
    if (offset === null) {
      outside++;
    } else {
      const spec = variables[variable]!;
      if (!fitsFloat32(value)) {
        // Beyond what the store can hold (1e300 would be stored as Infinity): out of range.
        unstorable++;
        report.dropImplausible(variable);
      } else if (value < spec.plausibleMin || value > spec.plausibleMax) {
        report.dropImplausible(variable);
      } else {
        stay.bins ??= new HourlyBins(hours, variables.length);
        stay.bins.add(Math.floor(offset), variable, value);
      }
    }
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  if (outside > 0) {
    report.note(`${file}: ${counted(outside, 'value')} outside the ${hours} h window ignored.`);
  }
  if (unstorable > 0) {
    report.note(
      `${file}: ${counted(unstorable, 'value')} beyond ±${FLOAT32_MAX.toPrecision(2)}, more than the store can hold, dropped as out of range.`,
    );
  }
  clock.fileDone(file, rows);
}

function timeRule(file: string, row: CsvRow): TimeRule {
  const time = hasColumn(row, 'time');
  const offset = hasColumn(row, 'hour_offset');
  if (time && offset) {
    throw new InputError(
      file,
      1,
      'hour_offset',
      'the header has both "time" and "hour_offset"; keep exactly one',
    );
  }
  if (!time && !offset) {
    throw new InputError(
      file,
      1,
      'time',
      'missing column "time" (a date-time) or "hour_offset" (hours since t0)',
    );
  }
  return time ? 'time' : 'hour_offset';
}

/** Hours since t0 (fractional), or null outside the window. */
function offsetOf(
  file: string,
  row: CsvRow,
  rule: TimeRule,
  stay: StayDraft,
  hours: number,
): number | null {
  if (rule === 'time') return hourInWindow(stay, parseTimestamp(file, row, 'time')!, hours);
  const offset = parseNumber(file, row, 'hour_offset')!;
  return offset >= 0 && offset < hours ? offset : null;
}
