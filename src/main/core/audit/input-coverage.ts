/**
 * One pass over the audited stays for what the results table does not hold: each stay's
 * attributes (for the bias audit) and how much of its input was missing (TRIPOD+AI item 11:
 * a reader must know how often the model saw an empty hour, no note or no context study).
 * Stays are read in slices, so memory stays flat for large runs.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { AttributesByStay } from '../audit/statistics-index';
import type { Store } from '../store';
import type { InputCoverage } from './report-data-types';

const SLICE = 500;

export interface AuditedStayScan {
  attributes: AttributesByStay;
  coverage: InputCoverage;
}

export function scanAuditedStays(
  store: Store,
  stayIds: readonly number[],
  cohort: CohortDetail,
  noteSlots: number,
): AuditedStayScan {
  const { variables, hours } = cohort.featureSchema;
  const missingHours = new Array<number>(variables.length).fill(0);
  const attributes = new Map<number, Readonly<Record<string, string>>>();
  const coverage: InputCoverage = {
    stays: stayIds.length,
    variables: [],
    staysWithoutNotes: 0,
    staysWithoutCxr: 0,
    staysWithoutEcg: 0,
    staysWithDroppedChunks: 0,
  };
  for (let start = 0; start < stayIds.length; start += SLICE) {
    for (const stay of store.loadStays(stayIds.slice(start, start + SLICE))) {
      attributes.set(stay.id, stay.attributes);
      for (let t = 0; t < hours; t++) {
        for (let v = 0; v < variables.length; v++) {
          if (stay.missing[t * variables.length + v] !== 0) missingHours[v]!++;
        }
      }
      if (stay.notes.length === 0) coverage.staysWithoutNotes++;
      if (stay.notes.length > noteSlots) coverage.staysWithDroppedChunks++;
      if (stay.cxr === null) coverage.staysWithoutCxr++;
      if (stay.ecg === null) coverage.staysWithoutEcg++;
    }
  }
  const stayHours = stayIds.length * hours;
  coverage.variables = variables.map((variable, v) => ({
    name: variable.name,
    unit: variable.unit,
    missingShare: stayHours > 0 ? missingHours[v]! / stayHours : 0,
  }));
  return { attributes, coverage };
}
