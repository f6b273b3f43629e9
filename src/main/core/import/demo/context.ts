import { ECG_FIELDS } from '../clinical-variables';
import { severityAt, type PatientState } from './patient-state';
import { clamp, type Random } from './random';
import type { StayRadiology } from './radiology';

/**
 * Context vectors (never searched): the CheXpert labels of the last chest radiograph
 * before the window ends, and one ECG's machine measurements. About 60% of stays have a
 * CXR, as MIMIC-CXR covers only part of MIMIC-IV; about half have an ECG.
 */
export function cxrContext(radiology: StayRadiology, rng: Random): Uint8Array | null {
  if (radiology.lastChestLabels) return rng.chance(0.75) ? radiology.lastChestLabels : null;
  // No film in the window: sometimes a study from the emergency department before t0 exists.
  return rng.chance(0.3) ? radiology.readChestBeforeWindow() : null;
}

export function ecgContext(state: PatientState, rng: Random): Float32Array | null {
  const cardiac = state.reason === 'cardiac' || state.comorbid.afib;
  if (!rng.chance(cardiac ? 0.8 : 0.4)) return null;
  const hour = rng.int(0, 12);
  const shock = severityAt(state.organs.shock, hour);
  const infection = severityAt(state.organs.infection, hour);
  const heartRate = clamp(
    rng.normal(80, 12) + 28 * shock + 16 * infection + (state.comorbid.afib ? 12 : 0),
    38,
    170,
  );
  const rr = 60000 / heartRate;
  const wideQrs = rng.chance(state.reason === 'cardiac' || state.comorbid.chf ? 0.25 : 0.08);
  const qrs = wideQrs ? rng.normal(138, 12) : rng.normal(92, 9);
  const cardiacStrain = severityAt(state.organs.cardiac, hour);
  const qtc = rng.normal(435, 22) + 30 * cardiacStrain + (wideQrs ? 25 : 0);
  const qt = qtc * Math.sqrt(rr / 1000);
  const values: Record<string, number> = {
    rr_interval: Math.round(rr),
    // Atrial fibrillation has no P wave: the machine reports no PR interval and no P axis.
    p_onset_to_qrs_onset: state.comorbid.afib
      ? Number.NaN
      : Math.round(rng.chance(0.08) ? rng.normal(240, 20) : rng.normal(158, 22)),
    qrs_duration: Math.round(qrs),
    qt_interval: Math.round(qt),
    qtc: Math.round(qtc),
    p_axis: state.comorbid.afib ? Number.NaN : Math.round(rng.normal(52, 20)),
    qrs_axis: Math.round(wideQrs && rng.chance(0.5) ? rng.normal(-40, 15) : rng.normal(30, 35)),
    t_axis: Math.round(
      cardiacStrain > 0.4 && rng.chance(0.5) ? rng.normal(160, 40) : rng.normal(45, 25),
    ),
    heart_rate: Math.round(heartRate),
  };
  return Float32Array.from(ECG_FIELDS.map((field) => values[field] ?? Number.NaN));
}
