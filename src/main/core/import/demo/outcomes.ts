import type { AdmissionReason } from './case-mix';
import type { PatientState } from './patient-state';
import type { Random } from './random';

/**
 * Outcomes drawn from the hidden state, through a logistic model for death and timing
 * models for when it happens and how long the ICU stay lasts. Much of the risk is
 * deliberately out of the chart's reach (the course after the window, unobserved risk,
 * a little label noise), so that a good model of the first 24 h scores like a real ICU
 * model, not like an oracle. Targets are the paper's prevalences: E1 11.5%, E2 14.1%,
 * E3 7.4%, E4 11.2%.
 */
export interface StayOutcomes {
  labels: { E1: 0 | 1; E2: 0 | 1; E3: 0 | 1; E4: 0 | 1 };
  losHours: number;
}

/** Logit offsets by admission reason: overdoses and DKA look sick and mostly recover. */
const REASON_RISK: Record<AdmissionReason, number> = {
  sepsis: 0.45,
  respiratory: 0.35,
  cardiac: 0.15,
  stroke: 0.35,
  intracranial_hemorrhage: 0.9,
  gi_bleed: 0,
  post_op: -1.1,
  trauma: -0.3,
  overdose: -1.4,
  dka: -1.3,
};

const MALIGNANCY_RISK = { none: 0, remote: 0.1, active: 0.8, metastatic: 2.7 } as const;

/** Intercept tuned (by generating cohorts) so hospital mortality lands near 11.5%. */
const MORTALITY_INTERCEPT = -6.03;
/** Share of labels drawn from the base rate whatever the state: documentation noise. */
const LABEL_NOISE = 0.02;

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The log-odds of hospital death given everything the generator knows about the stay. */
export function mortalityLogit(state: PatientState): number {
  const end = (t: { start: number; end: number; onset: number }) => (t.onset > 23 ? 0 : t.end);
  const o = state.organs;
  return (
    MORTALITY_INTERCEPT +
    0.03 * (state.age - 65) +
    0.3 * state.frailty +
    REASON_RISK[state.reason] +
    2.2 * end(o.shock) +
    1.6 * end(o.respiratory) +
    0.9 * end(o.infection) +
    1.3 * end(o.renal) +
    2.4 * end(o.neuro) +
    1.6 * end(o.liver) +
    1.2 * end(o.cardiac) +
    MALIGNANCY_RISK[state.malignancy] +
    (state.limitedCare ? 2.6 : 0) +
    1.0 * state.futureCourse +
    1.2 * state.unobservedRisk
  );
}

/** `p` with its odds multiplied by `ratio`. */
function withOddsTimes(p: number, ratio: number): number {
  return (p * ratio) / (1 - p + p * ratio);
}

/**
 * A stay's outcomes. `mortalityOddsRatio` scales the odds of hospital death by what the
 * chart does not show (the drift scenario's period and unit, scenario.ts); at 1 the draw is
 * the plain demo's. The same draws follow either way, so a stay the ratio tips into death
 * dies as any other death does (in the ICU or on the ward, with its length of stay), and
 * E2-E4 follow from that death.
 */
export function drawOutcomes(
  state: PatientState,
  rng: Random,
  mortalityOddsRatio = 1,
): StayOutcomes {
  const noisy = rng.chance(LABEL_NOISE);
  const p = noisy ? 0.115 : sigmoid(mortalityLogit(state));
  const died = rng.chance(mortalityOddsRatio === 1 ? p : withOddsTimes(p, mortalityOddsRatio));
  const o = state.organs;
  const ventilated = state.ventilation !== null && state.ventilation.to > 24;
  // Survivors' ICU time: longer on a ventilator, in sepsis, with brain injury, or if worsening.
  const stayMedian = Math.exp(
    Math.log(34) +
      (ventilated ? 0.75 : 0) +
      0.6 * o.infection.end +
      0.55 * o.neuro.end +
      0.5 * o.respiratory.end +
      (state.reason === 'post_op' ? -0.35 : 0) +
      0.3 * state.futureCourse,
  );
  // Capped at 60 days: the longest stays are rare and would only stretch the axis.
  const survivorLos = Math.min(24 + rng.logNormal(stayMedian, 0.85), 24 * 60);
  if (!died)
    return {
      labels: { E1: 0, E2: survivorLos > 168 ? 1 : 0, E3: 0, E4: 0 },
      losHours: round2(survivorLos),
    };

  // Deaths: in the ICU for the sickest, on the ward after transfer (often comfort care) for others.
  const inIcu = rng.chance(
    sigmoid(
      -0.1 +
        1.4 * (o.shock.end + o.respiratory.end) +
        (ventilated ? 0.5 : 0) -
        (state.limitedCare ? 1 : 0) -
        (state.malignancy === 'metastatic' ? 0.5 : 0),
    ),
  );
  if (inIcu) {
    // A few ICU deaths are recorded inside the window although the stay outlasts it, as in real data.
    const deathHour = rng.chance(0.045) ? rng.between(14, 24) : 24 + rng.logNormal(60, 0.9);
    const los = Math.max(deathHour + rng.between(0.5, 4), 24 + rng.between(0.2, 3));
    return {
      labels: { E1: 1, E2: los > 168 ? 1 : 0, E3: 1, E4: deathHour >= 24 ? 1 : 0 },
      losHours: round2(los),
    };
  }
  // Ward deaths come after the ICU discharge, so always after the window.
  const los = survivorLos;
  return { labels: { E1: 1, E2: los > 168 ? 1 : 0, E3: 0, E4: 1 }, losHours: round2(los) };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
