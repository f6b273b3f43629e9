import { basename } from 'node:path';
import { readCsv, type CsvRow } from '../csv-reader';
import { readCsvFields, type CsvFields } from '../csv-scanner';
import { FLOAT32_MAX, fitsFloat32, HourlyBins } from '../hourly-bins';
import type { ImportSummaryBuilder } from '../import-summary';
import { InputError, shown } from '../../errors/input-error';
import { hasColumn, hourInWindow, requiredField, unknownStay } from './fields';
import type { ImportClock } from '../import-clock';
import type { FolderTimeConvention } from '../time-convention';
import type { GenericVariable, StayDrafts } from './types';
import { counted } from '../../../../shared/counted';

/** How a file places a value in time: one rule per file, chosen by its header. */
type TimeRule = 'time' | 'hour_offset';

const REQUIRED = ['stay_id', 'variable', 'value'] as const;
// Positions in the columns read: the required ones, then the file's time column.
const [STAY, VARIABLE, VALUE, WHEN] = [0, 1, 2, 3];

/** How the file is read: the fast path (csv-scanner.ts) unless the exact reader is asked for. */
export interface MeasurementsReading {
  exactReader?: boolean;
}

/**
 * Streams the long-format measurements into each stay's hourly bins. The file may hold
 * millions of rows in any order; memory grows with the cohort (one HourlyBins per stay with
 * data), never with the file. Read through the fast path while it holds (csv-scanner.ts):
 * every row is checked in full before anything is taken from it, so that where the fast path
 * gives way the exact reader can hand the row again and name its problem.
 */
export async function readMeasurements(
  path: string,
  stays: StayDrafts,
  variables: readonly GenericVariable[],
  hours: number,
  report: ImportSummaryBuilder,
  clock: ImportClock,
  times: FolderTimeConvention,
  reading: MeasurementsReading = {},
): Promise<void> {
  const file = basename(path);
  const first = await firstRow(path);
  if (first === null) {
    report.countRows(file, 0);
    return clock.fileDone(file, 0);
  }
  const rule = timeRule(file, first);
  const index = new Map(variables.map((v, i) => [v.name, i]));
  let outside = 0;
  let unstorable = 0;
  const handle = (row: CsvFields) => {
    const key = requiredField(row, STAY);
    const stay = stays.get(key) ?? row.refuse(STAY, unknownStay(key));
    const name = requiredField(row, VARIABLE);
    const variable =
      index.get(name) ??
      row.refuse(VARIABLE, `unknown variable ${shown(name)}: it is not in variables.csv`);
    const value = row.number(VALUE);
    const offset =
      rule === 'time' ? hourInWindow(stay, time(row, times), hours) : hourOffset(row, hours);
    if (offset === null) {
      outside++;
      return;
    }
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
  };
  const rows = await readCsvFields(
    path,
    file,
    [...REQUIRED, rule],
    handle,
    (n) => clock.row(file, n),
    { bytesRead: 0 },
    reading.exactReader === true,
  );
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

/** The first row (the exact reader checks the header), or null when there is none. */
async function firstRow(path: string): Promise<CsvRow | null> {
  for await (const row of readCsv(path, REQUIRED)) return row;
  return null;
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

/**
 * The row's date-time, held to the folder's convention. stays.csv (whose t0 every row's stay
 * needs) was read first, so the convention is set; refuse() lets the exact reader name the line.
 */
function time(row: CsvFields, times: FolderTimeConvention): number {
  const ms = row.timestamp(WHEN);
  const problem = times.conflict(row.text(WHEN));
  return problem === null ? ms : row.refuse(WHEN, problem);
}

/** Hours since t0 (fractional) as given, or null outside the window. */
function hourOffset(row: CsvFields, hours: number): number | null {
  const offset = row.number(WHEN);
  return offset >= 0 && offset < hours ? offset : null;
}
