import type { Split } from '../../../../shared/domain';
import type { StaticValue } from '../../store';
import { CLINICAL_VARIABLES } from '../clinical-variables';
import { HourlyBins } from '../hourly-bins';

export const WINDOW_HOURS = 24;
export const HOUR_MS = 3_600_000;

/** A radiology report charted inside a stay's window, kept until the stay is written. */
export interface WindowReport {
  charttime: number;
  /** note_seq, then the file line: ties at one charttime keep a stable order. */
  seq: number;
  line: number;
  text: string;
}

/** A context study (CXR or ECG) that is the latest before the window ends so far. */
export interface ContextStudy<T> {
  time: number;
  studyId: number;
  values: T;
}

/** An included ICU stay while the import fills it: identity, labels, and its 24 hourly bins. */
export class CohortStay {
  readonly windowEnd: number;
  readonly bins = new HourlyBins(WINDOW_HOURS, CLINICAL_VARIABLES.length);
  readonly reports: WindowReport[] = [];
  cxr: ContextStudy<Uint8Array> | null = null;
  ecg: ContextStudy<Float32Array> | null = null;
  /** Weight and height from chartevents so far, with the time each was charted. */
  readonly chartedStatics = new Map<string, { time: number; value: number }>();

  constructor(
    readonly stayId: number,
    readonly subjectId: number,
    readonly hadmId: number,
    /** t0 = ICU intime, ms since the epoch (MIMIC's zone-less times read as UTC). */
    readonly intime: number,
    readonly outtime: number,
    readonly split: Split,
    readonly outcomes: Record<string, 0 | 1>,
    readonly attributes: Record<string, string>,
    /** Static inputs from the cohort tables (static-inputs.ts). */
    readonly tableStatics: Record<string, StaticValue>,
  ) {
    this.windowEnd = intime + WINDOW_HOURS * HOUR_MS;
  }

  /** The hourly bin of a time inside the window [t0, t0 + 24 h), or null outside it. */
  hourOf(time: number): number | null {
    if (time < this.intime || time >= this.windowEnd) return null;
    return Math.floor((time - this.intime) / HOUR_MS);
  }
}

/** The included stays, findable by stay, admission and patient as event rows go by. */
export class CohortIndex {
  private readonly byStay = new Map<number, CohortStay>();
  private readonly byAdmission = new Map<number, CohortStay[]>();
  private readonly bySubject = new Map<number, CohortStay[]>();

  constructor(readonly stays: readonly CohortStay[]) {
    for (const stay of stays) {
      this.byStay.set(stay.stayId, stay);
      push(this.byAdmission, stay.hadmId, stay);
      push(this.bySubject, stay.subjectId, stay);
    }
  }

  stay(stayId: number): CohortStay | undefined {
    return this.byStay.get(stayId);
  }

  hasSubject(subjectId: number): boolean {
    return this.bySubject.has(subjectId);
  }

  staysOfSubject(subjectId: number): readonly CohortStay[] {
    return this.bySubject.get(subjectId) ?? [];
  }

  /**
   * Stays a hospital-wide row (a lab, a note) may belong to: those of its admission when the
   * row names one (hadm_id is authoritative), else those of its patient. The caller still
   * checks the row's time against each stay's window.
   */
  candidates(subjectId: number, hadmId: number | null): readonly CohortStay[] {
    if (hadmId !== null) return this.byAdmission.get(hadmId) ?? [];
    return this.bySubject.get(subjectId) ?? [];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
