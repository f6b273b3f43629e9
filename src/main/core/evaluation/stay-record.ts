/**
 * One evaluated stay as the metrics read it, and the per-stay columns they are computed on.
 * Columns are in stay order, so any two columns of the same records are paired: a bootstrap
 * over them resamples stays, never metrics independently.
 */
import type { RowMethod } from '../../../shared/charts';
import type { StayMethodResults } from './stay-method-runner';

export interface StayRecord extends StayMethodResults {
  stayId: number;
  stayKey: string;
  label: 0 | 1;
  attributes: Record<string, string>;
  /** The concept bottleneck's P(outcome), when it was evaluated. */
  cbmP: number | null;
}

export interface SelectionColumns {
  p: Float64Array;
  pRemoved: Float64Array;
  sizes: Float64Array;
}

/** Labels, p_full and ŷ_full of every record. */
export function outcomeColumns(records: readonly StayRecord[]) {
  return {
    labels: Uint8Array.from(records, (r) => r.label),
    pFull: Float64Array.from(records, (r) => r.pFull),
    yFull: Uint8Array.from(records, (r) => r.yFull),
  };
}

/** p(m_sel), p(all minus m_sel) and |m_sel| of one method at one budget, for every record. */
export function selectionColumns(
  records: readonly StayRecord[],
  method: RowMethod,
  k: number,
): SelectionColumns | null {
  const n = records.length;
  const columns = {
    p: new Float64Array(n),
    pRemoved: new Float64Array(n),
    sizes: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const selection = records[i]!.selections.find((s) => s.method === method && s.k === k);
    if (!selection) return null;
    columns.p[i] = selection.p;
    columns.pRemoved[i] = selection.pRemoved;
    columns.sizes[i] = selection.units.length;
  }
  return columns;
}

/** The (method, k) pairs the records hold, in the order the runner produced them. */
export function methodBudgets(records: readonly StayRecord[]): { method: RowMethod; k: number }[] {
  const first = records[0];
  return first ? first.selections.map(({ method, k }) => ({ method, k })) : [];
}
