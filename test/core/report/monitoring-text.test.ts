/**
 * The input-drift words of the one monitoring formatter (monitoring-text.ts), which the CLI,
 * the app and the PDF print: the findings sentence a QI lead reads and the table's rows.
 */
import { describe, expect, it } from 'vitest';
import type { InputDrift, InputDriftReport } from '../../../src/shared/monitoring';
import { inputDriftFinding, inputDriftRows } from '../../../src/shared/monitoring-text';

function input(overrides: Partial<InputDrift>): InputDrift {
  return {
    variable: 'lactate',
    label: 'Lactate',
    unit: 'mmol/L',
    kind: 'hourly',
    referenceValues: 300,
    latestValues: 70,
    standardisedDifference: 0.02,
    distance: 0.05,
    pValue: 0.9,
    adjustedPValue: 1,
    drifted: false,
    withheld: null,
    ...overrides,
  };
}

function report(inputs: InputDrift[], count: number): InputDriftReport {
  return {
    referenceKind: 'reference-periods',
    referencePeriods: ['2180 Q1', '2180 Q2', '2180 Q3', '2180 Q4'],
    latestPeriod: '2181 Q4',
    referenceStays: 400,
    latestStays: 100,
    latestAwaiting: 0,
    smdThreshold: 0.1,
    alpha: 0.05,
    inputs,
    evidenceOnDrifted: {
      stays: 100,
      count,
      share: {
        estimate: count / 100,
        missing: null,
        lower: 0.064,
        upper: 0.2,
        method: 'clopper-pearson',
        resamples: 0,
        skipped: 0,
      },
    },
  };
}

const HEART_RATE = input({
  variable: 'heart_rate',
  label: 'Heart rate',
  unit: 'bpm',
  standardisedDifference: 0.31,
  distance: 0.18,
  pValue: 0.0001,
  adjustedPValue: 0.0003,
  drifted: true,
});
const SBP = input({
  variable: 'sbp',
  label: 'Systolic BP',
  unit: 'mmHg',
  standardisedDifference: -0.4,
  drifted: true,
  adjustedPValue: 0.02,
});
const WITHHELD = input({
  variable: 'fio2',
  label: 'FiO2',
  unit: '%',
  latestValues: 4,
  standardisedDifference: null,
  distance: null,
  pValue: null,
  adjustedPValue: null,
  withheld: '4 latest stays with a value (min 11)',
});

describe('input drift in words', () => {
  it('names the drifted inputs and the share of the latest stays resting on them', () => {
    const text = inputDriftFinding(report([HEART_RATE, SBP, input({}), WITHHELD], 12));
    expect(text).toBe(
      'From the reference period, 2180 Q1 to 2180 Q4, to 2181 Q4, 2 of 3 inputs drifted: heart rate (standardised difference +0.31), systolic BP (standardised difference −0.40); the evidence of 12.0% (6.4–20.0%) of the 100 latest stays searched rests on a drifted input. 1 input has too few stays with a value to estimate its drift.',
    );
  });

  it('says so when nothing drifted, and names the first period when it is the reference', () => {
    const quiet = { ...report([input({})], 0), referenceKind: 'first-period' as const };
    quiet.referencePeriods = ['2180 Q1'];
    expect(inputDriftFinding(quiet)).toBe(
      "From 2180 Q1, the first period shown, to 2181 Q4, the one input tested did not drift by more than chance and a small shift allow, so no stay's evidence rests on a drifted input.",
    );
    expect(inputDriftFinding(report([WITHHELD], 0))).toMatch(
      /too few stays have a value of any input to estimate whether the inputs drifted/,
    );
  });

  it('writes one row per input, withheld figures with their reason', () => {
    expect(
      inputDriftRows([
        HEART_RATE,
        WITHHELD,
        input({ kind: 'static', label: 'age', unit: 'years' }),
        input({ label: 'pH', unit: 'pH', standardisedDifference: -0.05 }),
      ]),
    ).toEqual([
      ['Heart rate (bpm)', '300', '70', '+0.31', '0.180', '<0.001', 'yes'],
      [
        'FiO2 (%)',
        '300',
        '4',
        'too few to estimate',
        '–',
        '–',
        'withheld: 4 latest stays with a value (min 11)',
      ],
      ['age (years), at admission', '300', '70', '+0.02', '0.050', '1.000', 'no'],
      ['pH', '300', '70', '−0.05', '0.050', '1.000', 'no'],
    ]);
  });
});
