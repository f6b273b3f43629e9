import type { VariableSpec } from '../../../shared/domain';

/**
 * The paper's time-series variables: one table, as cohort.md asks. Item ids checked against
 * the demo's d_items / d_labitems. Plausible ranges bound what a human body can show; values
 * outside them are dropped and counted, never kept.
 */
export interface ClinicalVariable extends VariableSpec {
  chartItems: number[];
  labItems: number[];
  plausible: [number, number];
}

export const CLINICAL_VARIABLES: ClinicalVariable[] = [
  { name: 'heart_rate', unit: 'bpm', chartItems: [220045], labItems: [], plausible: [1, 300] },
  { name: 'sbp', unit: 'mmHg', chartItems: [220050, 220179], labItems: [], plausible: [20, 300] },
  { name: 'dbp', unit: 'mmHg', chartItems: [220051, 220180], labItems: [], plausible: [5, 225] },
  { name: 'mbp', unit: 'mmHg', chartItems: [220052, 220181], labItems: [], plausible: [10, 250] },
  {
    name: 'resp_rate',
    unit: 'breaths/min',
    chartItems: [220210, 224690],
    labItems: [],
    plausible: [1, 80],
  },
  { name: 'spo2', unit: '%', chartItems: [220277], labItems: [], plausible: [40, 100] },
  {
    name: 'temperature',
    unit: '°C',
    chartItems: [223762, 223761],
    labItems: [],
    plausible: [25, 45],
  },
  { name: 'gcs_eye', unit: 'points', chartItems: [220739], labItems: [], plausible: [1, 4] },
  { name: 'gcs_verbal', unit: 'points', chartItems: [223900], labItems: [], plausible: [1, 5] },
  { name: 'gcs_motor', unit: 'points', chartItems: [223901], labItems: [], plausible: [1, 6] },
  { name: 'fio2', unit: '%', chartItems: [223835], labItems: [], plausible: [21, 100] },
  { name: 'lactate', unit: 'mmol/L', chartItems: [], labItems: [50813], plausible: [0.1, 30] },
  { name: 'creatinine', unit: 'mg/dL', chartItems: [], labItems: [50912], plausible: [0.1, 25] },
  { name: 'bun', unit: 'mg/dL', chartItems: [], labItems: [51006], plausible: [1, 300] },
  { name: 'wbc', unit: 'K/uL', chartItems: [], labItems: [51301, 51300], plausible: [0.1, 500] },
  { name: 'hemoglobin', unit: 'g/dL', chartItems: [], labItems: [51222], plausible: [2, 25] },
  { name: 'platelets', unit: 'K/uL', chartItems: [], labItems: [51265], plausible: [1, 2000] },
  { name: 'sodium', unit: 'mEq/L', chartItems: [], labItems: [50983], plausible: [90, 200] },
  { name: 'potassium', unit: 'mEq/L', chartItems: [], labItems: [50971], plausible: [1, 12] },
  { name: 'chloride', unit: 'mEq/L', chartItems: [], labItems: [50902], plausible: [50, 160] },
  { name: 'bicarbonate', unit: 'mEq/L', chartItems: [], labItems: [50882], plausible: [2, 60] },
  {
    name: 'glucose',
    unit: 'mg/dL',
    chartItems: [220621, 225664],
    labItems: [50931],
    plausible: [10, 2000],
  },
  { name: 'bilirubin', unit: 'mg/dL', chartItems: [], labItems: [50885], plausible: [0.05, 80] },
  { name: 'ph', unit: 'pH', chartItems: [], labItems: [50820], plausible: [6.5, 8] },
  { name: 'po2', unit: 'mmHg', chartItems: [], labItems: [50821], plausible: [10, 700] },
  { name: 'pco2', unit: 'mmHg', chartItems: [], labItems: [50818], plausible: [5, 200] },
];

/** Item 223761 is charted in °F; everything else is already in the table's unit. */
export const FAHRENHEIT_ITEMS = new Set([223761]);

export function fahrenheitToCelsius(value: number): number {
  return ((value - 32) * 5) / 9;
}

export const CHEXPERT_LABELS = [
  'No Finding',
  'Enlarged Cardiomediastinum',
  'Cardiomegaly',
  'Lung Opacity',
  'Lung Lesion',
  'Edema',
  'Consolidation',
  'Pneumonia',
  'Atelectasis',
  'Pneumothorax',
  'Pleural Effusion',
  'Pleural Other',
  'Fracture',
  'Support Devices',
];

export const ECG_FIELDS = [
  'rr_interval',
  'p_onset_to_qrs_onset',
  'qrs_duration',
  'qt_interval',
  'qtc',
  'p_axis',
  'qrs_axis',
  't_axis',
  'heart_rate',
];

export const MIMIC_TASKS = ['E1', 'E2', 'E3', 'E4'];
export const TASK_DESCRIPTIONS: Record<string, string> = {
  E1: 'hospital mortality',
  E2: 'ICU stay longer than 7 days',
  E3: 'ICU mortality',
  E4: 'in-hospital death after the 24 h window',
};

export const BIAS_ATTRIBUTES = [
  'sex',
  'age_band',
  'race_ethnicity',
  'insurance',
  'language',
  'admission_type',
];

export function ageBand(age: number): string {
  if (age < 45) return '18-44';
  if (age < 65) return '45-64';
  if (age < 80) return '65-79';
  return '80+';
}
