import { parseNumber, parseTimestamp } from '../csv-reader';
import type { CohortIndex } from './cohort-stay';
import type { SourceFile } from './layout';
import { binMeasurement, CHART_ITEM_VARIABLES } from './measurements';
import { streamTable, type ImportJob } from './table-stream';

const COLUMNS = ['stay_id', 'charttime', 'itemid', 'valuenum'];

/**
 * Streams icu/chartevents into the included stays' hourly bins. Rows carry their stay_id;
 * rows of other items, other stays, times outside the window, or without a numeric value
 * (text-valued items) are skipped. Ids are checked on every row, the other fields on the
 * rows that are used, so a malformed value is reported wherever it would have mattered.
 */
export async function readChartEvents(
  file: SourceFile,
  cohort: CohortIndex,
  job: ImportJob,
): Promise<void> {
  for await (const row of streamTable(file, COLUMNS, 'Chart events', job)) {
    const itemId = parseNumber(file.name, row, 'itemid')!;
    const stayId = parseNumber(file.name, row, 'stay_id')!;
    const variable = CHART_ITEM_VARIABLES.get(itemId);
    if (variable === undefined) continue;
    const stay = cohort.stay(stayId);
    if (stay === undefined) continue;
    const charttime = parseTimestamp(file.name, row, 'charttime')!;
    if (stay.hourOf(charttime) === null) continue;
    const value = parseNumber(file.name, row, 'valuenum', true);
    if (value === null) continue;
    binMeasurement(stay, variable, itemId, value, charttime, job.report);
  }
}
