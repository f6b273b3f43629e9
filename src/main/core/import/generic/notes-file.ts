import { basename } from 'node:path';
import { parseTimestamp, readCsv } from '../csv-reader';
import type { FolderTimeConvention } from '../time-convention';
import type { ImportSummaryBuilder } from '../import-summary';
import type { PhiGuard } from '../../phi';
import { hourInWindow, stayOf } from './fields';
import type { ImportClock } from '../import-clock';
import type { StayDrafts } from './types';
import { counted } from '../../../../shared/counted';

/**
 * Reads report text (radiology reports, or log excerpts outside medicine). Only reports
 * charted inside the window become note units; each kept report passes the PHI guard, which
 * keeps it, redacts it, or (refusing) lets the import fail before anything is written.
 */
export async function readNotes(
  path: string,
  stays: StayDrafts,
  hours: number,
  guard: PhiGuard,
  report: ImportSummaryBuilder,
  clock: ImportClock,
  times: FolderTimeConvention,
): Promise<void> {
  const file = basename(path);
  let rows = 0;
  let outside = 0;
  for await (const row of readCsv(path, ['stay_id', 'charttime', 'text'])) {
    rows++;
    const stay = stayOf(file, row, stays);
    const ms = parseTimestamp(file, row, 'charttime')!;
    times.check(file, row, 'charttime');
    if (hourInWindow(stay, ms, hours) === null) {
      outside++;
    } else {
      const text = guard.text(row.get('text'), { file, line: row.line, field: 'text' });
      stay.reports.push({ ms, line: row.line, text });
    }
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  if (outside > 0) {
    report.note(
      `${file}: ${counted(outside, 'report')} charted outside the ${hours} h window ignored.`,
    );
  }
  clock.fileDone(file, rows);
}
