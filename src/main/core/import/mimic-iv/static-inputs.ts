import type { StaticInputSpec } from '../../../../shared/domain';
import type { StaticValue } from '../../store';
import type { CohortStay } from './cohort-stay';

/**
 * MIMIC-IV's values of admissions.admission_type and icustays.first_careunit (v2.2 and 3.x).
 * The lists are fixed rather than read from the data, so every MIMIC-IV import (the demo,
 * the full database) declares the same categories and a model trained on one reads the
 * other; a value outside them is left out of the stay's inputs and counted in the report.
 */
const ADMISSION_TYPES = [
  'AMBULATORY OBSERVATION',
  'DIRECT EMER.',
  'DIRECT OBSERVATION',
  'ELECTIVE',
  'EU OBSERVATION',
  'EW EMER.',
  'OBSERVATION ADMIT',
  'SURGICAL SAME DAY ADMISSION',
  'URGENT',
];
const CARE_UNITS = [
  'Cardiac Vascular Intensive Care Unit (CVICU)',
  'Coronary Care Unit (CCU)',
  'Medical Intensive Care Unit (MICU)',
  'Medical/Surgical Intensive Care Unit (MICU/SICU)',
  'Neuro Intermediate',
  'Neuro Stepdown',
  'Neuro Surgical Intensive Care Unit (Neuro SICU)',
  'Surgical Intensive Care Unit (SICU)',
  'Trauma SICU (TSICU)',
];
/** As YAIB's cohorts write sex, so inputs of one name mean the same across sources. */
const SEX_OF_GENDER: ReadonlyMap<string, string> = new Map([
  ['F', 'Female'],
  ['M', 'Male'],
]);

/**
 * Weight and height from icu/chartevents, read in the pass that bins the vital signs. The
 * bounds are ricu's for its weight and height concepts, so MIMIC-IV and YAIB cohorts keep
 * the same values.
 */
export const STATIC_CHART_ITEMS: ReadonlyMap<number, { name: string; low: number; high: number }> =
  new Map([
    [226512, { name: 'weight', low: 1, high: 500 }], // Admission Weight (Kg)
    [226730, { name: 'height', low: 10, high: 230 }], // Height (cm)
  ]);

export const MIMIC_STATIC_INPUTS: StaticInputSpec[] = [
  { name: 'age', kind: 'numeric', unit: 'years' },
  { name: 'sex', kind: 'categorical', categories: [...SEX_OF_GENDER.values()] },
  { name: 'admission_type', kind: 'categorical', categories: ADMISSION_TYPES },
  { name: 'first_careunit', kind: 'categorical', categories: CARE_UNITS },
  { name: 'weight', kind: 'numeric', unit: 'kg' },
  { name: 'height', kind: 'numeric', unit: 'cm' },
];

export interface StaticSources {
  /** anchor_age moved to the year of ICU admission; anchor_age is capped at 91 by MIMIC. */
  age: number;
  gender: string;
  admissionType: string;
  firstCareunit: string;
}

/**
 * The static inputs known from the cohort tables, before chartevents adds weight and height.
 * A category MIMIC-IV does not list is left out and passed to `outside`, to be counted.
 */
export function tableStaticInputs(
  source: StaticSources,
  outside: (name: string) => void,
): Record<string, StaticValue> {
  const inputs: Record<string, StaticValue> = { age: source.age };
  const sex = SEX_OF_GENDER.get(source.gender.trim().toUpperCase());
  if (sex !== undefined) inputs.sex = sex;
  const category = (name: string, raw: string, categories: readonly string[]): void => {
    const value = raw.trim();
    if (value === '') return;
    if (categories.includes(value)) inputs[name] = value;
    else outside(name);
  };
  category('admission_type', source.admissionType, ADMISSION_TYPES);
  category('first_careunit', source.firstCareunit, CARE_UNITS);
  return inputs;
}

/**
 * Keeps a charted weight or height charted before the stay's window ends (a prior known at
 * prediction time): the earliest, within the item's bounds. Returns false for a value out
 * of bounds, which the caller counts.
 */
export function chartStaticInput(
  stay: CohortStay,
  item: { name: string; low: number; high: number },
  value: number,
  charttime: number,
): boolean {
  if (value < item.low || value > item.high) return false;
  const kept = stay.chartedStatics.get(item.name);
  if (kept === undefined || charttime < kept.time) {
    stay.chartedStatics.set(item.name, { time: charttime, value });
  }
  return true;
}
