import type { DemoScenario } from '../../../../shared/domain';
import { SHIFTED_CENTURY, type AdmissionWindow } from './admission';
import type { AdmissionReason } from './case-mix';
import type { PatientState } from './patient-state';
import type { Random } from './random';

/**
 * The monitoring scenarios (docs/demo-cohort.md, "Monitoring scenarios"). Both date stays
 * over two shifted years and give each a care unit, so monitoring charts have periods and
 * units to compare; 'drift' then raises hospital mortality where the chart cannot see it,
 * so the charts have a known truth to find, and 'steady' is the same cohort without it, a
 * control for false alarms. Clinical content (state, charting, notes) is the same in all.
 */
export interface ScenarioRules {
  window: AdmissionWindow;
  /** Whether each stay carries a `care_unit` attribute. */
  careUnits: boolean;
  /** Whether hospital mortality drifts (driftOddsRatio). */
  drift: boolean;
}

/** 2180-01-01 to 2181-12-31, in MIMIC-IV's shifted years: a two-year monitoring extract. */
const TWO_YEARS: AdmissionWindow = {
  firstDayMs: Date.UTC(2180, 0, 1),
  endMs: Date.UTC(2182, 0, 1),
  closed: true,
};

export function scenarioRules(scenario: DemoScenario): ScenarioRules {
  if (scenario === 'none') return { window: SHIFTED_CENTURY, careUnits: false, drift: false };
  return { window: TWO_YEARS, careUnits: true, drift: scenario === 'drift' };
}

export const CARE_UNITS = ['MICU', 'SICU', 'CCU', 'CVICU', 'Neuro ICU'] as const;
export type CareUnit = (typeof CARE_UNITS)[number];

/**
 * Where each admission reason is nursed, by weight: medical problems in the MICU, heart
 * disease in the CCU or after cardiac surgery in the CVICU, brain injury in the Neuro ICU,
 * surgery and trauma in the SICU, with the overflow any hospital has.
 */
const UNIT_MIX: Record<AdmissionReason, readonly (readonly [CareUnit, number])[]> = {
  sepsis: [
    ['MICU', 75],
    ['SICU', 12],
    ['CCU', 5],
    ['CVICU', 3],
    ['Neuro ICU', 5],
  ],
  respiratory: [
    ['MICU', 80],
    ['SICU', 7],
    ['CCU', 8],
    ['CVICU', 3],
    ['Neuro ICU', 2],
  ],
  cardiac: [
    ['MICU', 12],
    ['SICU', 3],
    ['CCU', 55],
    ['CVICU', 30],
  ],
  stroke: [
    ['MICU', 12],
    ['SICU', 3],
    ['CCU', 5],
    ['Neuro ICU', 80],
  ],
  intracranial_hemorrhage: [
    ['MICU', 5],
    ['SICU', 10],
    ['Neuro ICU', 85],
  ],
  gi_bleed: [
    ['MICU', 75],
    ['SICU', 20],
    ['CCU', 5],
  ],
  post_op: [
    ['SICU', 60],
    ['CVICU', 30],
    ['Neuro ICU', 10],
  ],
  trauma: [
    ['MICU', 2],
    ['SICU', 80],
    ['Neuro ICU', 18],
  ],
  overdose: [
    ['MICU', 90],
    ['CCU', 5],
    ['Neuro ICU', 5],
  ],
  dka: [
    ['MICU', 95],
    ['SICU', 5],
  ],
};

export function drawCareUnit(state: PatientState, rng: Random): CareUnit {
  return rng.weighted(UNIT_MIX[state.reason]);
}

/**
 * The drift scenario's two causes of excess hospital mortality, neither of them in the
 * model's inputs: a period (stays starting April to June 2181) and a unit (the SICU, in
 * every period). Each multiplies the odds of death by its ratio; a SICU stay in that period
 * has both.
 */
export const DRIFT = {
  periodStartMs: Date.UTC(2181, 3, 1),
  periodEndMs: Date.UTC(2181, 6, 1),
  periodOddsRatio: 2.5,
  unit: 'SICU' satisfies CareUnit,
  unitOddsRatio: 2.5,
} as const;

export function driftOddsRatio(t0Ms: number, unit: CareUnit): number {
  const inPeriod = t0Ms >= DRIFT.periodStartMs && t0Ms < DRIFT.periodEndMs;
  return (inPeriod ? DRIFT.periodOddsRatio : 1) * (unit === DRIFT.unit ? DRIFT.unitOddsRatio : 1);
}

/** The scenario in the cohort's description, or null for the plain demo. */
export function describeScenario(scenario: DemoScenario): string | null {
  const monitoring =
    'admissions are dated over 2180-2181 and each stay has a care unit (attribute care_unit)';
  switch (scenario) {
    case 'none':
      return null;
    case 'steady':
      return `Monitoring scenario: steady (see docs/demo-cohort.md): ${monitoring}, with no drift, as a control for false alarms.`;
    case 'drift':
      return (
        `Monitoring scenario: drift (see docs/demo-cohort.md): ${monitoring}, and hospital mortality is raised ` +
        `where no model input shows it: odds x${DRIFT.periodOddsRatio} for stays starting April-June 2181 and ` +
        `x${DRIFT.unitOddsRatio} in the ${DRIFT.unit}, so a model's risks under-predict there.`
      );
  }
}
