import type { CohortIndex } from './cohort-stay';
import type { SourceFile } from './layout';
import { binMeasurement, CHART_ITEM_VARIABLES } from './measurements';
import { chartStaticInput, STATIC_CHART_ITEMS } from './static-inputs';
import { scanTable, type ImportJob } from './table-stream';

const COLUMNS = ['stay_id', 'charttime', 'itemid', 'valuenum'];
const [STAY_ID, CHARTTIME, ITEMID, VALUENUM] = [0, 1, 2, 3];

/**
 * Streams icu/chartevents into the included stays' hourly bins, and their weight and height
 * (static inputs) in the same pass. Rows carry their stay_id; rows of other items, other
 * stays, times outside the window (for weight and height: after it), or without a numeric
 * value (text-valued items) are skipped. Ids are checked on every row, the other fields on
 * the rows that are used, so a malformed value is reported wherever it would have mattered.
 */
export async function readChartEvents(
  file: SourceFile,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<void> {
  const implausible = new Map<string, number>();
  await scanTable(file, COLUMNS, 'Chart events', job, (row) => {
    const itemId = row.number(ITEMID);
    const stayId = row.number(STAY_ID);
    const variable = CHART_ITEM_VARIABLES.get(itemId);
    const staticItem = STATIC_CHART_ITEMS.get(itemId);
    if (variable === undefined && staticItem === undefined) return;
    const stay = cohort.stay(stayId);
    if (stay === undefined) return;
    const charttime = row.timestamp(CHARTTIME);
    if (variable !== undefined) {
      if (stay.hourOf(charttime) === null) return;
      const value = row.numberOrNull(VALUENUM);
      if (value !== null) binMeasurement(stay, variable, itemId, value, charttime, job.report);
    } else if (staticItem !== undefined && charttime < stay.windowEnd) {
      const value = row.numberOrNull(VALUENUM);
      if (value !== null && !chartStaticInput(stay, staticItem, value, charttime)) {
        implausible.set(staticItem.name, (implausible.get(staticItem.name) ?? 0) + 1);
      }
    }
  });
  for (const [name, rows] of implausible) {
    job.report.note(
      `${file.name}: ${rows} ${name} value(s) charted before a window ended were outside ricu's plausible range and not used as the static input.`,
    );
  }
}
