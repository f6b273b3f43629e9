import { roundTo, WINDOW_HOURS, type Chart } from './charting';
import { isVentilated, severityAt, type PatientState } from './patient-state';
import { clamp, type Random } from './random';

/**
 * Laboratory values as a hospital draws them: an admission panel, the early-morning round
 * (whose bin depends on the clock time of t0), extra panels when someone is unstable, serial
 * lactates in shock, blood gases only for ventilated or acidotic patients, fingerstick
 * glucose for diabetics. Values follow the hidden state through simple physiology
 * (Henderson-Hasselbalch for the gases, anion gap for chloride) plus analyser noise.
 */
interface Baseline {
  creatinine: number;
  bun: number;
  hemoglobin: number;
  platelets: number;
  sodium: number;
  potassium: number;
  bilirubin: number;
  wbc: number;
  glucose: number;
}

function drawBaseline(state: PatientState, rng: Random): Baseline {
  const { comorbid, female } = state;
  return {
    creatinine:
      (female ? 0.75 : 0.95) * (comorbid.ckd ? rng.between(1.7, 3.2) : 1) * rng.logNormal(1, 0.15),
    bun: (comorbid.ckd ? 32 : 15) * rng.logNormal(1, 0.25),
    hemoglobin:
      (female ? 12.3 : 13.6) -
      (comorbid.ckd ? 1.3 : 0) -
      (state.malignancy === 'active' || state.malignancy === 'metastatic' ? 1.2 : 0) +
      rng.normal(0, 1),
    platelets: clamp(rng.normal(240, 60), 90, 450) * (comorbid.cirrhosis ? 0.45 : 1),
    sodium: (comorbid.cirrhosis ? 133 : 139) + rng.normal(0, 2.5),
    potassium: 4.1 + rng.normal(0, 0.3),
    bilirubin: (comorbid.cirrhosis ? 2.6 : 0.6) * rng.logNormal(1, 0.3),
    wbc: rng.logNormal(8, 0.25),
    glucose: comorbid.diabetes ? rng.normal(175, 35) : rng.normal(115, 15),
  };
}

/** Draw times (hours after t0) of full panels: admission, morning round, extra when unstable. */
function panelTimes(state: PatientState, clockAtT0: number, rng: Random): number[] {
  const times: number[] = [];
  // One stay in ten arrives with its admission labs already drawn in the ED, before t0.
  if (rng.chance(0.9)) times.push(rng.between(0, 2));
  const morning = ((((4 - clockAtT0) % 24) + 24) % 24) + rng.between(0, 1.5);
  if (morning < WINDOW_HOURS && morning > 3) times.push(morning);
  const unstable =
    Math.max(state.organs.shock.start, state.organs.shock.end) > 0.4 || state.reason === 'dka';
  if (unstable)
    for (let t = rng.between(5, 8); t < WINDOW_HOURS; t += rng.between(5, 8)) times.push(t);
  else if (rng.chance(0.3)) times.push(rng.between(8, 20));
  return times.sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1]! > 1.5);
}

export function chartLabs(chart: Chart, state: PatientState, clockAtT0: number, rng: Random): void {
  const base = drawBaseline(state, rng);
  const leukopenic = state.organs.infection.start > 0.5 && rng.chance(0.12);
  const dka = state.reason === 'dka';
  const noise = (sd: number) => rng.normal(0, sd);

  const at = (time: number) => {
    const h = Math.min(WINDOW_HOURS - 1, Math.floor(time));
    const shock = severityAt(state.organs.shock, h);
    const renal = severityAt(state.organs.renal, h);
    const infection = severityAt(state.organs.infection, h);
    const liver = severityAt(state.organs.liver, h);
    const cardiac = severityAt(state.organs.cardiac, h);
    const resp = severityAt(state.organs.respiratory, h);
    const ketosis = dka ? clamp(renal * 1.6, 0, 1) : 0;
    const lactate = 1.0 + 6 * Math.pow(shock, 1.3) + 1.4 * infection + 2 * liver * shock;
    const bicarbonate =
      25 - 2.8 * (lactate - 1) - 5 * renal - 12 * ketosis + (state.comorbid.copd ? 3 : 0);
    const sodium = base.sodium - 3 * cardiac + (dka ? -4 : 0);
    const anionGap = 10 + 1.3 * (lactate - 1) + 14 * ketosis + 3 * renal;
    return {
      shock,
      renal,
      infection,
      liver,
      resp,
      lactate,
      bicarbonate,
      sodium,
      anionGap,
      ketosis,
      h,
    };
  };

  for (const time of panelTimes(state, clockAtT0, rng)) {
    const s = at(time);
    const bled = state.bloodLoss * Math.min(1, (s.h + 4) / 24);
    chart.record(
      'creatinine',
      time,
      roundTo(clamp(base.creatinine * (1 + 2.3 * s.renal) * (1 + noise(0.04)), 0.2, 15), 1),
    );
    chart.record(
      'bun',
      time,
      Math.round(
        clamp(
          base.bun * (1 + 1.8 * s.renal) + (state.reason === 'gi_bleed' ? 20 : 0) + noise(2),
          3,
          200,
        ),
      ),
    );
    chart.record('sodium', time, Math.round(clamp(s.sodium + noise(1), 110, 170)));
    chart.record(
      'potassium',
      time,
      roundTo(clamp(base.potassium + 0.9 * s.renal + 1.2 * s.ketosis + noise(0.2), 2, 8), 1),
    );
    const bicarbonate = clamp(s.bicarbonate + noise(1), 3, 45);
    chart.record('bicarbonate', time, Math.round(bicarbonate));
    chart.record(
      'chloride',
      time,
      Math.round(clamp(s.sodium - bicarbonate - s.anionGap + noise(1.5), 70, 135)),
    );
    const wbc = leukopenic
      ? 2.5 + noise(0.6)
      : base.wbc +
        13 * s.infection +
        (state.reason === 'post_op' || state.reason === 'trauma' ? 3 : 0) +
        noise(0.8);
    chart.record('wbc', time, roundTo(clamp(wbc, 0.3, 60), 1));
    chart.record(
      'hemoglobin',
      time,
      roundTo(clamp(base.hemoglobin - bled - 0.9 * s.infection + noise(0.25), 4, 20), 1),
    );
    chart.record(
      'platelets',
      time,
      Math.round(
        clamp(base.platelets * (1 - 0.55 * s.infection - 0.3 * s.liver) + noise(8), 5, 900),
      ),
    );
    chart.record(
      'glucose',
      time,
      Math.round(
        clamp(
          base.glucose + 45 * (s.shock + s.infection) + (dka ? 380 * s.ketosis : 0) + noise(10),
          40,
          1200,
        ),
      ),
    );
  }

  // Liver panel: on admission for about half, for nearly all with liver trouble.
  const liverDrawn = rng.chance(
    state.organs.liver.start > 0.2 || state.comorbid.cirrhosis ? 0.9 : 0.45,
  );
  if (liverDrawn) {
    const time = rng.between(0, 3);
    const s = at(time);
    chart.record(
      'bilirubin',
      time,
      roundTo(clamp(base.bilirubin * (1 + 5 * s.liver) * (1 + noise(0.05)), 0.1, 40), 1),
    );
  }

  // Lactate: serial in suspected sepsis or shock, otherwise now and then on admission.
  const shockSuspected =
    state.reason === 'sepsis' ||
    state.organs.shock.start > 0.25 ||
    state.organs.infection.start > 0.4;
  const lactateTimes: number[] = [];
  if (shockSuspected ? rng.chance(0.9) : rng.chance(0.3)) {
    for (let t = rng.between(0, 1.5); t < WINDOW_HOURS; t += rng.between(2, 6)) {
      lactateTimes.push(t);
      if (!shockSuspected || (at(t).lactate < 2 && rng.chance(0.6))) break;
    }
  }
  for (const time of lactateTimes)
    chart.record('lactate', time, roundTo(clamp(at(time).lactate * (1 + noise(0.08)), 0.3, 25), 1));

  chartBloodGases(chart, state, at, rng);

  // Fingerstick glucose, charted by nurses: hourly on an insulin drip, every few hours for diabetics.
  const every = dka ? 1 : state.comorbid.diabetes ? rng.pick([4, 6]) : rng.chance(0.3) ? 6 : 0;
  if (every > 0) {
    for (let t = rng.between(0, every); t < WINDOW_HOURS; t += every) {
      const s = at(t);
      const glucose =
        base.glucose +
        40 * (s.shock + s.infection) +
        (dka ? 380 * s.ketosis : 0) +
        noise(state.comorbid.diabetes ? 25 : 12);
      chart.record('glucose', t, Math.round(clamp(glucose, 40, 1200)));
    }
  }
}

type StateAt = (time: number) => { bicarbonate: number; resp: number; h: number };

function chartBloodGases(chart: Chart, state: PatientState, at: StateAt, rng: Random): void {
  const ventilatedEver = state.ventilation !== null && state.ventilation.from < WINDOW_HOURS;
  const acidotic =
    state.reason === 'dka' || Math.max(state.organs.shock.start, state.organs.shock.end) > 0.45;
  const hypoxic = Math.max(state.organs.respiratory.start, state.organs.respiratory.end) > 0.4;
  let count = 0;
  if (ventilatedEver) count = rng.int(2, 5);
  else if ((acidotic || hypoxic) && rng.chance(0.7)) count = rng.int(1, 2);
  else if (rng.chance(0.06)) count = 1;
  const chronicRetainer = state.comorbid.copd && rng.chance(0.5);
  for (let i = 0; i < count; i++) {
    const time = (i + rng.uniform()) * (WINDOW_HOURS / count);
    const s = at(time);
    const ventilated = isVentilated(state, s.h);
    const bicarbonate = Math.max(4, s.bicarbonate + rng.normal(0, 1));
    // Winter's formula when breathing freely; the ventilator sets pCO2 otherwise.
    const winters = 1.5 * bicarbonate + 8;
    // On the ventilator, clinicians set the rate to compensate an acidosis, but only partly.
    const pco2 = ventilated
      ? 0.55 * winters + 0.45 * 41 + rng.normal(0, 4) + 8 * s.resp
      : winters + rng.normal(0, 2) + (chronicRetainer ? 15 * s.resp + 8 : 0);
    const ph = 6.1 + Math.log10(bicarbonate / (0.03 * Math.max(pco2, 8)));
    const po2 = ventilated
      ? 150 - 95 * s.resp + rng.normal(0, 15)
      : 95 - 45 * s.resp + rng.normal(0, 10);
    chart.record('pco2', time, Math.round(clamp(pco2, 15, 120)));
    chart.record('ph', time, roundTo(clamp(ph, 6.8, 7.7), 2));
    chart.record('po2', time, Math.round(clamp(po2, 40, 500)));
  }
}
