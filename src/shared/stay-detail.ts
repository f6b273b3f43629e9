/**
 * One stay as the trace view reads it: its raw hourly series with names and units, its
 * radiology chunks (and which note unit each one is), its context decoded, outcomes and
 * attributes. Plain JSON, bounded: T hours × variables × 3 numbers, and note text capped.
 */
import type { StayAuditResult } from './audit';
import type { ConfusionClass } from './audit-statistics';
import type { Split } from './domain';
import type { VariableConcept } from './variable-concepts';

/** A normal adult reference range, inclusive at both ends, in the variable's unit. */
export interface NormalRange {
  low: number;
  high: number;
}

/** One variable hour by hour: null where nothing was charted in that hour. */
export interface HourlyVariable {
  name: string;
  /** How a clinician names it ("Mean BP"); the name itself outside the clinical table. */
  label: string;
  unit: string;
  /** The standard concept it is (variable-concepts.ts): its flowsheet section and order. */
  concept: VariableConcept;
  /**
   * The normal adult range, or null where none applies: a setting such as FiO2, or a
   * variable the clinical table does not hold (a generic import's own variables).
   */
  normal: NormalRange | null;
  mean: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
}

export type RangeFlag = 'low' | 'high';

/** Whether a charted value lies outside the normal range; null when inside or unknown. */
export function rangeFlag(value: number | null, normal: NormalRange | null): RangeFlag | null {
  if (value === null || normal === null) return null;
  if (value < normal.low) return 'low';
  if (value > normal.high) return 'high';
  return null;
}

/**
 * An hour's flags from its extremes, not its mean: the model reads the hour's min and max
 * too, so a brief low inside a normal mean is something it saw. A labile hour has both.
 */
export function hourFlags(
  variable: Pick<HourlyVariable, 'normal' | 'min' | 'max'>,
  t: number,
): RangeFlag[] {
  const low = rangeFlag(variable.min[t] ?? null, variable.normal) === 'low';
  const high = rangeFlag(variable.max[t] ?? null, variable.normal) === 'high';
  return [...(low ? (['low'] as const) : []), ...(high ? (['high'] as const) : [])];
}

/** Hours in which no variable has a value: the model saw them only as missing. */
export function unchartedHours(variables: readonly HourlyVariable[], hours: number): number[] {
  return Array.from({ length: hours }, (_, t) => t).filter((t) =>
    variables.every((v) => (v.mean[t] ?? null) === null),
  );
}

/** One stored radiology chunk, in time order. */
export interface NoteChunkDetail {
  /** Position among the stay's stored chunks (0 = oldest). */
  position: number;
  charttime: string | null;
  text: string;
  /** The text was cut to keep the answer small (it ends with "…"). */
  truncated: boolean;
  /** The note unit id this chunk is searched as, or null when the model does not see it. */
  unit: number | null;
}

export type CxrState = 'positive' | 'negative' | 'uncertain' | 'not mentioned';

export interface CxrFinding {
  label: string;
  state: CxrState;
}

export interface EcgMeasurement {
  field: string;
  label: string;
  /** null where the machine reported nothing for this field. */
  value: number | null;
  unit: string;
}

/** One static input the cohort declares (age, sex, ...): a fixed prior like the CXR and ECG. */
export interface StaticInputReading {
  name: string;
  /** A number for a numeric input, a category for a categorical one; null when not recorded. */
  value: number | string | null;
  /** A numeric input's unit; '' for a categorical one. */
  unit: string;
  /** Whether the run's model reads it as an input; null outside a run (no model to ask). */
  modelInput: boolean | null;
}

/**
 * Who the patient is, for the trace's banner: each fact as the cohort recorded it (a static
 * input first, else the bias-audit attribute), or null where it has neither. Raw codes
 * ("EW EMER.", "F"): attribute-words.ts puts them in words.
 */
export interface PatientFacts {
  /** Age in years at admission, where the cohort has it as an input. */
  age: number | null;
  /** The age band ("65-79"), shown where the age itself is not recorded. */
  ageBand: string | null;
  sex: string | null;
  admissionType: string | null;
  /** The ICU the stay began in (MIMIC-IV's first care unit). */
  careUnit: string | null;
}

export interface StayDetail {
  stayId: number;
  stayKey: string;
  subjectKey: string;
  split: Split;
  /** Start of the observation window (ICU admission for MIMIC-IV): window W1 begins here. */
  t0: string;
  losHours: number | null;
  cohort: { id: number; name: string; synthetic: boolean };
  /** T: unit ids 0..T−1 are the hourly windows W1..WT, ids from T on are note units N1… */
  windows: number;
  /** In concept order (vital signs first, then neurological, …, other), not the file's. */
  variables: HourlyVariable[];
  notes: NoteChunkDetail[];
  /**
   * Note slots the model reads (its Mmax): older chunks beyond them are shown but have no
   * unit. From the run's bundle, or the cohort's note rule when no run is given.
   */
  noteSlots: number;
  /** The CXR study used as context, or null without one. */
  cxr: CxrFinding[] | null;
  /** The ECG used as context, or null without one. */
  ecg: EcgMeasurement[] | null;
  /** The cohort's static inputs in declaration order; empty when it declares none. */
  staticInputs: StaticInputReading[];
  outcomes: Record<string, number>;
  attributes: Record<string, string>;
  patient: PatientFacts;
}

/** Which stays of a run to step through in the trace view. */
export interface StayFilter {
  outcome?: ConfusionClass;
  status?: StayAuditResult['status'];
}

export interface StayLink {
  stayId: number;
  stayKey: string;
}

/** Where a stay sits among a run's stays that match a filter (plan order). */
export interface StayNeighbours {
  /** Stays matching the filter. */
  total: number;
  /** 1-based position of the stay among them, or null if it does not match. */
  position: number | null;
  previous: StayLink | null;
  next: StayLink | null;
  /** The first match, to start stepping from (null when none matches). */
  first: StayLink | null;
}
