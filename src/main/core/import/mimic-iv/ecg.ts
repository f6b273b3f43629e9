import { ECG_FIELDS } from '../clinical-variables';
import { parseNumber, parseTimestamp, type CsvRow } from '../csv-reader';
import { FLOAT32_MAX, fitsFloat32 } from '../hourly-bins';
import { InputError } from '../../errors/input-error';
import type { CohortIndex } from './cohort-stay';
import type { MimicLayout } from './layout';
import { streamTable, type ImportJob } from './table-stream';

type EcgFiles = NonNullable<MimicLayout['ecg']>;

/** Public MIMIC-IV-ECG machine_measurements columns the ECG fields are derived from. */
const MEASUREMENT_COLUMNS = [
  'rr_interval',
  'p_onset',
  'qrs_onset',
  'qrs_end',
  't_end',
  'p_axis',
  'qrs_axis',
  't_axis',
];

/** The ECG machine writes 29999 where it could not measure (e.g. no P wave in atrial fibrillation). */
const NOT_MEASURED = 29999;

function measurement(file: string, row: CsvRow, column: string): number {
  const value = parseNumber(file, row, column, true);
  return value === null || value >= NOT_MEASURED ? Number.NaN : value;
}

/** A positive interval in ms, NaN when either end is missing or the order is impossible. */
function interval(from: number, to: number): number {
  const ms = to - from;
  return ms > 0 ? ms : Number.NaN;
}

/**
 * The ECG_FIELDS of one record. machine_measurements gives fiducial points (ms from the
 * start of the recording) rather than intervals, so PR = qrs_onset - p_onset,
 * QRS = qrs_end - qrs_onset, QT = t_end - qrs_onset, QTc by Bazett (QT / sqrt(RR in s)) and
 * heart rate = 60000 / RR. Anything not measured stays NaN.
 */
export function ecgFields(file: string, row: CsvRow): Float32Array {
  const [rr, pOnset, qrsOnset, qrsEnd, tEnd, pAxis, qrsAxis, tAxis] = MEASUREMENT_COLUMNS.map((c) =>
    measurement(file, row, c),
  ) as [number, number, number, number, number, number, number, number];
  const rrMs = rr > 0 ? rr : Number.NaN;
  const qt = interval(qrsOnset, tEnd);
  const byField: Record<string, number> = {
    rr_interval: rrMs,
    p_onset_to_qrs_onset: interval(pOnset, qrsOnset),
    qrs_duration: interval(qrsOnset, qrsEnd),
    qt_interval: qt,
    qtc: qt / Math.sqrt(rrMs / 1000),
    p_axis: pAxis,
    qrs_axis: qrsAxis,
    t_axis: tAxis,
    heart_rate: 60_000 / rrMs,
  };
  for (const [field, value] of Object.entries(byField)) {
    if (!Number.isNaN(value) && !fitsFloat32(value)) {
      throw new InputError(
        file,
        row.line,
        null,
        `the measurements give ${field} = ${value.toPrecision(3)}, beyond what the store holds (±${FLOAT32_MAX.toPrecision(2)}); check this row's values`,
      );
    }
  }
  return Float32Array.from(ECG_FIELDS, (field) => byField[field] ?? Number.NaN);
}

/**
 * Gives each included stay the machine measurements of its patient's most recent ECG before
 * the window ends (method.md). Record times come from record_list. Returns how many
 * measurement rows of cohort patients had no record_list time and so could not be placed.
 */
export async function readEcg(
  files: EcgFiles,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<number> {
  const recordTimes = new Map<number, number>();
  const records = files.records;
  for await (const row of streamTable(
    records,
    ['subject_id', 'study_id', 'ecg_time'],
    'ECG records',
    job,
  )) {
    if (!cohort.hasSubject(parseNumber(records.name, row, 'subject_id')!)) continue;
    recordTimes.set(
      parseNumber(records.name, row, 'study_id')!,
      parseTimestamp(records.name, row, 'ecg_time')!,
    );
  }

  let unplaced = 0;
  const measurements = files.measurements;
  for await (const row of streamTable(
    measurements,
    ['subject_id', 'study_id', ...MEASUREMENT_COLUMNS],
    'ECG measurements',
    job,
  )) {
    const subjectId = parseNumber(measurements.name, row, 'subject_id')!;
    if (!cohort.hasSubject(subjectId)) continue;
    const studyId = parseNumber(measurements.name, row, 'study_id')!;
    const time = recordTimes.get(studyId);
    if (time === undefined) {
      unplaced++;
      continue;
    }
    let values: Float32Array | null = null;
    for (const stay of cohort.staysOfSubject(subjectId)) {
      if (time >= stay.windowEnd) continue;
      if (
        stay.ecg &&
        (stay.ecg.time > time || (stay.ecg.time === time && stay.ecg.studyId > studyId))
      )
        continue;
      values ??= ecgFields(measurements.name, row);
      stay.ecg = { time, studyId, values };
    }
  }
  return unplaced;
}
