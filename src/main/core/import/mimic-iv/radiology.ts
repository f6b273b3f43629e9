import type { NoteRule } from '../../../../shared/domain';
import type { NoteChunk } from '../../store';
import { parseNumber, parseTimestamp } from '../csv-reader';
import { chunkReports } from '../note-chunks';
import type { CohortIndex, CohortStay } from './cohort-stay';
import type { SourceFile } from './layout';
import { streamTable, type ImportJob } from './table-stream';

const COLUMNS = ['subject_id', 'hadm_id', 'note_seq', 'charttime', 'text'];

/**
 * Streams MIMIC-IV-Note radiology reports and keeps those charted inside an included stay's
 * window (matched like labs: by hadm_id, else by subject_id). Every kept report passes the
 * PHI guard; reports that are not imported are not scanned, since nothing of them is stored.
 * The caller runs `guard.check()` before anything is written.
 */
export async function readRadiology(
  file: SourceFile,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<number> {
  let kept = 0;
  for await (const row of streamTable(file, COLUMNS, 'Radiology reports', job)) {
    const subjectId = parseNumber(file.name, row, 'subject_id')!;
    if (!cohort.hasSubject(subjectId)) continue;
    const stays = cohort.candidates(subjectId, parseNumber(file.name, row, 'hadm_id', true));
    if (stays.length === 0) continue;
    const charttime = parseTimestamp(file.name, row, 'charttime')!;
    const stay = stays.find((s) => s.hourOf(charttime) !== null);
    if (stay === undefined) continue;
    const text = job.guard.text(row.get('text'), {
      file: file.name,
      line: row.line,
      field: 'text',
    });
    stay.reports.push({
      charttime,
      seq: parseNumber(file.name, row, 'note_seq', true) ?? 0,
      line: row.line,
      text,
    });
    kept++;
  }
  return kept;
}

/** A stay's note units: its reports in time order, chunked by the cohort's note rule. */
export function stayNoteChunks(stay: CohortStay, rule: NoteRule): NoteChunk[] {
  const reports = [...stay.reports].sort(
    (a, b) => a.charttime - b.charttime || a.seq - b.seq || a.line - b.line,
  );
  return chunkReports(
    reports.map((r) => ({ charttime: new Date(r.charttime).toISOString(), text: r.text })),
    rule,
  );
}
