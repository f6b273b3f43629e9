/**
 * One stay as the trace view reads it: its raw hourly series with names and units, its
 * radiology chunks (and which note unit each one is), its context decoded, outcomes and
 * attributes. Plain JSON, bounded: T hours × variables × 3 numbers, and note text capped.
 */
import type { StayAuditResult } from './audit';
import type { ConfusionClass } from './audit-statistics';
import type { Split } from './domain';

/** One variable hour by hour: null where nothing was charted in that hour. */
export interface HourlyVariable {
  name: string;
  unit: string;
  mean: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
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

export interface StayDetail {
  stayId: number;
  stayKey: string;
  subjectKey: string;
  split: Split;
  t0: string;
  losHours: number | null;
  cohort: { id: number; name: string; synthetic: boolean };
  /** T: unit ids 0..T−1 are the hourly windows W1..WT, ids from T on are note units N1… */
  windows: number;
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
  outcomes: Record<string, number>;
  attributes: Record<string, string>;
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
