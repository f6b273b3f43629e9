import type { Split, StaticInputSpec } from '../../../../shared/domain';
import type { StaticValue } from '../../store';
import type { HourlyBins } from '../hourly-bins';

/** What cohort.json declares about the cohort as a whole. */
export interface CohortManifest {
  name: string | null;
  description: string;
  hours: number;
  tasks: string[];
  synthetic: boolean;
  /** false: not patient data at all (service metrics, machines); reports drop clinical words. */
  clinical: boolean;
  formatVersion: 1 | 2;
  /** Version 2: the static inputs static.csv may give values for; none in version 1. */
  staticInputs: StaticInputSpec[];
}

/** One row of variables.csv: the feature schema plus the range a value must fall in. */
export interface GenericVariable {
  name: string;
  unit: string;
  /** Inclusive bounds; infinite where the file leaves them empty. */
  plausibleMin: number;
  plausibleMax: number;
}

/** A radiology report (or log excerpt) charted inside the stay's window. */
export interface WindowReport {
  ms: number;
  line: number;
  text: string;
}

/** The context study in use so far for one stay and kind: the latest before the window ends. */
export interface ContextStudy<V> {
  ms: number;
  values: V;
}

/**
 * Everything read about one stay, gathered across files before anything is written; the
 * store sees it only once every file has been read without error.
 */
export interface StayDraft {
  /** The stay_id as the files write it: what every file's rows are matched on. */
  key: string;
  /** The stay_id the store keeps: as written, or its pseudonym when the PHI guard redacts it. */
  storedKey: string;
  /** The subject_id the store keeps (screened like storedKey). */
  subject: string;
  split: Split;
  t0Ms: number;
  losHours: number | null;
  /** Allocated on the stay's first measurement inside the window. */
  bins: HourlyBins | null;
  outcomes: Record<string, 0 | 1>;
  attributes: Record<string, string>;
  /** Values of the declared static inputs from static.csv; an input without a row is absent. */
  staticInputs: Record<string, StaticValue>;
  reports: WindowReport[];
  cxr: ContextStudy<Uint8Array> | null;
  ecg: ContextStudy<Float32Array> | null;
}

export type StayDrafts = Map<string, StayDraft>;
