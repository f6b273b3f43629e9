import { ageBand } from '../clinical-variables';
import type { PatientState } from './patient-state';
import type { Random } from './random';

/**
 * The bias-audit attributes, with distributions close to a US academic ICU and the
 * associations such data really has: insurance follows age (Medicare from 65), Spanish
 * follows Hispanic ethnicity, and race and language are more often "Unknown" for patients
 * who arrive unable to answer (comatose or intubated), which ties "Unknown" to risk exactly
 * as it does in MIMIC-IV. None of these is a model input.
 */
export interface PersonAttributes {
  race_ethnicity: string;
  insurance: string;
  language: string;
}

export function drawPersonAttributes(state: PatientState, rng: Random): PersonAttributes {
  // Who arrives unable to give a history: comatose, in shock or intubated from the field. A
  // planned post-operative ventilation or an overdose does not count: their history is known.
  const knownHistory = state.reason === 'post_op' || state.reason === 'overdose';
  const arrivedIntubated = state.ventilation !== null && state.ventilation.from <= 0;
  const unableToAnswer =
    !knownHistory &&
    (state.organs.neuro.start > 0.45 || state.organs.shock.start > 0.5 || arrivedIntubated);
  const race = rng.weighted([
    ['White', 64],
    ['Black', 11],
    ['Hispanic/Latino', 5],
    ['Asian', 3.5],
    ['Other', 4.5],
    ['Unknown', unableToAnswer ? 35 : 8],
  ] as const);
  const older = state.age >= 65;
  const insurance = older
    ? rng.weighted([
        ['Medicare', 82],
        ['Private', 9],
        ['Medicaid', 5],
        ['Other', 4],
      ] as const)
    : rng.weighted([
        ['Private', 44],
        ['Medicaid', race === 'Black' || race === 'Hispanic/Latino' ? 38 : 26],
        ['Medicare', 14],
        ['Other', 10],
      ] as const);
  const language =
    race === 'Unknown' && unableToAnswer && rng.chance(0.4)
      ? 'Unknown'
      : race === 'Hispanic/Latino'
        ? rng.weighted([
            ['English', 55],
            ['Spanish', 43],
            ['Unknown', 2],
          ] as const)
        : race === 'Asian'
          ? rng.weighted([
              ['English', 70],
              ['Chinese', 18],
              ['Other', 10],
              ['Unknown', 2],
            ] as const)
          : rng.weighted([
              ['English', 93],
              ['Other', 4],
              ['Spanish', 1],
              ['Unknown', 2],
            ] as const);
  return { race_ethnicity: race, insurance, language };
}

/** MIMIC-IV's admission types: elective surgery comes in planned, the rest mostly through the ED. */
export function drawAdmissionType(state: PatientState, rng: Random): string {
  if (state.reason === 'post_op') {
    return rng.weighted([
      ['ELECTIVE', 42],
      ['SURGICAL SAME DAY ADMISSION', 40],
      ['URGENT', 12],
      ['EW EMER.', 6],
    ] as const);
  }
  return rng.weighted([
    ['EW EMER.', 66],
    ['URGENT', 12],
    ['DIRECT EMER.', 8],
    ['OBSERVATION ADMIT', 7],
    ['EU OBSERVATION', 4],
    ['DIRECT OBSERVATION', 1],
    ['ELECTIVE', 2],
  ] as const);
}

export function stayAttributes(
  state: PatientState,
  person: PersonAttributes,
  admissionType: string,
): Record<string, string> {
  return {
    sex: state.female ? 'F' : 'M',
    age_band: ageBand(state.age),
    race_ethnicity: person.race_ethnicity,
    insurance: person.insurance,
    language: person.language,
    admission_type: admissionType,
  };
}
