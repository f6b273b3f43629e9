/**
 * The hard concept bottleneck's 24 binary clinical concepts (paper, "Baseline Comparisons"):
 * each a standard severity-score threshold, so a clinician can read the bottleneck. A
 * concept is 1 if ANY hour of the observation window crosses its threshold (an "above"
 * rule reads the hour's max, a "below" rule its min), and 0 otherwise — including when the
 * variable was never charted: missing is "not observed abnormal", as in the scores
 * themselves, which score unmeasured items as normal.
 * Units are the cohort schema's (clinical-variables.ts): °C, mmHg, %, mg/dL, mmol/L, K/uL.
 *
 * Sources: SOFA (Vincent et al., 1996); qSOFA and septic shock (Seymour et al. / Singer et
 * al., Sepsis-3, 2016); SIRS (Bone et al., ACCP/SCCM 1992); APACHE II (Knaus et al., 1985);
 * SAPS II (Le Gall et al., 1993); NEWS2 (Royal College of Physicians, 2017); Surviving
 * Sepsis Campaign (Rhodes et al., 2017).
 */
export type ConceptRule =
  | {
      kind: 'threshold';
      variable: string;
      direction: 'above' | 'below';
      threshold: number;
      inclusive: boolean;
    }
  /** Eye + verbal + motor, using each component's worst (min) value in the hour; all three needed. */
  | { kind: 'gcs-total'; below: number }
  /** PaO2 / (FiO2/100) from the hour's worst values (min PaO2, max FiO2); both needed. */
  | { kind: 'pf-ratio'; below: number };

export interface ClinicalConcept {
  id: string;
  description: string;
  source: string;
  rule: ConceptRule;
}

const above = (variable: string, threshold: number, inclusive: boolean): ConceptRule => ({
  kind: 'threshold',
  variable,
  direction: 'above',
  threshold,
  inclusive,
});
const below = (variable: string, threshold: number, inclusive: boolean): ConceptRule => ({
  kind: 'threshold',
  variable,
  direction: 'below',
  threshold,
  inclusive,
});

export const CLINICAL_CONCEPTS: readonly ClinicalConcept[] = [
  {
    id: 'tachycardia',
    description: 'heart rate > 90 /min',
    source: 'SIRS',
    rule: above('heart_rate', 90, false),
  },
  {
    id: 'tachypnoea',
    description: 'respiratory rate >= 22 /min',
    source: 'qSOFA',
    rule: above('resp_rate', 22, true),
  },
  {
    id: 'low_systolic_bp',
    description: 'systolic BP <= 100 mmHg',
    source: 'qSOFA',
    rule: below('sbp', 100, true),
  },
  {
    id: 'low_map',
    description: 'mean arterial pressure < 70 mmHg',
    source: 'SOFA cardiovascular >= 1',
    rule: below('mbp', 70, false),
  },
  {
    id: 'fever',
    description: 'temperature > 38.0 °C',
    source: 'SIRS',
    rule: above('temperature', 38, false),
  },
  {
    id: 'hypothermia',
    description: 'temperature < 36.0 °C',
    source: 'SIRS',
    rule: below('temperature', 36, false),
  },
  {
    id: 'leukocytosis',
    description: 'WBC > 12 K/uL',
    source: 'SIRS',
    rule: above('wbc', 12, false),
  },
  { id: 'leukopenia', description: 'WBC < 4 K/uL', source: 'SIRS', rule: below('wbc', 4, false) },
  {
    id: 'low_spo2',
    description: 'SpO2 <= 91 %',
    source: 'NEWS2 (SpO2 scale 1, 3 points)',
    rule: below('spo2', 91, true),
  },
  {
    id: 'pf_ratio_below_300',
    description: 'PaO2/FiO2 < 300',
    source: 'SOFA respiration >= 2',
    rule: { kind: 'pf-ratio', below: 300 },
  },
  {
    id: 'high_fio2',
    description: 'FiO2 >= 50 %',
    source: 'APACHE II oxygenation (A-aDO2 branch)',
    rule: above('fio2', 50, true),
  },
  {
    id: 'gcs_below_13',
    description: 'GCS total < 13',
    source: 'SOFA CNS >= 2',
    rule: { kind: 'gcs-total', below: 13 },
  },
  {
    id: 'gcs_below_10',
    description: 'GCS total < 10',
    source: 'SOFA CNS >= 3',
    rule: { kind: 'gcs-total', below: 10 },
  },
  {
    id: 'platelets_below_100',
    description: 'platelets < 100 K/uL',
    source: 'SOFA coagulation >= 2',
    rule: below('platelets', 100, false),
  },
  {
    id: 'platelets_below_50',
    description: 'platelets < 50 K/uL',
    source: 'SOFA coagulation >= 3',
    rule: below('platelets', 50, false),
  },
  {
    id: 'bilirubin_2',
    description: 'bilirubin >= 2.0 mg/dL',
    source: 'SOFA liver >= 2',
    rule: above('bilirubin', 2, true),
  },
  {
    id: 'creatinine_1_2',
    description: 'creatinine >= 1.2 mg/dL',
    source: 'SOFA renal >= 1',
    rule: above('creatinine', 1.2, true),
  },
  {
    id: 'creatinine_2_0',
    description: 'creatinine >= 2.0 mg/dL',
    source: 'SOFA renal >= 2',
    rule: above('creatinine', 2, true),
  },
  {
    id: 'lactate_above_2',
    description: 'lactate > 2 mmol/L',
    source: 'Sepsis-3 septic shock',
    rule: above('lactate', 2, false),
  },
  {
    id: 'lactate_4',
    description: 'lactate >= 4 mmol/L',
    source: 'Surviving Sepsis Campaign hypoperfusion',
    rule: above('lactate', 4, true),
  },
  {
    id: 'acidaemia',
    description: 'arterial pH < 7.33',
    source: 'APACHE II arterial pH >= 2 points',
    rule: below('ph', 7.33, false),
  },
  {
    id: 'hyperkalaemia',
    description: 'potassium >= 5.5 mEq/L',
    source: 'APACHE II potassium >= 1 point',
    rule: above('potassium', 5.5, true),
  },
  {
    id: 'low_bicarbonate',
    description: 'bicarbonate < 20 mEq/L',
    source: 'SAPS II bicarbonate',
    rule: below('bicarbonate', 20, false),
  },
  {
    id: 'high_bun',
    description: 'BUN >= 28 mg/dL',
    source: 'SAPS II serum urea',
    rule: above('bun', 28, true),
  },
];

const MEAN = 0;
const MIN = 1;
const MAX = 2;

/** Reads a stay's hourly tensor (hours × variables × [mean, min, max], NaN = not charted). */
class HourlyTensor {
  private readonly index: Map<string, number>;

  constructor(
    private readonly series: Float32Array,
    readonly hours: number,
    variables: readonly string[],
  ) {
    if (series.length !== hours * variables.length * 3) {
      throw new RangeError(
        `series holds ${series.length} values, not ${hours} × ${variables.length} × 3`,
      );
    }
    this.index = new Map(variables.map((name, v) => [name, v]));
  }

  has(variable: string): boolean {
    return this.index.has(variable);
  }

  /** The hour's statistic, falling back to the mean if min/max were not kept; NaN if not charted. */
  value(hour: number, variable: string, statistic: typeof MIN | typeof MAX): number {
    const v = this.index.get(variable);
    if (v === undefined) return Number.NaN;
    const base = (hour * this.index.size + v) * 3;
    const extreme = this.series[base + statistic]!;
    return Number.isNaN(extreme) ? this.series[base + MEAN]! : extreme;
  }
}

/**
 * Compared in float32, the precision the tensor stores: a charted pH of 7.33 is stored as
 * fround(7.33) < 7.33, and must not count as "pH < 7.33".
 */
function crosses(value: number, rule: Extract<ConceptRule, { kind: 'threshold' }>): boolean {
  if (Number.isNaN(value)) return false;
  const t = Math.fround(rule.threshold);
  if (rule.direction === 'above') return rule.inclusive ? value >= t : value > t;
  return rule.inclusive ? value <= t : value < t;
}

function presentInHour(tensor: HourlyTensor, hour: number, rule: ConceptRule): boolean {
  switch (rule.kind) {
    case 'threshold':
      return crosses(
        tensor.value(hour, rule.variable, rule.direction === 'above' ? MAX : MIN),
        rule,
      );
    case 'gcs-total': {
      const total =
        tensor.value(hour, 'gcs_eye', MIN) +
        tensor.value(hour, 'gcs_verbal', MIN) +
        tensor.value(hour, 'gcs_motor', MIN);
      return !Number.isNaN(total) && total < rule.below;
    }
    case 'pf-ratio': {
      const ratio = tensor.value(hour, 'po2', MIN) / (tensor.value(hour, 'fio2', MAX) / 100);
      return Number.isFinite(ratio) && ratio < rule.below;
    }
  }
}

/** The variables a concept reads. */
export function conceptVariables(rule: ConceptRule): string[] {
  switch (rule.kind) {
    case 'threshold':
      return [rule.variable];
    case 'gcs-total':
      return ['gcs_eye', 'gcs_verbal', 'gcs_motor'];
    case 'pf-ratio':
      return ['po2', 'fio2'];
  }
}

/** One 0/1 per CLINICAL_CONCEPTS entry, from a stay's raw (unstandardised) hourly tensor. */
export function conceptVector(
  series: Float32Array,
  hours: number,
  variables: readonly string[],
): Uint8Array {
  const tensor = new HourlyTensor(series, hours, variables);
  return Uint8Array.from(CLINICAL_CONCEPTS, (concept) => {
    for (let hour = 0; hour < hours; hour++)
      if (presentInHour(tensor, hour, concept.rule)) return 1;
    return 0;
  });
}

/** Concepts a cohort's schema cannot express (always 0 there): to say so in reports. */
export function unavailableConcepts(variables: readonly string[]): string[] {
  const known = new Set(variables);
  return CLINICAL_CONCEPTS.filter((c) => !conceptVariables(c.rule).every((v) => known.has(v))).map(
    (c) => c.id,
  );
}
