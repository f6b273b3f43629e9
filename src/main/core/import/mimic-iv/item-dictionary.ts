import { CLINICAL_VARIABLES } from '../clinical-variables';
import { parseNumber } from '../csv-reader';
import type { MimicLayout, SourceFile } from './layout';
import { streamTable, type ImportJob } from './table-stream';

async function itemIds(file: SourceFile, job: ImportJob): Promise<Set<number>> {
  const ids = new Set<number>();
  for await (const row of streamTable(file, ['itemid'], 'Item dictionaries', job)) {
    ids.add(parseNumber(file.name, row, 'itemid')!);
  }
  return ids;
}

/**
 * Checks the variable table's item ids against the export's own dictionaries (cohort.md asks
 * for it): an id missing there would silently give an empty variable, so the report says so.
 */
export async function checkItemDictionaries(layout: MimicLayout, job: ImportJob): Promise<void> {
  const checks = [
    {
      file: layout.chartItems,
      source: 'chart',
      ids: CLINICAL_VARIABLES.flatMap((v) => v.chartItems.map((id) => ({ id, name: v.name }))),
    },
    {
      file: layout.labItems,
      source: 'lab',
      ids: CLINICAL_VARIABLES.flatMap((v) => v.labItems.map((id) => ({ id, name: v.name }))),
    },
  ];
  for (const { file, source, ids } of checks) {
    if (file === null) continue;
    const known = await itemIds(file, job);
    const missing = ids.filter(({ id }) => !known.has(id));
    if (missing.length === 0) {
      job.report.note(
        `All ${ids.length} ${source} item ids of the variable table are in ${file.label}.`,
      );
    } else {
      job.report.note(
        `${missing.length} of ${ids.length} ${source} item ids of the variable table are not in ${file.label}: ${missing.map((m) => `${m.id} (${m.name})`).join(', ')}. Those items contribute no values.`,
      );
    }
  }
}
