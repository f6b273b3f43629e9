import type { PersonAttributes } from './attributes';
import type { PersonTraits } from './patient-state';
import type { Random } from './random';

/**
 * Who a stay belongs to and when it starts. Most subjects have one stay; about 4% come
 * back for a second, which keeps them (and their demographics) together in one split.
 * Dates are synthetic, in MIMIC-IV-like shifted years (2110-2210, or 2180-2181 for the
 * monitoring scenarios), so they can never be mistaken for real admission dates.
 */
export interface Subject {
  key: string;
  person: PersonTraits;
  attributes: PersonAttributes;
  t0Ms: number;
  losHours: number;
  died: boolean;
  stays: number;
}

export interface Admission {
  stayKey: string;
  subjectKey: string;
  t0Ms: number;
  /** The subject's earlier stay, for a readmission. */
  previous: Subject | null;
}

/**
 * The days first stays start on: from `firstDayMs` up to (not including) `endMs`. A closed
 * window is a fixed-period extract, as a monitoring cohort is: a subject's return after its
 * end is not in the cohort, so that stay is another subject's first.
 */
export interface AdmissionWindow {
  firstDayMs: number;
  endMs: number;
  closed: boolean;
}

/** The plain demo's century of shifted years; returns past its end are kept. */
export const SHIFTED_CENTURY: AdmissionWindow = {
  firstDayMs: Date.UTC(2110, 0, 1),
  endMs: Date.UTC(2210, 0, 1),
  closed: false,
};

const HOUR_MS = 3_600_000;

/** ICU admissions by clock hour: fewest before dawn, most in the afternoon and evening. */
const ADMISSION_HOURS = [
  3, 2.5, 2, 2, 2, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5, 5.5, 6, 6, 6, 6, 6, 5.5, 5, 4.5, 4, 3.5,
].map((weight, hour) => [hour, weight] as const);

export const READMISSION_SHARE = 0.04;

function pad(n: number): string {
  return String(n).padStart(6, '0');
}

/**
 * Whether a surviving subject comes back for a second stay: the first draw of the next
 * stay's admission stream, so the outcome drawn for the first stay can look ahead to it.
 */
export function comesBack(nextAdmission: Random): boolean {
  return nextAdmission.chance(READMISSION_SHARE);
}

export function admit(
  stayIndex: number,
  subjectCount: number,
  previous: Subject | null,
  rng: Random,
  window: AdmissionWindow,
): Admission {
  const stayKey = `demo-stay-${pad(stayIndex + 1)}`;
  const readmitted = previous !== null && previous.stays === 1 && !previous.died && comesBack(rng);
  if (readmitted) {
    const gapDays = rng.between(3, 180);
    const t0Ms = roundToMinute(
      previous.t0Ms + Math.round(previous.losHours * HOUR_MS + gapDays * 24 * HOUR_MS),
    );
    if (!window.closed || t0Ms < window.endMs) {
      return { stayKey, subjectKey: previous.key, t0Ms, previous };
    }
  }
  const days = (window.endMs - window.firstDayMs) / (24 * HOUR_MS);
  const day = Math.floor(rng.uniform() * days);
  const hour = rng.weighted(ADMISSION_HOURS);
  const minute = rng.int(0, 59);
  return {
    stayKey,
    subjectKey: `demo-subject-${pad(subjectCount + 1)}`,
    t0Ms: window.firstDayMs + day * 24 * HOUR_MS + hour * HOUR_MS + minute * 60_000,
    previous: null,
  };
}

function roundToMinute(ms: number): number {
  return Math.round(ms / 60_000) * 60_000;
}

/** Clock time of t0 in hours (0-24): sets which bin the early-morning labs fall in. */
export function clockHours(t0Ms: number): number {
  return (((t0Ms % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
}

/** ISO 8601 time `hours` after t0, as report charttimes and t0 are stored. */
export function isoAt(t0Ms: number, hours: number): string {
  return new Date(t0Ms + Math.round(hours * 60) * 60_000).toISOString();
}
