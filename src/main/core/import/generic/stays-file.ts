import { basename } from 'node:path';
import type { Split } from '../../../../shared/domain';
import { SPLITS } from '../../../../shared/domain';
import { parseNumber, parseTimestamp, readCsv } from '../csv-reader';
import type { FolderTimeConvention } from '../time-convention';
import type { PhiGuard } from '../../phi';
import { InputError, shown } from '../../errors/input-error';
import { splitForSubject } from '../patient-split';
import { hasColumn, requiredText } from './fields';
import type { ImportClock } from '../import-clock';
import type { StaticValue } from '../../store';
import type { StayDrafts } from './types';

export interface StaysRead {
  stays: StayDrafts;
  /** True when stays.csv gave the splits, false when they came from the subject hash. */
  splitsFromFile: boolean;
}

/**
 * Reads stays.csv: one row per stay. Splits are by subject, never by stay, so when the file
 * gives them every stay of a subject must agree; without the column the stable hash decides.
 * Both ids pass the PHI guard; splits come from the ids as written, so redaction never moves
 * a subject to another split.
 */
export async function readStays(
  path: string,
  guard: PhiGuard,
  clock: ImportClock,
  times: FolderTimeConvention,
): Promise<StaysRead> {
  const file = basename(path);
  const stays: StayDrafts = new Map();
  const lines = new Map<string, number>();
  const subjectSplits = new Map<string, { split: Split; line: number }>();
  let columns: { subject: boolean; split: boolean; los: boolean } | null = null;
  for await (const row of readCsv(path, ['stay_id', 't0'])) {
    columns ??= {
      subject: hasColumn(row, 'subject_id'),
      split: hasColumn(row, 'split'),
      los: hasColumn(row, 'los_hours'),
    };
    const key = requiredText(file, row, 'stay_id');
    const first = lines.get(key);
    if (first !== undefined) {
      throw new InputError(
        file,
        row.line,
        'stay_id',
        `duplicate stay id ${shown(key)} (first at line ${first})`,
      );
    }
    lines.set(key, row.line);
    const subjectText = columns.subject ? row.get('subject_id').trim() : '';
    // A case with no subject of its own (an incident, say) is its own subject.
    const subject = subjectText === '' ? key : subjectText;
    const t0Ms = parseTimestamp(file, row, 't0')!;
    times.check(file, row, 't0');
    const split = columns.split
      ? readSplit(file, row.line, row.get('split'))
      : splitForSubject(subject);
    const earlier = subjectSplits.get(subject);
    if (earlier && earlier.split !== split) {
      throw new InputError(
        file,
        row.line,
        'split',
        `subject ${shown(subject)} is in ${shown(earlier.split)} at line ${earlier.line} and in ${shown(split)} here; all stays of a subject must share a split`,
      );
    }
    if (!earlier) subjectSplits.set(subject, { split, line: row.line });
    const losHours = columns.los ? parseNumber(file, row, 'los_hours', true) : null;
    if (losHours !== null && losHours < 0) {
      throw new InputError(file, row.line, 'los_hours', `${losHours} is negative`);
    }
    const storedKey = guard.id(key, { file, line: row.line, field: 'stay_id' });
    stays.set(key, {
      key,
      storedKey,
      subject:
        subjectText === ''
          ? storedKey
          : guard.id(subjectText, { file, line: row.line, field: 'subject_id' }),
      split,
      t0Ms,
      losHours,
      bins: null,
      // No prototype: a task or attribute named "constructor" or "__proto__" is just a name.
      outcomes: Object.create(null) as Record<string, 0 | 1>,
      attributes: Object.create(null) as Record<string, string>,
      staticInputs: Object.create(null) as Record<string, StaticValue>,
      reports: [],
      cxr: null,
      ecg: null,
    });
    clock.row(file, stays.size);
  }
  if (stays.size === 0)
    throw new InputError(file, null, null, 'no stays: the file has a header and nothing else');
  clock.fileDone(file, stays.size);
  return { stays, splitsFromFile: columns?.split ?? false };
}

function readSplit(file: string, line: number, raw: string): Split {
  const value = raw.trim();
  if ((SPLITS as readonly string[]).includes(value)) return value as Split;
  throw new InputError(
    file,
    line,
    'split',
    `${shown(value)} is not a split; use train, val or test in every row, or drop the column to split by subject hash`,
  );
}
