/**
 * A stay's attributes and categorical inputs in words, as a clinician reads them on a
 * banner: "Emergency (through the emergency ward)" for MIMIC-IV's "EW EMER.", "Female" for
 * "F". Only codes known to mean one thing are mapped; anything else is shown as recorded,
 * so a new source's values are never guessed at. Callers keep the raw code for a tooltip.
 */

/** MIMIC-IV admissions.admission_type (v2.2 and 3.x), which the demo cohort also uses. */
const ADMISSION_TYPE_WORDS: Readonly<Record<string, string>> = {
  'AMBULATORY OBSERVATION': 'Ambulatory observation',
  'DIRECT EMER.': 'Emergency (direct admission)',
  'DIRECT OBSERVATION': 'Observation (direct admission)',
  ELECTIVE: 'Elective',
  'EU OBSERVATION': 'Observation in the emergency unit',
  'EW EMER.': 'Emergency (through the emergency ward)',
  'OBSERVATION ADMIT': 'Observation admission',
  'SURGICAL SAME DAY ADMISSION': 'Surgical same-day admission',
  URGENT: 'Urgent',
};

const SEX_WORDS: Readonly<Record<string, string>> = {
  f: 'Female',
  female: 'Female',
  m: 'Male',
  male: 'Male',
};

/** The demo cohort's care units (its monitoring scenarios, src/main/core/import/demo/scenario.ts). */
const CARE_UNIT_WORDS: Readonly<Record<string, string>> = {
  CCU: 'Coronary care unit (CCU)',
  CVICU: 'Cardiovascular ICU (CVICU)',
  MICU: 'Medical ICU (MICU)',
  'Neuro ICU': 'Neurological ICU',
  SICU: 'Surgical ICU (SICU)',
};

/** Values the importers write for "not recorded" (src/main/core/import/*). */
const NOT_RECORDED = new Set(['', 'unknown']);

/** "65-79" → "65–79 years", "80+" → "80 years or older". */
function ageBandWords(band: string): string {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(band);
  if (range) return `${range[1]}–${range[2]} years`;
  const open = /^(\d+)\+$/.exec(band);
  return open ? `${open[1]} years or older` : band;
}

/** Names the importers give attributes and static inputs, as a chart labels them. */
const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  age: 'Age',
  age_band: 'Age band',
  sex: 'Sex',
  admission_type: 'Admission type',
  first_careunit: 'First care unit',
  care_unit: 'Care unit',
  // MIMIC-IV's three-year span of a patient's real admission years (its dates are shifted).
  anchor_year_group: 'Anchor year group',
  weight: 'Weight',
  height: 'Height',
  race_ethnicity: 'Race and ethnicity',
  insurance: 'Insurance',
  language: 'Language',
};

/** "First care unit" for first_careunit; a name not known here is shown as given. */
export function attributeName(name: string): string {
  return ATTRIBUTE_NAMES[name] ?? name;
}

/** An attribute's value in words; null where it was not recorded. */
export function attributeWords(name: string, value: string | null): string | null {
  if (value === null || NOT_RECORDED.has(value.trim().toLowerCase())) return null;
  switch (name) {
    case 'admission_type':
      return ADMISSION_TYPE_WORDS[value] ?? value;
    case 'sex':
      return SEX_WORDS[value.toLowerCase()] ?? value;
    case 'age_band':
      return ageBandWords(value);
    case 'care_unit':
      return CARE_UNIT_WORDS[value] ?? value;
    default:
      return value;
  }
}
