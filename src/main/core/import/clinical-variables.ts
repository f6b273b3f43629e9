import type { VariableSpec } from '../../../shared/domain';
import { PAPER_TASK_OUTCOMES } from '../../../shared/task-titles';

/**
 * The paper's time-series variables: one table, as cohort.md asks. Item ids checked against
 * the demo's d_items / d_labitems. Plausible ranges bound what a human body can show; values
 * outside them are dropped and counted, never kept. Normal ranges are the usual adult
 * reference ranges a flowsheet flags against (both sexes' where they differ); the trace
 * view marks values outside them, they never change what the model or the search sees.
 */
export interface ClinicalVariable extends VariableSpec {
  /** How a clinician names it on a flowsheet. */
  label: string;
  chartItems: number[];
  labItems: number[];
  plausible: [number, number];
  /** null for a ventilator setting (FiO2): it is chosen, not measured, so nothing is abnormal. */
  normal: [number, number] | null;
}

export const CLINICAL_VARIABLES: ClinicalVariable[] = [
  {
    name: 'heart_rate',
    label: 'Heart rate',
    unit: 'bpm',
    chartItems: [220045],
    labItems: [],
    plausible: [1, 300],
    normal: [60, 100],
  },
  {
    name: 'sbp',
    label: 'Systolic BP',
    unit: 'mmHg',
    chartItems: [220050, 220179],
    labItems: [],
    plausible: [20, 300],
    normal: [90, 140],
  },
  {
    name: 'dbp',
    label: 'Diastolic BP',
    unit: 'mmHg',
    chartItems: [220051, 220180],
    labItems: [],
    plausible: [5, 225],
    normal: [60, 90],
  },
  {
    name: 'mbp',
    label: 'Mean BP',
    unit: 'mmHg',
    chartItems: [220052, 220181],
    labItems: [],
    plausible: [10, 250],
    normal: [65, 105],
  },
  {
    name: 'resp_rate',
    label: 'Respiratory rate',
    unit: 'breaths/min',
    chartItems: [220210, 224690],
    labItems: [],
    plausible: [1, 80],
    normal: [12, 20],
  },
  {
    name: 'spo2',
    label: 'SpO₂',
    unit: '%',
    chartItems: [220277],
    labItems: [],
    plausible: [40, 100],
    normal: [94, 100],
  },
  {
    name: 'temperature',
    label: 'Temperature',
    unit: '°C',
    chartItems: [223762, 223761],
    labItems: [],
    plausible: [25, 45],
    normal: [36, 38],
  },
  {
    name: 'gcs_eye',
    label: 'GCS eye',
    unit: 'points',
    chartItems: [220739],
    labItems: [],
    plausible: [1, 4],
    normal: [4, 4],
  },
  {
    name: 'gcs_verbal',
    label: 'GCS verbal',
    unit: 'points',
    chartItems: [223900],
    labItems: [],
    plausible: [1, 5],
    normal: [5, 5],
  },
  {
    name: 'gcs_motor',
    label: 'GCS motor',
    unit: 'points',
    chartItems: [223901],
    labItems: [],
    plausible: [1, 6],
    normal: [6, 6],
  },
  {
    name: 'fio2',
    label: 'FiO₂',
    unit: '%',
    chartItems: [223835],
    labItems: [],
    plausible: [21, 100],
    normal: null,
  },
  {
    name: 'lactate',
    label: 'Lactate',
    unit: 'mmol/L',
    chartItems: [],
    labItems: [50813],
    plausible: [0.1, 30],
    normal: [0.5, 2],
  },
  {
    name: 'creatinine',
    label: 'Creatinine',
    unit: 'mg/dL',
    chartItems: [],
    labItems: [50912],
    plausible: [0.1, 25],
    normal: [0.6, 1.3],
  },
  {
    name: 'bun',
    label: 'BUN',
    unit: 'mg/dL',
    chartItems: [],
    labItems: [51006],
    plausible: [1, 300],
    normal: [7, 20],
  },
  {
    name: 'wbc',
    label: 'WBC',
    unit: 'K/uL',
    chartItems: [],
    labItems: [51301, 51300],
    plausible: [0.1, 500],
    normal: [4, 11],
  },
  {
    name: 'hemoglobin',
    label: 'Hemoglobin',
    unit: 'g/dL',
    chartItems: [],
    labItems: [51222],
    plausible: [2, 25],
    normal: [12, 17.5],
  },
  {
    name: 'platelets',
    label: 'Platelets',
    unit: 'K/uL',
    chartItems: [],
    labItems: [51265],
    plausible: [1, 2000],
    normal: [150, 400],
  },
  {
    name: 'sodium',
    label: 'Sodium',
    unit: 'mEq/L',
    chartItems: [],
    labItems: [50983],
    plausible: [90, 200],
    normal: [135, 145],
  },
  {
    name: 'potassium',
    label: 'Potassium',
    unit: 'mEq/L',
    chartItems: [],
    labItems: [50971],
    plausible: [1, 12],
    normal: [3.5, 5],
  },
  {
    name: 'chloride',
    label: 'Chloride',
    unit: 'mEq/L',
    chartItems: [],
    labItems: [50902],
    plausible: [50, 160],
    normal: [98, 107],
  },
  {
    name: 'bicarbonate',
    label: 'Bicarbonate',
    unit: 'mEq/L',
    chartItems: [],
    labItems: [50882],
    plausible: [2, 60],
    normal: [22, 29],
  },
  {
    name: 'glucose',
    label: 'Glucose',
    unit: 'mg/dL',
    chartItems: [220621, 225664],
    labItems: [50931],
    plausible: [10, 2000],
    normal: [70, 140],
  },
  {
    name: 'bilirubin',
    label: 'Bilirubin (total)',
    unit: 'mg/dL',
    chartItems: [],
    labItems: [50885],
    plausible: [0.05, 80],
    normal: [0.1, 1.2],
  },
  {
    name: 'ph',
    label: 'pH',
    unit: 'pH',
    chartItems: [],
    labItems: [50820],
    plausible: [6.5, 8],
    normal: [7.35, 7.45],
  },
  {
    name: 'po2',
    label: 'pO₂',
    unit: 'mmHg',
    chartItems: [],
    labItems: [50821],
    plausible: [10, 700],
    normal: [80, 100],
  },
  {
    name: 'pco2',
    label: 'pCO₂',
    unit: 'mmHg',
    chartItems: [],
    labItems: [50818],
    plausible: [5, 200],
    normal: [35, 45],
  },
];

/**
 * A cohort's variable as the clinical table knows it: matched by name and unit, so a generic
 * import's "heart_rate" in another unit is never given the wrong label or range.
 */
export function clinicalVariable(name: string, unit: string): ClinicalVariable | undefined {
  return CLINICAL_VARIABLES.find((c) => c.name === name && c.unit === unit);
}

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

export const MIMIC_TASKS = Object.keys(PAPER_TASK_OUTCOMES);
/** The paper's tasks in words: the one list is src/shared/task-titles.ts. */
export const TASK_DESCRIPTIONS = PAPER_TASK_OUTCOMES;

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
