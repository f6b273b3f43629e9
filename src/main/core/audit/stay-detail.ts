/**
 * One stay's raw data as the trace view shows it: hour-by-hour mean, min and max of every
 * variable (null where nothing was charted), its radiology chunks with the note unit each
 * one is searched as, and its context decoded into words and units. Bounded: the tensor is
 * T × variables × 3 numbers, and each chunk's text is capped.
 */
import type {
  CxrFinding,
  CxrState,
  EcgMeasurement,
  HourlyVariable,
  NoteChunkDetail,
  PatientFacts,
  StaticInputReading,
  StayDetail,
} from '../../../shared/stay-detail';
import type { CohortDetail, VariableSpec } from '../../../shared/domain';
import { conceptOf, inConceptOrder, ownConcept } from '../../../shared/variable-concepts';
import { clinicalVariable } from '../import/clinical-variables';
import { CxrCode, type StaticValue, type Stay } from '../store';

/** Longer chunks are cut: a chunk is three sentences, so this only stops pathological input. */
const MAX_CHUNK_CHARS = 4000;

const CXR_STATES: Record<number, CxrState> = {
  [CxrCode.notMentioned]: 'not mentioned',
  [CxrCode.positive]: 'positive',
  [CxrCode.negative]: 'negative',
  [CxrCode.uncertain]: 'uncertain',
};

/** MIMIC-IV-ECG machine measurements (docs/data-format.md): readable names and units. */
const ECG_FIELD_TEXT: Record<string, { label: string; unit: string }> = {
  rr_interval: { label: 'RR interval', unit: 'ms' },
  p_onset_to_qrs_onset: { label: 'PR interval', unit: 'ms' },
  qrs_duration: { label: 'QRS duration', unit: 'ms' },
  qt_interval: { label: 'QT interval', unit: 'ms' },
  qtc: { label: 'QTc', unit: 'ms' },
  p_axis: { label: 'P axis', unit: '°' },
  qrs_axis: { label: 'QRS axis', unit: '°' },
  t_axis: { label: 'T axis', unit: '°' },
  heart_rate: { label: 'Heart rate', unit: 'bpm' },
};

/** A cohort's variable's label and normal range, where the clinical table knows it. */
function clinicalReading(variable: VariableSpec): Pick<HourlyVariable, 'label' | 'normal'> {
  const known = clinicalVariable(variable.name, variable.unit);
  if (!known) return { label: variable.name, normal: null };
  const normal = known.normal && { low: known.normal[0], high: known.normal[1] };
  return { label: known.label, normal };
}

function hourlyVariables(stay: Stay, cohort: CohortDetail): HourlyVariable[] {
  const { hours, variables } = cohort.featureSchema;
  // A service's "map" or "temp" is no vital sign: a non-clinical cohort keeps its own order.
  const clinical = cohort.report?.clinical !== false;
  const count = variables.length;
  const value = (t: number, v: number, statistic: number): number | null => {
    if (stay.missing[t * count + v] !== 0) return null;
    const x = stay.series[(t * count + v) * 3 + statistic]!;
    return Number.isFinite(x) ? x : null;
  };
  const hourly = variables.map((variable, v) => ({
    name: variable.name,
    unit: variable.unit,
    ...clinicalReading(variable),
    concept: clinical ? conceptOf(variable.name) : ownConcept(variable.name),
    mean: Array.from({ length: hours }, (_, t) => value(t, v, 0)),
    min: Array.from({ length: hours }, (_, t) => value(t, v, 1)),
    max: Array.from({ length: hours }, (_, t) => value(t, v, 2)),
  }));
  return clinical ? inConceptOrder(hourly, (v) => v.name) : hourly;
}

/**
 * Note unit T + j is slot j, which holds the j-th of the most recent `noteSlots` chunks
 * (keptChunkPositions in the models): older chunks are stored but never searched.
 */
function noteChunks(stay: Stay, windows: number, noteSlots: number): NoteChunkDetail[] {
  const first = Math.max(0, stay.notes.length - noteSlots);
  return stay.notes.map((chunk, position) => {
    const truncated = chunk.text.length > MAX_CHUNK_CHARS;
    return {
      position,
      charttime: chunk.charttime,
      text: truncated ? `${chunk.text.slice(0, MAX_CHUNK_CHARS)}…` : chunk.text,
      truncated,
      unit: position >= first ? windows + position - first : null,
    };
  });
}

function cxrFindings(stay: Stay, cohort: CohortDetail): CxrFinding[] | null {
  if (!stay.cxr) return null;
  return cohort.contextSchema.cxrLabels.map((label, i) => ({
    label,
    state: CXR_STATES[stay.cxr![i] ?? CxrCode.notMentioned] ?? 'not mentioned',
  }));
}

function ecgMeasurements(stay: Stay, cohort: CohortDetail): EcgMeasurement[] | null {
  if (!stay.ecg) return null;
  return cohort.contextSchema.ecgFields.map((field, i) => {
    const x = stay.ecg![i];
    const text = ECG_FIELD_TEXT[field] ?? { label: field, unit: '' };
    return { field, ...text, value: x !== undefined && Number.isFinite(x) ? x : null };
  });
}

/**
 * Every static input the cohort declares, with the stay's value or null; modelInputs names
 * those the run's model reads (null outside a run).
 */
function staticReadings(
  cohort: CohortDetail,
  values: ReadonlyMap<string, StaticValue>,
  modelInputs: readonly string[] | null,
): StaticInputReading[] {
  return (cohort.contextSchema.staticInputs ?? []).map((input) => ({
    name: input.name,
    value: values.get(input.name) ?? null,
    unit: input.kind === 'numeric' ? input.unit : '',
    modelInput: modelInputs === null ? null : modelInputs.includes(input.name),
  }));
}

/** The banner's facts: a static input where the cohort has one, else the attribute. */
function patientFacts(
  attributes: Readonly<Record<string, string>>,
  values: ReadonlyMap<string, StaticValue>,
): PatientFacts {
  const text = (input: string, attribute: string): string | null => {
    const value = values.get(input);
    return typeof value === 'string' ? value : (attributes[attribute] ?? null);
  };
  const age = values.get('age');
  return {
    age: typeof age === 'number' && Number.isFinite(age) ? age : null,
    ageBand: attributes.age_band ?? null,
    sex: text('sex', 'sex'),
    admissionType: text('admission_type', 'admission_type'),
    // MIMIC-IV's static input, else the unit attribute monitoring groups by (the demo's).
    careUnit: text('first_careunit', 'care_unit') ?? attributes.first_careunit ?? null,
  };
}

export function stayDetail(
  stay: Stay,
  cohort: CohortDetail,
  noteSlots: number,
  staticValues: ReadonlyMap<string, StaticValue> = new Map(),
  modelInputs: readonly string[] | null = null,
): StayDetail {
  const windows = cohort.featureSchema.hours;
  return {
    stayId: stay.id,
    stayKey: stay.stayKey,
    subjectKey: stay.subjectKey,
    split: stay.split,
    t0: stay.t0,
    losHours: stay.losHours,
    cohort: { id: cohort.id, name: cohort.name, synthetic: cohort.synthetic },
    windows,
    variables: hourlyVariables(stay, cohort),
    notes: noteChunks(stay, windows, noteSlots),
    noteSlots,
    cxr: cxrFindings(stay, cohort),
    ecg: ecgMeasurements(stay, cohort),
    staticInputs: staticReadings(cohort, staticValues, modelInputs),
    outcomes: stay.outcomes,
    attributes: stay.attributes,
    patient: patientFacts(stay.attributes, staticValues),
  };
}
