import { describe, expect, it } from 'vitest';
import {
  CLINICAL_CONCEPTS,
  conceptVariables,
  conceptVector,
  unavailableConcepts,
} from '../../../src/main/core/baselines/concepts';
import { CLINICAL_VARIABLES } from '../../../src/main/core/import/clinical-variables';

const variables = CLINICAL_VARIABLES.map((v) => v.name);

/** A hand-made stay: `hours` bins, everything NaN (not charted) until set. */
function tensor(hours: number) {
  const series = new Float32Array(hours * variables.length * 3).fill(Number.NaN);
  const set = (hour: number, name: string, mean: number, min = mean, max = mean) => {
    const base = (hour * variables.length + variables.indexOf(name)) * 3;
    series.set([mean, min, max], base);
  };
  return { series, set };
}

const positives = (vector: Uint8Array) =>
  CLINICAL_CONCEPTS.filter((_, i) => vector[i] === 1).map((c) => c.id);

describe('clinical concepts', () => {
  it('has 24 distinct concepts, each citing its score and reading known variables', () => {
    expect(CLINICAL_CONCEPTS).toHaveLength(24);
    expect(new Set(CLINICAL_CONCEPTS.map((c) => c.id)).size).toBe(24);
    for (const concept of CLINICAL_CONCEPTS) {
      expect(concept.source.length).toBeGreaterThan(3);
      for (const variable of conceptVariables(concept.rule)) expect(variables).toContain(variable);
    }
    expect(unavailableConcepts(variables)).toEqual([]);
    // A generic cohort without these variables simply cannot express the concept (always 0).
    expect(unavailableConcepts(['heart_rate'])).toHaveLength(23);
  });

  it('flags a concept when any hour crosses its threshold, reading max for "above" and min for "below"', () => {
    const stay = tensor(3);
    // Hour 0: HR mean 85 but max 104 → tachycardia (> 90). SBP min 101: not ≤ 100. MAP min 70:
    // not < 70. Temperature 36.0..38.0: neither > 38 nor < 36. PaO2 without FiO2: no ratio.
    stay.set(0, 'heart_rate', 85, 80, 104);
    stay.set(0, 'sbp', 120, 101, 140);
    stay.set(0, 'mbp', 80, 70, 90);
    stay.set(0, 'temperature', 37, 36, 38);
    stay.set(0, 'po2', 55);
    // Hour 1: pH 7.33 is not < 7.33 (float32-stored boundary); creatinine 1.2 is ≥ 1.2;
    // GCS 2 + 4 + 6 = 12 < 13 but not < 10; PaO2 80 / FiO2 30 % = 267 < 300; RR max 22 ≥ 22;
    // SpO2 min 91 ≤ 91; lactate 2.0 is not > 2.
    stay.set(1, 'ph', 7.35, 7.33, 7.4);
    stay.set(1, 'creatinine', 1.2);
    stay.set(1, 'gcs_eye', 2);
    stay.set(1, 'gcs_verbal', 4);
    stay.set(1, 'gcs_motor', 6);
    stay.set(1, 'po2', 90, 80, 95);
    stay.set(1, 'fio2', 30);
    stay.set(1, 'resp_rate', 18, 16, 22);
    stay.set(1, 'spo2', 95, 91, 98);
    stay.set(1, 'lactate', 2.0);
    // Hour 2: SBP min 100 ≤ 100; WBC min 3.9 < 4, max 11 not > 12; a GCS without the verbal
    // component has no total (eye 1 + motor 3 would otherwise look like coma).
    stay.set(2, 'sbp', 115, 100, 130);
    stay.set(2, 'wbc', 7, 3.9, 11);
    stay.set(2, 'gcs_eye', 1);
    stay.set(2, 'gcs_motor', 3);
    const vector = conceptVector(stay.series, 3, variables);
    expect(vector).toHaveLength(24);
    expect(positives(vector)).toEqual([
      'tachycardia',
      'tachypnoea',
      'low_systolic_bp',
      'leukopenia',
      'low_spo2',
      'pf_ratio_below_300',
      'gcs_below_13',
      'creatinine_1_2',
    ]);
  });

  it('treats a never-charted variable as 0, and flags the severe thresholds', () => {
    const empty = tensor(24);
    expect([...conceptVector(empty.series, 24, variables)].every((c) => c === 0)).toBe(true);
    const sick = tensor(2);
    sick.set(1, 'platelets', 45);
    sick.set(1, 'lactate', 4.0);
    sick.set(0, 'ph', 7.2);
    sick.set(0, 'potassium', 5.5);
    sick.set(0, 'bicarbonate', 17);
    sick.set(0, 'bun', 28);
    sick.set(0, 'bilirubin', 2.0);
    sick.set(0, 'fio2', 50);
    sick.set(1, 'gcs_eye', 1);
    sick.set(1, 'gcs_verbal', 1);
    sick.set(1, 'gcs_motor', 5);
    sick.set(1, 'temperature', 38.5);
    sick.set(1, 'mbp', 62);
    expect(positives(conceptVector(sick.series, 2, variables))).toEqual([
      'low_map',
      'fever',
      'high_fio2',
      'gcs_below_13',
      'gcs_below_10',
      'platelets_below_100',
      'platelets_below_50',
      'bilirubin_2',
      'lactate_above_2',
      'lactate_4',
      'acidaemia',
      'hyperkalaemia',
      'low_bicarbonate',
      'high_bun',
    ]);
  });

  it('rejects a tensor that does not match the schema', () => {
    expect(() => conceptVector(new Float32Array(10), 24, variables)).toThrow(RangeError);
  });
});
