/**
 * Which standard clinical concept a cohort's variable is, whatever the cohort calls it: the
 * product's own names (heart_rate), ricu's concepts as YAIB exports them (hr, crea), and the
 * PhysioNet 2012/2019 challenge names (HR, NIDiasABP, Creatinine). The trace groups and
 * orders variables by it, so every cohort's stay reads like a flowsheet, vital signs first,
 * instead of in the order (or the alphabet) of its files. docs/variable-concepts.md explains
 * the mapping; it only changes how variables are shown, never what the model reads.
 */

/** Flowsheet sections, in the order a ward round reads them. */
export const CONCEPT_GROUPS = [
  'vital signs',
  'neurological',
  'respiratory support',
  'blood gas',
  'chemistry',
  'haematology',
  'coagulation',
  'fluids',
  'other',
] as const;

export type ConceptGroup = (typeof CONCEPT_GROUPS)[number];

export interface VariableConcept {
  /** The standard concept ("heart_rate"), or null for a name the mapping does not know. */
  id: string | null;
  group: ConceptGroup;
  /** Its name in a list of what an hour charted ("HR", "SpO₂"); the cohort's own if unknown. */
  short: string;
}

export interface KnownConcept {
  id: string;
  short: string;
  /** Names cohorts use for it, compared after `nameKey` (case, spaces, _ and - ignored). */
  names: readonly string[];
}

/**
 * The mapping, group by group and in bedside order within each group. A concept's id is
 * always one of its names. Invasive and non-invasive pressures stay apart: PhysioNet 2012
 * charts both, and a reader must know which one an hour had.
 */
export const VARIABLE_CONCEPTS: readonly {
  group: Exclude<ConceptGroup, 'other'>;
  concepts: readonly KnownConcept[];
}[] = [
  {
    group: 'vital signs',
    concepts: [
      { id: 'heart_rate', short: 'HR', names: ['heart_rate', 'hr', 'pulse'] },
      { id: 'sbp', short: 'SBP', names: ['sbp', 'sysabp', 'systolic_bp', 'abp_systolic'] },
      { id: 'dbp', short: 'DBP', names: ['dbp', 'diasabp', 'diastolic_bp', 'abp_diastolic'] },
      { id: 'mbp', short: 'MAP', names: ['mbp', 'map', 'mean_bp', 'abp_mean'] },
      { id: 'nisbp', short: 'NI SBP', names: ['nisbp', 'nisysabp', 'nbp_systolic'] },
      { id: 'nidbp', short: 'NI DBP', names: ['nidbp', 'nidiasabp', 'nbp_diastolic'] },
      { id: 'nimbp', short: 'NI MAP', names: ['nimbp', 'nimap', 'nbp_mean'] },
      {
        id: 'resp_rate',
        short: 'RR',
        names: ['resp_rate', 'resp', 'respiratory_rate', 'respiration'],
      },
      { id: 'spo2', short: 'SpO₂', names: ['spo2', 'o2sat', 'o2_saturation', 'oxygen_saturation'] },
      { id: 'temperature', short: 'temp', names: ['temperature', 'temp'] },
    ],
  },
  {
    group: 'neurological',
    concepts: [
      { id: 'gcs', short: 'GCS', names: ['gcs', 'gcs_total'] },
      { id: 'gcs_eye', short: 'GCS E', names: ['gcs_eye', 'egcs'] },
      { id: 'gcs_verbal', short: 'GCS V', names: ['gcs_verbal', 'vgcs'] },
      { id: 'gcs_motor', short: 'GCS M', names: ['gcs_motor', 'mgcs'] },
    ],
  },
  {
    group: 'respiratory support',
    concepts: [
      { id: 'fio2', short: 'FiO₂', names: ['fio2'] },
      { id: 'peep', short: 'PEEP', names: ['peep'] },
      { id: 'etco2', short: 'EtCO₂', names: ['etco2', 'end_tidal_co2'] },
      { id: 'mech_vent', short: 'ventilation', names: ['mech_vent', 'vent'] },
    ],
  },
  {
    group: 'blood gas',
    concepts: [
      { id: 'ph', short: 'pH', names: ['ph'] },
      { id: 'po2', short: 'pO₂', names: ['po2', 'pao2'] },
      { id: 'pco2', short: 'pCO₂', names: ['pco2', 'paco2'] },
      { id: 'sao2', short: 'SaO₂', names: ['sao2'] },
      { id: 'base_excess', short: 'BE', names: ['base_excess', 'be'] },
      { id: 'lactate', short: 'lactate', names: ['lactate', 'lact', 'lactic_acid'] },
      { id: 'ionised_calcium', short: 'iCa', names: ['ionised_calcium', 'cai', 'ionized_calcium'] },
      { id: 'methemoglobin', short: 'MetHb', names: ['methemoglobin', 'methb'] },
    ],
  },
  {
    group: 'chemistry',
    concepts: [
      { id: 'sodium', short: 'Na', names: ['sodium', 'na'] },
      { id: 'potassium', short: 'K', names: ['potassium', 'k'] },
      { id: 'chloride', short: 'Cl', names: ['chloride', 'cl'] },
      { id: 'bicarbonate', short: 'HCO₃', names: ['bicarbonate', 'bicar', 'hco3'] },
      { id: 'bun', short: 'BUN', names: ['bun', 'urea', 'urea_nitrogen'] },
      { id: 'creatinine', short: 'creatinine', names: ['creatinine', 'crea', 'creat'] },
      { id: 'glucose', short: 'glucose', names: ['glucose', 'glu'] },
      { id: 'calcium', short: 'Ca', names: ['calcium', 'ca'] },
      { id: 'magnesium', short: 'Mg', names: ['magnesium', 'mg'] },
      { id: 'phosphate', short: 'phosphate', names: ['phosphate', 'phos', 'phosphorus'] },
      {
        id: 'bilirubin',
        short: 'bilirubin',
        names: ['bilirubin', 'bili', 'bilirubin_total', 'total_bilirubin'],
      },
      {
        id: 'bilirubin_direct',
        short: 'direct bilirubin',
        names: ['bilirubin_direct', 'bili_dir', 'direct_bilirubin'],
      },
      { id: 'alp', short: 'ALP', names: ['alp', 'alkalinephos', 'alkaline_phosphatase'] },
      { id: 'alt', short: 'ALT', names: ['alt', 'alanine_aminotransferase'] },
      { id: 'ast', short: 'AST', names: ['ast', 'aspartate_aminotransferase'] },
      { id: 'albumin', short: 'albumin', names: ['albumin', 'alb'] },
      { id: 'ck', short: 'CK', names: ['ck', 'cpk', 'creatine_kinase'] },
      { id: 'ckmb', short: 'CK-MB', names: ['ckmb'] },
      { id: 'troponin_t', short: 'troponin T', names: ['troponin_t', 'tnt'] },
      { id: 'troponin_i', short: 'troponin I', names: ['troponin_i', 'tni'] },
      { id: 'crp', short: 'CRP', names: ['crp', 'c_reactive_protein'] },
      { id: 'cholesterol', short: 'cholesterol', names: ['cholesterol'] },
    ],
  },
  {
    group: 'haematology',
    concepts: [
      { id: 'hemoglobin', short: 'Hb', names: ['hemoglobin', 'hgb', 'hb', 'haemoglobin'] },
      { id: 'hematocrit', short: 'Hct', names: ['hematocrit', 'hct', 'haematocrit'] },
      { id: 'wbc', short: 'WBC', names: ['wbc', 'white_blood_cells', 'leukocytes'] },
      { id: 'platelets', short: 'platelets', names: ['platelets', 'plt', 'platelet_count'] },
      { id: 'neutrophils', short: 'neutrophils', names: ['neutrophils', 'neut'] },
      { id: 'band_neutrophils', short: 'bands', names: ['band_neutrophils', 'bnd', 'bands'] },
      { id: 'lymphocytes', short: 'lymphocytes', names: ['lymphocytes', 'lymph'] },
      { id: 'mcv', short: 'MCV', names: ['mcv'] },
      { id: 'mch', short: 'MCH', names: ['mch'] },
      { id: 'mchc', short: 'MCHC', names: ['mchc'] },
    ],
  },
  {
    group: 'coagulation',
    concepts: [
      { id: 'inr', short: 'INR', names: ['inr', 'inr_pt', 'pt_inr'] },
      { id: 'pt', short: 'PT', names: ['pt', 'prothrombin_time'] },
      { id: 'ptt', short: 'PTT', names: ['ptt', 'aptt'] },
      { id: 'fibrinogen', short: 'fibrinogen', names: ['fibrinogen', 'fgn'] },
    ],
  },
  {
    group: 'fluids',
    concepts: [{ id: 'urine', short: 'urine', names: ['urine', 'urine_output'] }],
  },
];

/**
 * Vital-sign concepts drawn together on one chart (the queue's, the PDF's example traces):
 * their values share one plausible axis, where a temperature's 36–38 would lie flat.
 */
export const SHARED_AXIS_VITALS: readonly string[] = [
  'heart_rate',
  'mbp',
  'nimbp',
  'resp_rate',
  'spo2',
];

/** Names compared without case, spaces, _ or -, and with ₂ read as 2: "O2Sat" is "o2_sat". */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

interface RankedConcept {
  concept: VariableConcept;
  /** Position in the mapping: the flowsheet's row order. */
  rank: number;
}

const BY_NAME: ReadonlyMap<string, RankedConcept> = new Map(
  VARIABLE_CONCEPTS.flatMap(({ group, concepts }) =>
    concepts.map((c) => ({ group, ...c })),
  ).flatMap(({ group, id, short, names }, rank) =>
    names.map((name) => [nameKey(name), { concept: { id, group, short }, rank }] as const),
  ),
);

/** A variable's name as a reader says it: "heart_rate" is "heart rate", "gcs_eye" "gcs eye". */
export function variableWords(name: string): string {
  return name.replace(/_/g, ' ');
}

/** A variable read as itself: a name the mapping does not know, or any non-clinical one. */
export function ownConcept(name: string): VariableConcept {
  return { id: null, group: 'other', short: name };
}

export function conceptOf(name: string): VariableConcept {
  return BY_NAME.get(nameKey(name))?.concept ?? ownConcept(name);
}

/**
 * Items in display order: by concept, group by group; names the mapping does not know last,
 * in the order the cohort gave them (the sort is stable).
 */
export function inConceptOrder<T>(items: readonly T[], name: (item: T) => string): T[] {
  const rank = (item: T) => BY_NAME.get(nameKey(name(item)))?.rank ?? Number.POSITIVE_INFINITY;
  return [...items].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra === rb ? 0 : ra < rb ? -1 : 1;
  });
}

/** Consecutive items of one group, in the items' order: the flowsheet's sections. */
export function conceptSections<T>(
  items: readonly T[],
  group: (item: T) => ConceptGroup,
): { group: ConceptGroup; items: T[] }[] {
  const sections: { group: ConceptGroup; items: T[] }[] = [];
  for (const item of items) {
    const last = sections.at(-1);
    if (last?.group === group(item)) last.items.push(item);
    else sections.push({ group: group(item), items: [item] });
  }
  return sections;
}
