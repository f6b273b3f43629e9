import {
  CANCER_SITES,
  HEME_SITES,
  REASON_CHOICES,
  REASONS,
  type AdmissionReason,
} from './case-mix';
import { clamp, type Random } from './random';

/**
 * The hidden state of one synthetic stay: who the patient is, why they are in the ICU, and
 * how each organ system fares over the 24 h window. Nothing here is stored; vitals, labs,
 * reports, context and outcomes are all drawn from it, so they agree with one another the
 * way a real chart does, each seeing the state only partially and with noise.
 */
export const ORGANS = [
  'shock',
  'respiratory',
  'infection',
  'renal',
  'neuro',
  'liver',
  'cardiac',
] as const;
export type Organ = (typeof ORGANS)[number];

export type InfectionSource = 'pulmonary' | 'urinary' | 'abdominal' | 'skin' | 'unknown';
export type Malignancy = 'none' | 'remote' | 'active' | 'metastatic';

/** Severity in [0, 1] of one organ system: 0 before `onset`, then from `start` to `end`. */
export interface Trajectory {
  /** Hour the dysfunction begins; 0 or less means present on arrival. */
  onset: number;
  start: number;
  end: number;
}

export interface PatientState {
  age: number;
  female: boolean;
  /** Standardised frailty: comorbidity burden and reserve, higher is frailer. */
  frailty: number;
  reason: AdmissionReason;
  infectionSource: InfectionSource;
  organs: Record<Organ, Trajectory>;
  comorbid: {
    ckd: boolean;
    copd: boolean;
    chf: boolean;
    cirrhosis: boolean;
    diabetes: boolean;
    afib: boolean;
  };
  malignancy: Malignancy;
  cancerSite: string;
  /** DNR/DNI or comfort-focused goals of care, seen (sometimes) only in report indications. */
  limitedCare: boolean;
  /** Hours [from, to) on a ventilator; `to` past 24 means through the window. */
  ventilation: { from: number; to: number } | null;
  arterialLine: boolean;
  centralLine: boolean;
  /** Share of a shock's blood-pressure fall that vasopressors hide (MAP is held near 65). */
  pressorMasking: number;
  /** Haemoglobin lost to bleeding by the end of the window, g/dL. */
  bloodLoss: number;
  /**
   * The course after the window, which no chart of the first 24 h can show: partly the
   * trend already under way, mostly what is yet to happen. Drives outcomes.
   */
  futureCourse: number;
  /** Risk nothing in the chart carries (unrecorded comorbidity, care decisions, chance). */
  unobservedRisk: number;
  /** Trend under way inside the window: positive is deteriorating. */
  course: number;
}

/** What stays with a person across readmissions. */
export interface PersonTraits {
  age: number;
  female: boolean;
}

function drawPerson(rng: Random, reason: AdmissionReason): PersonTraits {
  const female = rng.chance(reason === 'trauma' ? 0.3 : reason === 'post_op' ? 0.42 : 0.45);
  // MIMIC-IV records every age above 89 as 91; the clamp keeps that cap.
  const age = Math.round(clamp(rng.normal(REASONS[reason].meanAge + (female ? 2 : 0), 16), 18, 91));
  return { age, female };
}

function drawTrajectory(rng: Random, mean: number, frailty: number, course: number): Trajectory {
  const start =
    mean > 0 ? clamp(rng.proportion(clamp(mean * (1 + 0.15 * frailty), 0.01, 0.9), 3), 0, 1) : 0;
  // Most dysfunction responds to treatment; a deteriorating course worsens what is there.
  const factor = Math.exp(-0.45 + 0.55 * course + rng.normal(0, 0.3));
  return { onset: 0, start, end: clamp(start * factor, 0, 1) };
}

export function severityAt(t: Trajectory, hour: number): number {
  if (hour < t.onset) return 0;
  const from = Math.max(t.onset, 0);
  const x = clamp((hour - from) / Math.max(1, 23 - from), 0, 1);
  const level = t.start + (t.end - t.start) * x;
  // A dysfunction that begins inside the window builds up over about three hours.
  return t.onset > 0 ? level * Math.min(1, (hour - t.onset + 1) / 3) : level;
}

export function drawPatientState(rng: Random, person: PersonTraits | null): PatientState {
  const reason = rng.weighted(REASON_CHOICES);
  const { age, female } = person ?? drawPerson(rng, reason);
  const frailty = rng.normal(0.025 * (age - 64), 0.9);
  const course = rng.normal(0.15 * frailty, 1);
  const profile = REASONS[reason].organs;
  const organs = {} as Record<Organ, Trajectory>;
  ORGANS.forEach((organ, i) => {
    // A little background dysfunction everywhere: ICU patients are rarely well in one system only.
    organs[organ] = drawTrajectory(rng, profile[i]! + 0.03, frailty, course);
  });
  // A deteriorating course sometimes brings a new problem inside the window.
  if (course > 0.6 && rng.chance(0.45)) {
    const organ = rng.weighted<Organ>([
      ['shock', 3],
      ['respiratory', 3],
      ['renal', 2],
      ['infection', 1],
    ]);
    const start = rng.between(0.25, 0.55);
    organs[organ] = {
      onset: rng.int(3, 19),
      start,
      end: clamp(start * rng.between(1.1, 1.7), 0, 1),
    };
  }
  const infectionSource: InfectionSource =
    reason === 'respiratory'
      ? 'pulmonary'
      : rng.weighted<InfectionSource>([
          ['pulmonary', 40],
          ['urinary', 25],
          ['abdominal', 18],
          ['skin', 7],
          ['unknown', 10],
        ]);

  const older = age >= 65;
  const comorbid = {
    ckd: rng.chance(older ? 0.2 : 0.09),
    copd: rng.chance(reason === 'respiratory' ? 0.4 : older ? 0.13 : 0.06),
    chf: rng.chance(reason === 'cardiac' ? 0.55 : older ? 0.18 : 0.06),
    cirrhosis: rng.chance(reason === 'gi_bleed' ? 0.35 : 0.04),
    diabetes: reason === 'dka' || rng.chance(0.27),
    afib: rng.chance(older ? 0.25 : 0.06),
  };
  // About one ICU patient in seven has a cancer history; metastatic disease is the note-borne risk.
  const cancerRoll = rng.uniform();
  const metastaticShare =
    0.045 + (older ? 0.02 : 0) + (reason === 'sepsis' || reason === 'respiratory' ? 0.025 : 0);
  const malignancy: Malignancy =
    cancerRoll < metastaticShare
      ? 'metastatic'
      : cancerRoll < metastaticShare + 0.045
        ? 'active'
        : cancerRoll < metastaticShare + 0.11
          ? 'remote'
          : 'none';
  const cancerSite =
    malignancy === 'active' && rng.chance(0.35) ? rng.pick(HEME_SITES) : rng.pick(CANCER_SITES);
  const limitedCare = rng.chance(
    1 /
      (1 +
        Math.exp(
          -(-3.1 + 0.05 * (age - 65) + (malignancy === 'metastatic' ? 1.8 : 0) + 0.4 * frailty),
        )),
  );

  const respPeak = Math.max(organs.respiratory.start, organs.respiratory.end);
  const neuroStart = organs.neuro.start;
  const intubationOdds =
    -3 +
    5 * respPeak +
    4 * Math.max(0, neuroStart - 0.45) +
    (reason === 'overdose' ? 0.6 : 0) -
    (limitedCare ? 1.5 : 0);
  let ventilation: PatientState['ventilation'] = null;
  if (reason === 'post_op' && rng.chance(0.45)) {
    // Arrives intubated from theatre, extubated within hours.
    ventilation = { from: -rng.int(1, 3), to: rng.int(2, 10) };
  } else if (rng.chance(1 / (1 + Math.exp(-intubationOdds)))) {
    const early = organs.respiratory.start > 0.4 || neuroStart > 0.5 || rng.chance(0.6);
    const from = early ? -rng.int(0, 10) : rng.int(2, 20);
    ventilation = {
      from,
      to: course < -0.8 && rng.chance(0.5) ? rng.int(Math.max(from + 4, 8), 23) : 99,
    };
  }
  const shockPeak = Math.max(organs.shock.start, organs.shock.end);
  const centralLine =
    shockPeak > 0.3 ? rng.chance(0.8) : rng.chance(reason === 'post_op' ? 0.45 : 0.18);
  const arterialLine = centralLine ? rng.chance(0.75) : rng.chance(ventilation ? 0.5 : 0.15);
  const bleeding =
    reason === 'gi_bleed'
      ? rng.between(1, 4.5)
      : reason === 'trauma'
        ? rng.between(0.5, 3.5)
        : reason === 'post_op'
          ? rng.between(0, 2)
          : 0;

  return {
    age,
    female,
    frailty,
    reason,
    infectionSource,
    organs,
    comorbid,
    malignancy,
    cancerSite,
    limitedCare,
    ventilation,
    arterialLine,
    centralLine,
    pressorMasking: shockPeak > 0.25 ? rng.between(0.35, 0.75) : 0,
    bloodLoss: bleeding,
    // The window's trend says something about what follows, but far from everything.
    futureCourse: 0.45 * course + rng.normal(0, 0.9),
    unobservedRisk: rng.normal(0, 1),
    course,
  };
}

export function isVentilated(state: PatientState, hour: number): boolean {
  return (
    state.ventilation !== null && hour >= state.ventilation.from && hour < state.ventilation.to
  );
}
