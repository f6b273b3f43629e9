import { CLINICAL_VARIABLES } from '../clinical-variables';
import { HourlyBins } from '../hourly-bins';

/** The window the generator charts: the paper's 24 hourly bins from t0. */
export const WINDOW_HOURS = 24;

export type VariableName =
  | 'heart_rate'
  | 'sbp'
  | 'dbp'
  | 'mbp'
  | 'resp_rate'
  | 'spo2'
  | 'temperature'
  | 'gcs_eye'
  | 'gcs_verbal'
  | 'gcs_motor'
  | 'fio2'
  | 'lactate'
  | 'creatinine'
  | 'bun'
  | 'wbc'
  | 'hemoglobin'
  | 'platelets'
  | 'sodium'
  | 'potassium'
  | 'chloride'
  | 'bicarbonate'
  | 'glucose'
  | 'bilirubin'
  | 'ph'
  | 'po2'
  | 'pco2';

const VARIABLE_INDEX = new Map(CLINICAL_VARIABLES.map((variable, index) => [variable.name, index]));

function indexOf(name: VariableName): number {
  const index = VARIABLE_INDEX.get(name);
  // The generator and the MIMIC variable table must agree; a rename there must fail here.
  if (index === undefined)
    throw new Error(`Demo generator charts "${name}", which is not a clinical variable`);
  return index;
}

/** Rounds to a charting precision, as monitors and analysers report values. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/**
 * One stay's chart as it is being written: values land in hourly bins exactly as an
 * importer would bin real charted rows, and physiologically impossible values (monitor
 * artefacts the generator also simulates) are dropped and counted, as cohort.md requires.
 */
export class Chart {
  readonly bins = new HourlyBins(WINDOW_HOURS, CLINICAL_VARIABLES.length);
  /** Variable index of every value dropped as implausible, in charting order. */
  readonly dropped: number[] = [];
  private readonly silenced = new Set<number>();

  /**
   * Discards every later value of one variable, as when an interface overwrites a
   * device's readings. The spurious-feature artefact uses it; draws are unaffected, so the
   * rest of the stay stays identical to the clean cohort's.
   */
  silence(name: VariableName): void {
    this.silenced.add(indexOf(name));
  }

  /** Charts a value even into a silenced variable: the artefact itself. */
  force(name: VariableName, time: number, value: number): void {
    this.bins.add(Math.floor(time), indexOf(name), value);
  }

  /** Charts one value at `time` hours after t0 (fractional: the minute matters for binning). */
  record(name: VariableName, time: number, value: number): void {
    if (time < 0 || time >= WINDOW_HOURS) return;
    const index = indexOf(name);
    if (this.silenced.has(index)) return;
    const [low, high] = CLINICAL_VARIABLES[index]!.plausible;
    if (!(value >= low && value <= high)) {
      this.dropped.push(index);
      return;
    }
    this.bins.add(Math.floor(time), index, value);
  }
}
