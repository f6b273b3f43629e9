import type { DecodedArray } from 'hyparquet';
import type { ImportSummaryBuilder } from '../import-summary';
import { counted } from '../../../../shared/counted';
import type { ImportClock } from '../import-clock';
import { describeRule, LABEL_RULE_HELP, type LabelRule } from '../../../../shared/label-rule';
import { OUTCOME_FILE } from './layout';
import {
  numberAt,
  ParquetInputError,
  requireColumn,
  rowBatches,
  type ParquetTable,
} from './parquet-table';
import { timeScale, type TimeScale } from './time-column';
import { knownStay, type YaibStays } from './types';

/** How outc.parquet gives its labels: one per stay, or one per stay and hour. */
export type OutcomeShape = 'per-stay' | 'hourly';

/** Checks outc.parquet's columns before any row is read; says which shape it has. */
export function checkOutcomeColumns(table: ParquetTable): OutcomeShape {
  requireColumn(table, 'stay_id', ['integer', 'text'], 'the stay');
  requireColumn(table, 'label', ['boolean', 'integer', 'number'], 'the label, 0 or 1');
  if (!table.columns.has('time')) return 'per-stay';
  timeScale(table);
  return 'hourly';
}

/**
 * Reads outc.parquet's labels for `task`. Labels must be 0 or 1 (or true / false): a number
 * that is neither is a regression outcome (YAIB's kidney_function, los), refused at its row.
 * Per-stay labels are taken as they are. Hourly labels (aki, sepsis) need the user's rule
 * (`onset-within:N`: 1 when any hourly label is 1 at a time before hour N); without one the
 * import is refused, after every label has been checked.
 */
export async function readOutcomes(
  table: ParquetTable,
  stays: YaibStays,
  task: string,
  rule: LabelRule | null,
  report: ImportSummaryBuilder,
  clock: ImportClock,
): Promise<void> {
  const shape = checkOutcomeColumns(table);
  const scale: TimeScale | null = shape === 'hourly' ? timeScale(table) : null;
  const columns = shape === 'hourly' ? ['stay_id', 'time', 'label'] : ['stay_id', 'label'];
  const labelRow = new Map<string, number>();
  let rows = 0;
  for await (const batch of rowBatches(table, columns, () => clock.check())) {
    const { stay_id: ids, label: labels, time: times } = batch.columns;
    for (let i = 0; i < batch.rows; i++) {
      const row = batch.rowStart + i + 1;
      const label = labelAt(table, labels!, i, row, task);
      const stay = knownStay(table, stays, ids!, i, row);
      if (scale === null) {
        const first = labelRow.get(stay.key);
        if (first !== undefined) {
          throw new ParquetInputError(
            table.file,
            row,
            'stay_id',
            `stay ${stay.key} already has a label at row ${first}; per-stay labels come one row per stay`,
          );
        }
        labelRow.set(stay.key, row);
        stay.label = label;
      } else if (rule !== null) {
        const stored = numberAt(times!, i);
        if (stored === null || !Number.isFinite(stored)) {
          throw new ParquetInputError(table.file, row, 'time', 'the time is empty or not a number');
        }
        const hour = stored * scale.hoursPerUnit;
        stay.lastLabelHour = Math.max(stay.lastLabelHour ?? hour, hour);
        if (label === 1) stay.onsetHour = Math.min(stay.onsetHour ?? hour, hour);
        if (stay.label !== 1) stay.label = label === 1 && hour < rule.hours ? 1 : 0;
      }
      rows++;
      clock.row(table.file, rows);
    }
  }
  report.countRows(table.file, rows);
  clock.fileDone(table.file, rows);
  if (shape === 'hourly' && rule === null) {
    throw new ParquetInputError(
      table.file,
      null,
      'time',
      `the labels of ${task} are hourly (one per stay and hour), and the product audits one label per stay: name the rule that makes one with --label-rule ${LABEL_RULE_HELP}`,
    );
  }
  if (shape === 'per-stay' && rule !== null) {
    throw new ParquetInputError(
      table.file,
      null,
      'label',
      `the labels of ${task} are one per stay already (the file has no "time" column), so --label-rule ${describeRule(rule)} has nothing to do; import without it`,
    );
  }
  if (rule === null) {
    report.note(`${OUTCOME_FILE}: one binary label per stay, imported as task ${task}.`);
    return;
  }
  const last = rule.hours - 1;
  const shortFollowUp = [...stays.values()].filter(
    (s) => s.label === 0 && s.lastLabelHour !== null && s.lastLabelHour < last,
  ).length;
  report.note(
    `${OUTCOME_FILE}: hourly labels made one label per stay by the rule ${describeRule(rule)}: 1 when any hourly label is 1 at a time before hour ${rule.hours}, else 0 (YAIB's hourly labels, as given in the file, with their own look-ahead). Each stay labelled 1 keeps its onset, its first hour with a label of 1, for monitoring's lead time.${
      shortFollowUp > 0
        ? ` ${counted(shortFollowUp, 'stay')} labelled 0 ${shortFollowUp === 1 ? 'has' : 'have'} hourly labels only to before hour ${last}: 0 there means no onset while followed.`
        : ''
    }`,
  );
}

function labelAt(
  table: ParquetTable,
  labels: DecodedArray,
  index: number,
  row: number,
  task: string,
): 0 | 1 {
  const value = numberAt(labels, index);
  if (value === 0 || value === 1) return value;
  if (value === null) {
    throw new ParquetInputError(table.file, row, 'label', 'the label is empty; write 0 or 1');
  }
  throw new ParquetInputError(
    table.file,
    row,
    'label',
    `${String(value)} is not 0 or 1: the labels of ${task} are numbers, a regression outcome (as YAIB's kidney_function and los); ToE Audit audits binary risk models and imports binary labels only`,
  );
}
