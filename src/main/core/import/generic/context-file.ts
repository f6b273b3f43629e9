import { basename } from 'node:path';
import type { CsvRow } from '../csv-reader';
import { parseNumber, parseTimestamp, readCsv } from '../csv-reader';
import type { FolderTimeConvention } from '../time-convention';
import { CHEXPERT_LABELS, ECG_FIELDS } from '../clinical-variables';
import type { ImportSummaryBuilder } from '../import-summary';
import { FLOAT32_MAX, fitsFloat32 } from '../hourly-bins';
import { InputError, shown } from '../../errors/input-error';
import { CxrCode } from '../../store';
import { requiredText, stayOf } from './fields';
import type { ImportClock } from '../import-clock';
import type { ContextStudy, StayDrafts } from './types';
import { counted } from '../../../../shared/counted';

const CXR_VALUES: Record<string, CxrCode> = {
  positive: CxrCode.positive,
  negative: CxrCode.negative,
  uncertain: CxrCode.uncertain,
};

/**
 * Reads CXR labels and ECG measurements. A study is the rows sharing stay, kind and
 * charttime; per stay and kind the most recent study charted before the window ends is
 * used, as the method asks. Every row is checked, used or not, so an error never depends
 * on row order.
 */
export async function readContext(
  path: string,
  stays: StayDrafts,
  hours: number,
  report: ImportSummaryBuilder,
  clock: ImportClock,
  times: FolderTimeConvention,
): Promise<void> {
  const file = basename(path);
  const seen = new Set<string>();
  let rows = 0;
  let late = 0;
  for await (const row of readCsv(path, ['stay_id', 'kind', 'charttime', 'field', 'value'])) {
    rows++;
    const stay = stayOf(file, row, stays);
    const kind = requiredText(file, row, 'kind');
    if (kind !== 'cxr' && kind !== 'ecg') {
      throw new InputError(
        file,
        row.line,
        'kind',
        `${shown(kind)} is not a context kind; write cxr or ecg`,
      );
    }
    const ms = parseTimestamp(file, row, 'charttime')!;
    times.check(file, row, 'charttime');
    const field = requiredText(file, row, 'field');
    const slot = kind === 'cxr' ? cxrSlot(file, row, field) : ecgSlot(file, row, field);
    const key = JSON.stringify([stay.key, kind, ms, field]);
    if (seen.has(key)) {
      throw new InputError(
        file,
        row.line,
        'field',
        `${shown(field)} is given twice for this ${kind} study of stay ${shown(stay.key)}`,
      );
    }
    seen.add(key);
    if (ms >= stay.t0Ms + hours * 3_600_000) {
      late++;
    } else if (kind === 'cxr') {
      const study = (stay.cxr = latest(stay.cxr, ms, () => new Uint8Array(CHEXPERT_LABELS.length)));
      if (study.ms === ms) study.values[slot.index] = slot.value;
    } else {
      const study = (stay.ecg = latest(stay.ecg, ms, () =>
        new Float32Array(ECG_FIELDS.length).fill(Number.NaN),
      ));
      if (study.ms === ms) study.values[slot.index] = slot.value;
    }
    clock.row(file, rows);
  }
  report.countRows(file, rows);
  if (late > 0) {
    report.note(`${file}: ${counted(late, 'row')} from studies charted after the window ignored.`);
  }
  clock.fileDone(file, rows);
}

/** The study to keep: a later one replaces the current, an earlier one leaves it. */
function latest<V>(current: ContextStudy<V> | null, ms: number, empty: () => V): ContextStudy<V> {
  return current === null || ms > current.ms ? { ms, values: empty() } : current;
}

interface Slot {
  index: number;
  value: number;
}

function cxrSlot(file: string, row: CsvRow, field: string): Slot {
  const index = CHEXPERT_LABELS.indexOf(field);
  if (index < 0) {
    throw new InputError(
      file,
      row.line,
      'field',
      `${shown(field)} is not a CheXpert label (${CHEXPERT_LABELS.join(', ')})`,
    );
  }
  const raw = row.get('value').trim();
  const value = CXR_VALUES[raw];
  if (value === undefined || !Object.hasOwn(CXR_VALUES, raw)) {
    throw new InputError(
      file,
      row.line,
      'value',
      `${shown(raw)} is not a CXR label value; write positive, negative or uncertain`,
    );
  }
  return { index, value };
}

function ecgSlot(file: string, row: CsvRow, field: string): Slot {
  const index = ECG_FIELDS.indexOf(field);
  if (index < 0) {
    throw new InputError(
      file,
      row.line,
      'field',
      `${shown(field)} is not an ECG field (${ECG_FIELDS.join(', ')})`,
    );
  }
  const value = parseNumber(file, row, 'value')!;
  if (!fitsFloat32(value)) {
    throw new InputError(
      file,
      row.line,
      'value',
      `${shown(row.get('value').trim())} is beyond what the store holds for an ECG value (±${FLOAT32_MAX.toPrecision(2)})`,
    );
  }
  return { index, value };
}
