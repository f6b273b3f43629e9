import { basename } from 'node:path';
import { readCsv } from '../csv-reader';
import type { ImportSummaryBuilder } from '../import-summary';
import { InputError, shown } from '../../errors/input-error';
import { requiredText, stayOf } from './fields';
import type { ImportClock } from '../import-clock';
import type { StayDrafts } from './types';

/** Reads binary labels: one row per stay and task declared in cohort.json. */
export async function readOutcomes(
  path: string,
  stays: StayDrafts,
  tasks: readonly string[],
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<void> {
  const file = basename(path);
  const known = new Set(tasks);
  let rows = 0;
  for await (const row of readCsv(path, ['stay_id', 'task', 'label'])) {
    rows++;
    const stay = stayOf(file, row, stays);
    const task = requiredText(file, row, 'task');
    if (!known.has(task)) {
      throw new InputError(
        file,
        row.line,
        'task',
        `unknown task ${shown(task)}; cohort.json lists ${tasks.join(', ')}`,
      );
    }
    const raw = row.get('label').trim();
    if (raw !== '0' && raw !== '1') {
      throw new InputError(file, row.line, 'label', `${shown(raw)} is not a label; write 0 or 1`);
    }
    if (Object.hasOwn(stay.outcomes, task)) {
      throw new InputError(
        file,
        row.line,
        'task',
        `stay ${shown(stay.key)} already has a label for task ${shown(task)}`,
      );
    }
    stay.outcomes[task] = raw === '1' ? 1 : 0;
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  clock.fileDone(file, rows);
}
