/**
 * A run's results as per-stay columns, the form the statistics layer (../statistics: they are
 * its EvidenceOutcomes) and the bias audit take. Built once per report so that every figure
 * reads the same arrays.
 */
import type { StayAuditResult } from './audit-types';

export interface StayColumns {
  n: number;
  pFull: Float64Array;
  labels: Float64Array;
  /** The full-input decision the search explained (stored with the result). */
  yFull: Float64Array;
  pEvidence: Float64Array;
  pWithoutEvidence: Float64Array;
  /** |E|: evidence units kept. */
  sizes: Float64Array;
  /** Evidence units that are note chunks. */
  noteUnits: Float64Array;
  exhausted: boolean[];
  reachable: boolean[];
}

/**
 * Columns of `results`. Throws if a stored decision y_full disagrees with p_full at
 * `threshold`: the search explained the decision taken at the run's threshold, and mixing in
 * another one would pair confusion classes with evidence found for a different decision.
 */
export function stayColumns(results: readonly StayAuditResult[], threshold: number): StayColumns {
  if (!(threshold > 0 && threshold < 1))
    throw new RangeError(`threshold must be in (0, 1), got ${threshold}`);
  const n = results.length;
  const col = (): Float64Array => new Float64Array(n);
  const columns: StayColumns = {
    n,
    pFull: col(),
    labels: col(),
    yFull: col(),
    pEvidence: col(),
    pWithoutEvidence: col(),
    sizes: col(),
    noteUnits: col(),
    exhausted: new Array<boolean>(n),
    reachable: new Array<boolean>(n),
  };
  results.forEach((r, i) => {
    const decided = r.pFull >= threshold ? 1 : 0;
    if (decided !== r.yFull) {
      throw new RangeError(
        `stay ${r.stayKey}: y_full ${r.yFull} does not match p_full ${r.pFull} at threshold ` +
          `${threshold}; use the run's decision threshold`,
      );
    }
    if (r.noteUnits > r.evidence.length)
      throw new RangeError(`stay ${r.stayKey}: more note units than evidence units`);
    columns.pFull[i] = r.pFull;
    columns.labels[i] = r.label;
    columns.yFull[i] = r.yFull;
    columns.pEvidence[i] = r.pEvidence;
    columns.pWithoutEvidence[i] = r.pWithoutEvidence;
    columns.sizes[i] = r.evidence.length;
    columns.noteUnits[i] = r.noteUnits;
    columns.exhausted[i] = r.status === 'exhausted';
    columns.reachable[i] = r.reachable;
  });
  return columns;
}
