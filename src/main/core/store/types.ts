import type {
  CohortSource,
  ContextSchema,
  FeatureSchema,
  NoteRule,
  Split,
} from '../../../shared/domain';

/** A static input's value: a number for a numeric input, a category for a categorical one. */
export type StaticValue = number | string;

/** CheXpert label states as stored, one byte per label. */
export const CxrCode = {
  notMentioned: 0,
  positive: 1,
  negative: 2,
  uncertain: 3,
} as const;
export type CxrCode = (typeof CxrCode)[keyof typeof CxrCode];

export interface NewCohort {
  name: string;
  source: CohortSource;
  synthetic: boolean;
  description: string;
  featureSchema: FeatureSchema;
  noteRule: NoteRule;
  contextSchema: ContextSchema;
  tasks: string[];
  attributes: string[];
}

export interface NoteChunk {
  charttime: string | null;
  text: string;
}

/** One stay as an importer hands it to the store. */
export interface NewStay {
  stayKey: string;
  subjectKey: string;
  split: Split;
  /** ISO 8601 start of the observation window. */
  t0: string;
  losHours: number | null;
  /** hours x variables x (mean, min, max); NaN where nothing was charted. */
  series: Float32Array;
  /** hours x variables; 1 = nothing charted in that hour. */
  missing: Uint8Array;
  outcomes: Record<string, 0 | 1>;
  /**
   * For tasks with hourly labels, the hour (from the window's start) at which the outcome
   * began, where it happened; absent for per-stay labels.
   */
  onsets?: Readonly<Record<string, number>>;
  attributes: Record<string, string>;
  /** Note units in time order, already chunked by the cohort's note rule. */
  notes: NoteChunk[];
  /** One CxrCode per label of the context schema, or null without a study. */
  cxr: Uint8Array | null;
  /** One value per ECG field of the context schema (NaN where absent), or null. */
  ecg: Float32Array | null;
  /**
   * Values of the cohort's declared static inputs (contextSchema.staticInputs), by name; an
   * input the stay has no value for is left out. Absent when the cohort declares none.
   */
  staticInputs?: Readonly<Record<string, StaticValue>>;
}

/**
 * A stay as the models and the search read it back. Its static inputs are read apart
 * (Store.staticInputsOf): most readers never need them.
 */
export interface Stay extends Omit<NewStay, 'staticInputs'> {
  id: number;
  cohortId: number;
}

/** One claim on one audit run: whoever holds the token may write the run's results and status. */
export interface RunLease {
  token: string;
  pid: number;
  host: string;
}

/** Which model on which data: what makes an evaluation belong beside an audit run. */
export interface EvaluationKey {
  cohortId: number;
  task: string;
  split: Split;
  /** bundleFingerprint() of the bundle's file and manifest hashes (files only: older runs). */
  bundleFingerprint: string;
  cohortContentHash: string;
}
