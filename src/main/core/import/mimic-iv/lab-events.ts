import { parseNumber, parseTimestamp } from '../csv-reader';
import type { CohortIndex } from './cohort-stay';
import type { SourceFile } from './layout';
import { binMeasurement, LAB_ITEM_VARIABLES } from './measurements';
import { streamTable, type ImportJob } from './table-stream';

const COLUMNS = ['subject_id', 'hadm_id', 'itemid', 'charttime', 'valuenum'];

/**
 * Streams hosp/labevents into the included stays' hourly bins. Lab rows have no stay_id:
 * a row goes to the stays of its admission (hadm_id) whose window holds its charttime, or,
 * when hadm_id is empty (about a quarter of the demo's rows), to the stays of its patient.
 */
export async function readLabEvents(
  file: SourceFile,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<void> {
  for await (const row of streamTable(file, COLUMNS, 'Lab events', job)) {
    const itemId = parseNumber(file.name, row, 'itemid')!;
    const subjectId = parseNumber(file.name, row, 'subject_id')!;
    const variable = LAB_ITEM_VARIABLES.get(itemId);
    if (variable === undefined || !cohort.hasSubject(subjectId)) continue;
    const stays = cohort.candidates(subjectId, parseNumber(file.name, row, 'hadm_id', true));
    if (stays.length === 0) continue;
    const charttime = parseTimestamp(file.name, row, 'charttime')!;
    // Included stays last 24 h or more and a patient's ICU stays never overlap, so at most
    // one window holds the time.
    const stay = stays.find((s) => s.hourOf(charttime) !== null);
    if (stay === undefined) continue;
    const value = parseNumber(file.name, row, 'valuenum', true);
    if (value === null) continue;
    binMeasurement(stay, variable, itemId, value, charttime, job.report);
  }
}
