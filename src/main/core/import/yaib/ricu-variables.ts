import type { VariableSpec } from '../../../../shared/domain';
import { CLINICAL_VARIABLES } from '../clinical-variables';
import { ParquetInputError } from './parquet-table';

/**
 * ricu's hourly concepts as YAIB exports them (dyn.parquet's columns), and what each becomes
 * in ToE Audit: the one table of the mapping (docs/data-format.md, "YAIB / ricu cohorts").
 *
 * A concept with `product` becomes that variable of clinical-variables.ts, with its name,
 * unit and plausible range. Every such concept's ricu unit is the product's unit (checked
 * by `sameUnit` below and by the tests), so no value is converted: ricu has already
 * converted at source (°F to °C, FiO₂ fractions to %, mmol/L to mg/dL …). A concept without
 * `product` is kept as a variable of its own, under ricu's name and unit, with the
 * plausible range given here. ricu drops values outside its own concept ranges before
 * YAIB writes the files; these ranges are the product's second check, and what falls
 * outside them is dropped and counted like every importer does.
 */
export interface RicuConcept {
  /** ricu's concept name: the dyn.parquet column. */
  concept: string;
  /** ricu's unit, from its concept dictionary ('' where ricu gives none). */
  ricuUnit: string;
  /** The product variable it becomes, or null: kept under its ricu name. */
  product: string | null;
  /** What the concept is, in words. */
  description: string;
  /** For a concept kept as its own variable: the plausible range (inclusive). */
  plausible?: [number, number];
}

export const RICU_CONCEPTS: readonly RicuConcept[] = [
  // Mapped onto the product's variables.
  { concept: 'hr', ricuUnit: 'bpm', product: 'heart_rate', description: 'heart rate' },
  { concept: 'sbp', ricuUnit: 'mmHg', product: 'sbp', description: 'systolic blood pressure' },
  { concept: 'dbp', ricuUnit: 'mmHg', product: 'dbp', description: 'diastolic blood pressure' },
  { concept: 'map', ricuUnit: 'mmHg', product: 'mbp', description: 'mean arterial pressure' },
  { concept: 'resp', ricuUnit: 'insp/min', product: 'resp_rate', description: 'respiratory rate' },
  { concept: 'o2sat', ricuUnit: '%', product: 'spo2', description: 'oxygen saturation' },
  { concept: 'temp', ricuUnit: 'C', product: 'temperature', description: 'temperature' },
  { concept: 'fio2', ricuUnit: '%', product: 'fio2', description: 'fraction of inspired oxygen' },
  { concept: 'lact', ricuUnit: 'mmol/L', product: 'lactate', description: 'lactate' },
  { concept: 'crea', ricuUnit: 'mg/dL', product: 'creatinine', description: 'creatinine' },
  { concept: 'bun', ricuUnit: 'mg/dL', product: 'bun', description: 'blood urea nitrogen' },
  { concept: 'wbc', ricuUnit: 'K/uL', product: 'wbc', description: 'white blood cell count' },
  { concept: 'hgb', ricuUnit: 'g/dL', product: 'hemoglobin', description: 'hemoglobin' },
  { concept: 'plt', ricuUnit: 'K/uL', product: 'platelets', description: 'platelet count' },
  { concept: 'na', ricuUnit: 'mEq/L', product: 'sodium', description: 'sodium' },
  { concept: 'k', ricuUnit: 'mEq/L', product: 'potassium', description: 'potassium' },
  { concept: 'cl', ricuUnit: 'mEq/L', product: 'chloride', description: 'chloride' },
  { concept: 'bicar', ricuUnit: 'mEq/L', product: 'bicarbonate', description: 'bicarbonate' },
  { concept: 'glu', ricuUnit: 'mg/dL', product: 'glucose', description: 'glucose' },
  { concept: 'bili', ricuUnit: 'mg/dL', product: 'bilirubin', description: 'total bilirubin' },
  { concept: 'ph', ricuUnit: '', product: 'ph', description: 'pH' },
  { concept: 'po2', ricuUnit: 'mmHg', product: 'po2', description: 'partial pressure of O₂' },
  { concept: 'pco2', ricuUnit: 'mmHg', product: 'pco2', description: 'partial pressure of CO₂' },
  // Kept as variables of their own.
  { concept: 'alb', ricuUnit: 'g/dL', product: null, description: 'albumin', plausible: [0.3, 7] },
  {
    concept: 'alp',
    ricuUnit: 'IU/L',
    product: null,
    description: 'alkaline phosphatase',
    plausible: [1, 5000],
  },
  {
    concept: 'alt',
    ricuUnit: 'IU/L',
    product: null,
    description: 'alanine aminotransferase',
    plausible: [1, 20000],
  },
  {
    concept: 'ast',
    ricuUnit: 'IU/L',
    product: null,
    description: 'aspartate aminotransferase',
    plausible: [1, 40000],
  },
  {
    concept: 'be',
    ricuUnit: 'mEq/L',
    product: null,
    description: 'base excess',
    plausible: [-40, 40],
  },
  {
    concept: 'bili_dir',
    ricuUnit: 'mg/dL',
    product: null,
    description: 'direct bilirubin',
    plausible: [0, 50],
  },
  {
    concept: 'bnd',
    ricuUnit: '%',
    product: null,
    description: 'band neutrophils',
    plausible: [0, 100],
  },
  { concept: 'ca', ricuUnit: 'mg/dL', product: null, description: 'calcium', plausible: [2, 20] },
  {
    concept: 'cai',
    ricuUnit: 'mmol/L',
    product: null,
    description: 'ionized calcium',
    plausible: [0.2, 3],
  },
  {
    concept: 'ck',
    ricuUnit: 'IU/L',
    product: null,
    description: 'creatine kinase',
    plausible: [1, 500000],
  },
  {
    concept: 'ckmb',
    ricuUnit: 'ng/mL',
    product: null,
    description: 'creatine kinase MB',
    plausible: [0, 2000],
  },
  {
    concept: 'crp',
    ricuUnit: 'mg/L',
    product: null,
    description: 'C-reactive protein',
    plausible: [0, 1000],
  },
  {
    concept: 'fgn',
    ricuUnit: 'mg/dL',
    product: null,
    description: 'fibrinogen',
    plausible: [10, 2000],
  },
  {
    concept: 'inr_pt',
    ricuUnit: '',
    product: null,
    description: 'prothrombin time, INR',
    plausible: [0.5, 25],
  },
  {
    concept: 'lymph',
    ricuUnit: '%',
    product: null,
    description: 'lymphocytes',
    plausible: [0, 100],
  },
  {
    concept: 'mch',
    ricuUnit: 'pg',
    product: null,
    description: 'mean corpuscular hemoglobin',
    plausible: [10, 60],
  },
  {
    concept: 'mchc',
    ricuUnit: '%',
    product: null,
    description: 'mean corpuscular hemoglobin concentration',
    plausible: [15, 50],
  },
  {
    concept: 'mcv',
    ricuUnit: 'fL',
    product: null,
    description: 'mean corpuscular volume',
    plausible: [40, 160],
  },
  {
    concept: 'methb',
    ricuUnit: '%',
    product: null,
    description: 'methemoglobin',
    plausible: [0, 100],
  },
  {
    concept: 'mg',
    ricuUnit: 'mg/dL',
    product: null,
    description: 'magnesium',
    plausible: [0.2, 15],
  },
  {
    concept: 'neut',
    ricuUnit: '%',
    product: null,
    description: 'neutrophils',
    plausible: [0, 100],
  },
  {
    concept: 'phos',
    ricuUnit: 'mg/dL',
    product: null,
    description: 'phosphate',
    plausible: [0.1, 30],
  },
  {
    concept: 'ptt',
    ricuUnit: 'sec',
    product: null,
    description: 'partial thromboplastin time',
    plausible: [5, 300],
  },
  {
    concept: 'tnt',
    ricuUnit: 'ng/mL',
    product: null,
    description: 'troponin T',
    plausible: [0, 100],
  },
  {
    concept: 'urine',
    ricuUnit: 'mL',
    product: null,
    description: 'urine output',
    plausible: [0, 10000],
  },
];

/** ricu's spelling of a unit where the product spells the same unit differently. */
const UNIT_SYNONYMS: Record<string, string> = { 'insp/min': 'breaths/min', C: '°C', '': 'pH' };

/** True when ricu's unit is the product's unit (same spelling, or a known synonym). */
export function sameUnit(ricuUnit: string, productUnit: string): boolean {
  return ricuUnit === productUnit || UNIT_SYNONYMS[ricuUnit] === productUnit;
}

/** One variable of the cohort's feature schema, with the dyn.parquet column it is read from. */
export interface YaibVariable extends VariableSpec {
  column: string;
  /** True when the variable is the product's (the concept maps onto it). */
  mapped: boolean;
  plausibleMin: number;
  plausibleMax: number;
}

export interface YaibSchema {
  variables: YaibVariable[];
  /** dyn.parquet columns that are not in RICU_CONCEPTS: kept, without unit or range. */
  unknown: string[];
  /** Product variables YAIB's files have no concept for (the GCS components). */
  absent: string[];
}

/**
 * The cohort's feature schema from dyn.parquet's variable columns: first the product's
 * variables that a ricu concept maps onto, in the product's order (so the flowsheet reads
 * like every other clinical cohort's), then every other column in the file's order, under
 * its ricu name.
 */
export function yaibSchema(file: string, columns: readonly string[]): YaibSchema {
  const present = new Set(columns);
  const byConcept = new Map(RICU_CONCEPTS.map((c) => [c.concept, c]));
  const variables: YaibVariable[] = [];
  const absent: string[] = [];
  for (const clinical of CLINICAL_VARIABLES) {
    const concept = RICU_CONCEPTS.find((c) => c.product === clinical.name);
    if (!concept || !present.has(concept.concept)) {
      absent.push(clinical.name);
      continue;
    }
    variables.push({
      name: clinical.name,
      unit: clinical.unit,
      column: concept.concept,
      mapped: true,
      plausibleMin: clinical.plausible[0],
      plausibleMax: clinical.plausible[1],
    });
  }
  const unknown: string[] = [];
  const names = new Set(variables.map((v) => v.name));
  for (const column of columns) {
    const concept = byConcept.get(column);
    if (concept?.product) continue;
    if (names.has(column)) {
      throw new ParquetInputError(
        file,
        null,
        column,
        `the column's name is already the name of the variable ricu's "${RICU_CONCEPTS.find((c) => c.product === column)?.concept}" maps onto; rename one of them`,
      );
    }
    if (!concept) unknown.push(column);
    names.add(column);
    variables.push({
      name: column,
      unit: concept?.ricuUnit ?? '',
      column,
      mapped: false,
      plausibleMin: concept?.plausible?.[0] ?? Number.NEGATIVE_INFINITY,
      plausibleMax: concept?.plausible?.[1] ?? Number.POSITIVE_INFINITY,
    });
  }
  return { variables, unknown, absent };
}
