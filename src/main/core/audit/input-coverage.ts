/**
 * How much of the audited stays' input was missing (TRIPOD+AI item 11: a reader must know
 * how often the model saw an empty hour, no note or no context study). One pass over the
 * stays, read in slices so memory stays flat; on a 100,000-stay run that pass is seconds, so
 * the report keeps its result with the run's other figures (stored-figures.ts).
 */
import type { CohortDetail } from '../../../shared/domain';
import type { Store } from '../store';

const SLICE = 500;

export interface VariableMissingness {
  name: string;
  unit: string;
  /** Share of stay-hours with nothing charted, over the audited stays. */
  missingShare: number;
}

/** Missing inputs among the audited stays (TRIPOD+AI item 11). */
export interface InputCoverage {
  stays: number;
  variables: VariableMissingness[];
  staysWithoutNotes: number;
  staysWithoutCxr: number;
  staysWithoutEcg: number;
  /** Stays with more chunks than the bundle's note slots: only the most recent are units. */
  staysWithDroppedChunks: number;
}

export function inputCoverage(
  store: Store,
  stayIds: readonly number[],
  cohort: CohortDetail,
  noteSlots: number,
): InputCoverage {
  const { variables, hours } = cohort.featureSchema;
  const missingHours = new Array<number>(variables.length).fill(0);
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
  return coverage;
}
