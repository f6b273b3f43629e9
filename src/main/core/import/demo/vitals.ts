import { roundTo, WINDOW_HOURS, type Chart } from './charting';
import { isVentilated, severityAt, type PatientState } from './patient-state';
import { clamp, type Random } from './random';

/**
 * Bedside vitals as nurses and monitors chart them: heart rate, SpO2 and respiratory rate
 * about hourly, blood pressure hourly (several times an hour with an arterial line),
 * temperature every two to four hours, GCS every one to four, FiO2 only on devices that set
 * it. Gaps come from dropped charting and trips off the unit. Each value is the hidden
 * state plus a slow physiological wander and a reading error.
 */
export interface VitalsContext {
  state: PatientState;
  /** Pulse oximetry reads high on darker skin (occult hypoxaemia): a real, documented bias. */
  oximetryOverestimates: boolean;
}

/** A slow random wander around the state-driven value (AR(1), per vital, per stay). */
class Wander {
  private value: number;
  constructor(
    private readonly rng: Random,
    private readonly sd: number,
    private readonly keep = 0.8,
  ) {
    this.value = rng.normal(0, sd);
  }
  step(): number {
    this.value =
      this.keep * this.value + Math.sqrt(1 - this.keep * this.keep) * this.rng.normal(0, this.sd);
    return this.value;
  }
}

export function chartVitals(
  chart: Chart,
  { state, oximetryOverestimates }: VitalsContext,
  rng: Random,
): void {
  // Per-stay charting habits: how often an hour goes uncharted, and whether this monitor is noisy.
  const dropout = rng.between(0.02, 0.12);
  const noise = rng.chance(0.1) ? rng.between(1.6, 2.4) : 1;
  const offUnit = rng.chance(0.35) ? { from: rng.int(1, 20), hours: rng.int(1, 3) } : null;
  const hr0 = rng.normal(80 + (state.comorbid.afib ? 8 : 0), 11);
  const map0 = rng.normal(84 + 0.1 * (state.age - 60), 9);
  const pulsePressure = clamp(rng.normal(45 + 0.35 * (state.age - 60), 8), 25, 90);
  const rr0 = rng.normal(16, 2);
  const temp0 = rng.normal(36.9, 0.25);
  const feverResponse = rng.chance(0.2) ? -rng.between(0.5, 1.2) : rng.between(0.8, 2);
  const hypertensiveBrain = state.reason === 'intracranial_hemorrhage' || state.reason === 'stroke';
  const wander = {
    hr: new Wander(rng, 6),
    map: new Wander(rng, 5),
    rr: new Wander(rng, 2),
    spo2: new Wander(rng, 1.2),
    temp: new Wander(rng, 0.25, 0.9),
  };
  const tempEvery = rng.chance(0.7) ? 4 : rng.pick([2, 3]);
  const tempOffset = rng.int(0, tempEvery - 1);
  const gcsEvery = state.organs.neuro.start > 0.3 ? rng.pick([1, 1, 2]) : rng.pick([2, 4, 4]);
  const gcsOffset = rng.int(0, gcsEvery - 1);
  const fio2Every = rng.pick([1, 2, 4]);

  for (let hour = 0; hour < WINDOW_HOURS; hour++) {
    const shock = severityAt(state.organs.shock, hour);
    const resp = severityAt(state.organs.respiratory, hour);
    const infection = severityAt(state.organs.infection, hour);
    const neuro = severityAt(state.organs.neuro, hour);
    const acidosis = state.reason === 'dka' ? severityAt(state.organs.renal, hour) : 0;
    const ventilated = isVentilated(state, hour);
    const hr =
      hr0 + 30 * shock + 18 * infection + 10 * resp - (ventilated ? 4 : 0) + wander.hr.step();
    const map =
      map0 -
      32 * shock * (1 - state.pressorMasking) -
      6 * infection +
      (hypertensiveBrain ? 14 * neuro : 0) +
      wander.map.step();
    const rr = ventilated
      ? rng.normal(17, 1.5) + 3 * resp
      : rr0 + 11 * resp + 5 * infection + 8 * acidosis + wander.rr.step();
    const spo2True = 97.5 - 8 * resp - 2 * shock + wander.spo2.step();
    const postOpCooling = state.reason === 'post_op' ? -0.9 * Math.exp(-hour / 4) : 0;
    const temp = temp0 + feverResponse * infection + postOpCooling + wander.temp.step();

    const away = offUnit !== null && hour >= offUnit.from && hour < offUnit.from + offUnit.hours;
    if (away || rng.chance(dropout)) continue;
    const unstable = shock > 0.35 || resp > 0.5;
    const readings = unstable && rng.chance(0.4) ? rng.int(2, 4) : 1;
    for (let r = 0; r < readings; r++) {
      const time = hour + (r === 0 ? rng.between(0, 0.2) : rng.uniform());
      const irregular = state.comorbid.afib ? rng.normal(0, 9) : 0;
      const hrValue = rng.chance(0.002)
        ? 0
        : clamp(hr + irregular + rng.normal(0, 3 * noise), 35, 185);
      chart.record('heart_rate', time, Math.round(hrValue));
      const measured = Math.min(
        100,
        spo2True + (oximetryOverestimates && spo2True < 95 ? rng.between(0.5, 3) : 0),
      );
      const probeOff = rng.chance(0.003);
      chart.record(
        'spo2',
        time,
        Math.round(
          probeOff ? rng.between(10, 39) : clamp(measured + rng.normal(0, noise), 70, 100),
        ),
      );
      chart.record('resp_rate', time, Math.round(clamp(rr + rng.normal(0, 2 * noise), 5, 50)));
    }
    const bpReadings = state.arterialLine ? rng.int(1, unstable ? 4 : 2) : rng.chance(0.15) ? 2 : 1;
    for (let r = 0; r < bpReadings; r++) {
      const time = hour + rng.uniform();
      const m = clamp(map + rng.normal(0, 3 * noise), 35, 150);
      const pp = pulsePressure * (1 - 0.25 * shock) + rng.normal(0, 4);
      chart.record('mbp', time, Math.round(m));
      chart.record('sbp', time, Math.round(clamp(m + (2 / 3) * pp, 50, 240)));
      chart.record('dbp', time, Math.round(clamp(m - pp / 3, 20, 130)));
    }
    if ((hour - tempOffset) % tempEvery === 0 || (temp > 38.3 && rng.chance(0.3))) {
      // Now and then a Fahrenheit value lands in the Celsius field: dropped as implausible.
      const value = rng.chance(0.01)
        ? roundTo(temp * 1.8 + 32, 1)
        : roundTo(clamp(temp + rng.normal(0, 0.1), 33, 41.5), 1);
      chart.record('temperature', hour + rng.uniform(), value);
    }
    if ((hour - gcsOffset) % gcsEvery === 0 && rng.chance(0.9))
      chartGcs(chart, state, hour, neuro, ventilated, rng);
    if (hour % fio2Every === 0) chartFio2(chart, hour, resp, ventilated, rng);
  }
}

function chartGcs(
  chart: Chart,
  state: PatientState,
  hour: number,
  neuro: number,
  ventilated: boolean,
  rng: Random,
): void {
  const sedation = ventilated ? rng.between(0.2, 0.7) : 0;
  const depth = clamp(neuro + sedation + rng.normal(0, 0.08), 0, 1);
  const time = hour + rng.uniform();
  const frail = state.age > 80 && rng.chance(0.3) ? 1 : 0;
  chart.record('gcs_eye', time, clamp(Math.round(4 - 3 * depth), 1, 4));
  // An intubated patient cannot speak: charted as 1 ("no response, ETT").
  chart.record(
    'gcs_verbal',
    time,
    ventilated ? 1 : clamp(Math.round(5 - 4.2 * depth) - frail, 1, 5),
  );
  chart.record('gcs_motor', time, clamp(Math.round(6 - 4.5 * depth * depth - 1.5 * depth), 1, 6));
}

function chartFio2(
  chart: Chart,
  hour: number,
  resp: number,
  ventilated: boolean,
  rng: Random,
): void {
  // Nasal cannula and room air carry no FiO2 in the chart; ventilators and high-flow do.
  const highFlow = !ventilated && resp > 0.4 && rng.chance(0.7);
  if (!ventilated && !highFlow) return;
  const fio2 = clamp(30 + 70 * resp + rng.normal(0, 6), 21, 100);
  chart.record('fio2', hour + rng.uniform(), clamp(Math.round(fio2 / 5) * 5, 25, 100));
}
