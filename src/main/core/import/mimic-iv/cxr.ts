import { CxrCode } from '../../store';
import { CHEXPERT_LABELS } from '../clinical-variables';
import { parseNumber, type CsvRow } from '../csv-reader';
import { InputError, shown } from '../../errors/input-error';
import type { CohortIndex } from './cohort-stay';
import type { MimicLayout } from './layout';
import { streamTable, type ImportJob } from './table-stream';

type CxrFiles = NonNullable<MimicLayout['cxr']>;

/**
 * MIMIC-CXR-JPG metadata writes StudyDate as YYYYMMDD and StudyTime as HHMMSS.fff read as a
 * number, so leading zeros are lost ("83045.5" is 08:30:45.5). Both are in MIMIC-IV's
 * shifted time frame, read as UTC like every other time of the import.
 */
function studyTime(file: string, row: CsvRow): number {
  const date = row.get('StudyDate').trim();
  const time = row.get('StudyTime').trim();
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (!d)
    throw new InputError(
      file,
      row.line,
      'StudyDate',
      `${shown(date)} is not a date (expected YYYYMMDD)`,
    );
  const t = /^(\d{1,6})(?:\.(\d*))?$/.exec(time);
  if (!t)
    throw new InputError(
      file,
      row.line,
      'StudyTime',
      `${shown(time)} is not a time (expected HHMMSS.fff)`,
    );
  const hhmmss = t[1]!.padStart(6, '0');
  const [year, month, day] = [d[1], d[2], d[3]].map(Number) as [number, number, number];
  const [hour, minute, second] = [0, 2, 4].map((i) => Number(hhmmss.slice(i, i + 2))) as [
    number,
    number,
    number,
  ];
  const millis = Number(`${t[2] ?? ''}000`.slice(0, 3));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new InputError(file, row.line, 'StudyDate', `${shown(date)} is not a calendar date`);
  }
  if (hour > 23 || minute > 59 || second > 59) {
    throw new InputError(file, row.line, 'StudyTime', `${shown(time)} is not a time of day`);
  }
  return ms;
}

/** CheXpert's 1 / 0 / -1 / blank, as stored. */
function cxrCode(file: string, row: CsvRow, label: string): CxrCode {
  const value = parseNumber(file, row, label, true);
  switch (value) {
    case null:
      return CxrCode.notMentioned;
    case 1:
      return CxrCode.positive;
    case 0:
      return CxrCode.negative;
    case -1:
      return CxrCode.uncertain;
    default:
      throw new InputError(
        file,
        row.line,
        label,
        `${shown(row.get(label))} is not a CheXpert value (1, 0, -1 or empty)`,
      );
  }
}

/**
 * Gives each included stay the CheXpert labels of its patient's most recent study before the
 * window ends (method.md). Study times come from the metadata (one row per image; a study
 * takes its earliest image time). Returns how many label rows of cohort patients could not be
 * placed in time because their study has no metadata row.
 */
export async function readCxr(
  files: CxrFiles,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<number> {
  const studyTimes = new Map<number, number>();
  const metadata = files.metadata;
  for await (const row of streamTable(
    metadata,
    ['subject_id', 'study_id', 'StudyDate', 'StudyTime'],
    'CXR metadata',
    job,
  )) {
    if (!cohort.hasSubject(parseNumber(metadata.name, row, 'subject_id')!)) continue;
    const studyId = parseNumber(metadata.name, row, 'study_id')!;
    const time = studyTime(metadata.name, row);
    const known = studyTimes.get(studyId);
    if (known === undefined || time < known) studyTimes.set(studyId, time);
  }

  let unplaced = 0;
  const labels = files.labels;
  for await (const row of streamTable(
    labels,
    ['subject_id', 'study_id', ...CHEXPERT_LABELS],
    'CXR labels',
    job,
  )) {
    const subjectId = parseNumber(labels.name, row, 'subject_id')!;
    if (!cohort.hasSubject(subjectId)) continue;
    const studyId = parseNumber(labels.name, row, 'study_id')!;
    const time = studyTimes.get(studyId);
    if (time === undefined) {
      unplaced++;
      continue;
    }
    let values: Uint8Array | null = null;
    for (const stay of cohort.staysOfSubject(subjectId)) {
      if (time >= stay.windowEnd) continue;
      if (
        stay.cxr &&
        (stay.cxr.time > time || (stay.cxr.time === time && stay.cxr.studyId > studyId))
      )
        continue;
      values ??= Uint8Array.from(CHEXPERT_LABELS, (label) => cxrCode(labels.name, row, label));
      stay.cxr = { time, studyId, values };
    }
  }
  return unplaced;
}
