import type { CohortIndex } from './cohort-stay';
import type { SourceFile } from './layout';
import { binMeasurement, LAB_ITEM_VARIABLES } from './measurements';
import { scanTable, type ImportJob } from './table-stream';

const COLUMNS = ['subject_id', 'hadm_id', 'itemid', 'charttime', 'valuenum'];
const [SUBJECT_ID, HADM_ID, ITEMID, CHARTTIME, VALUENUM] = [0, 1, 2, 3, 4];

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
  await scanTable(file, COLUMNS, 'Lab events', job, (row) => {
    const itemId = row.number(ITEMID);
    const subjectId = row.number(SUBJECT_ID);
    const variable = LAB_ITEM_VARIABLES.get(itemId);
    if (variable === undefined || !cohort.hasSubject(subjectId)) return;
    const stays = cohort.candidates(subjectId, row.numberOrNull(HADM_ID));
    if (stays.length === 0) return;
    const charttime = row.timestamp(CHARTTIME);
    // Included stays last 24 h or more and a patient's ICU stays never overlap, so at most
    // one window holds the time.
    const stay = stays.find((s) => s.hourOf(charttime) !== null);
    if (stay === undefined) return;
    const value = row.numberOrNull(VALUENUM);
    if (value === null) return;
    binMeasurement(stay, variable, itemId, value, charttime, job.report);
  });
}
