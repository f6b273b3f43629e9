import { ageBand, BIAS_ATTRIBUTES } from '../clinical-variables';

export const UNKNOWN = 'Unknown';

/** MIMIC's ways of saying the race was not recorded. */
const RACE_NOT_RECORDED = new Set([
  '',
  'UNKNOWN',
  'UNABLE TO OBTAIN',
  'PATIENT DECLINED TO ANSWER',
]);

/**
 * Groups MIMIC-IV's detailed race strings ("WHITE - BRAZILIAN", "HISPANIC/LATINO - CUBAN",
 * ...) into the categories a bias audit can compare: White, Black, Hispanic/Latino, Asian,
 * Other, Unknown. The grouping follows MIMIC's own prefixes; PORTUGUESE is White (a European
 * origin, as the US census counts it) and SOUTH AMERICAN is Hispanic/Latino. Groups too small
 * to audit on their own (American Indian/Alaska Native, Native Hawaiian/Pacific Islander,
 * multiple races) join Other.
 */
export function raceGroup(race: string): string {
  const value = race.trim().toUpperCase();
  if (RACE_NOT_RECORDED.has(value)) return UNKNOWN;
  if (value.startsWith('WHITE') || value === 'PORTUGUESE') return 'White';
  if (value.startsWith('BLACK')) return 'Black';
  if (value.startsWith('HISPANIC') || value === 'SOUTH AMERICAN') return 'Hispanic/Latino';
  if (value.startsWith('ASIAN')) return 'Asian';
  return 'Other';
}

/** MIMIC-IV 2.x writes "?" for a language it did not record; later versions name languages. */
export function languageGroup(language: string): string {
  const value = language.trim();
  if (value === '' || value === '?') return UNKNOWN;
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

export function sexOf(gender: string): string {
  switch (gender.trim().toUpperCase()) {
    case 'F':
      return 'female';
    case 'M':
      return 'male';
    default:
      return UNKNOWN;
  }
}

function orUnknown(value: string): string {
  const trimmed = value.trim();
  return trimmed === '' ? UNKNOWN : trimmed;
}

/**
 * What monitoring groups MIMIC-IV's stays by (docs/monitoring.md): the ICU stay's care unit
 * (icustays.first_careunit, as written) and the patient's anchor_year_group (patients.csv,
 * e.g. "2011 - 2013"). MIMIC-IV shifts each patient's dates by its own offset, so the years
 * of t0 say nothing about when a stay happened; anchor_year_group is the only real period.
 */
export const MONITORING_ATTRIBUTES = ['care_unit', 'anchor_year_group'] as const;

/** Every attribute a MIMIC-IV stay carries: the bias audit's, then monitoring's. */
export const MIMIC_ATTRIBUTES: readonly string[] = [...BIAS_ATTRIBUTES, ...MONITORING_ATTRIBUTES];

export interface AttributeSources {
  gender: string;
  age: number;
  race: string;
  insurance: string;
  language: string;
  admissionType: string;
  /** icustays.first_careunit. */
  firstCareunit: string;
  /** patients.anchor_year_group. */
  anchorYearGroup: string;
}

/** The attributes of one stay (MIMIC_ATTRIBUTES, in that order); "Unknown" where blank. */
export function stayAttributes(source: AttributeSources): Record<string, string> {
  return {
    sex: sexOf(source.gender),
    age_band: ageBand(source.age),
    race_ethnicity: raceGroup(source.race),
    insurance: orUnknown(source.insurance),
    language: languageGroup(source.language),
    admission_type: orUnknown(source.admissionType),
    care_unit: orUnknown(source.firstCareunit),
    anchor_year_group: orUnknown(source.anchorYearGroup),
  };
}
