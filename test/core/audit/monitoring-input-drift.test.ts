/**
 * Input drift in the monitoring report (issue 27, item 5), on a hand-built run whose truth is
 * known: between the first and the last quarter the heart rate moves up by 10 bpm, lactate and
 * age keep the same values in another order, and systolic pressure is never charted in the
 * last quarter. Only the heart rate may be flagged, the pressure is withheld, and the stays
 * whose evidence holds an hour with a charted heart rate are counted exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monitoringCsv } from '../../../src/main/core/audit/monitoring-csv';
import { holmAdjusted } from '../../../src/main/core/statistics/holm';
import { runMonitoring } from '../../../src/main/core/audit/run-monitoring';
import { clopperPearson } from '../../../src/main/core/statistics/exact-intervals';
import type { NewCohort, Store } from '../../../src/main/core/store';
import { monitoringText } from '../../../src/shared/monitoring-text';
import { handBuiltResult, handBuiltRun } from '../../support/hand-built-run';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const COHORT: NewCohort = {
  ...TINY_SCHEMA,
  name: 'drifting-inputs',
  featureSchema: {
    hours: 2,
    variables: [
      { name: 'heart_rate', unit: 'bpm' },
      { name: 'lactate', unit: 'mmol/L' },
      { name: 'sbp', unit: 'mmHg' },
    ],
    statistics: ['mean', 'min', 'max'],
  },
  contextSchema: {
    ...TINY_SCHEMA.contextSchema,
    staticInputs: [{ name: 'age', kind: 'numeric', unit: 'years' }],
  },
};

const PER_QUARTER = 40;
const QUARTER_STARTS = ['2180-01-15', '2180-04-15', '2180-07-15'];

/** Hour 0 charts all three (sbp only when asked); hour 1 charts lactate alone. */
function series(heartRate: number, lactate: number, sbp: number | null): Float32Array {
  const cell = (x: number | null) => (x === null ? [NaN, NaN, NaN] : [x, x, x]);
  return Float32Array.from([
    ...cell(heartRate),
    ...cell(lactate),
    ...cell(sbp),
    ...cell(null),
    ...cell(lactate),
    ...cell(null),
  ]);
}

/** The last quarter: stays 0–9 rest on hour 0 (heart rate charted), 10–19 on hour 1 (not), the rest on a note. */
function evidenceOf(quarter: number, i: number): number[] {
  if (quarter < 2) return [0];
  return i < 10 ? [0] : i < 20 ? [1] : [2];
}

function buildRun(store: Store): number {
  const cohortId = store.createCohort(COHORT);
  const write = store.stayWriter(cohortId);
  const stays: { id: number; key: string; quarter: number; i: number }[] = [];
  QUARTER_STARTS.forEach((day, quarter) => {
    for (let i = 0; i < PER_QUARTER; i++) {
      const key = `q${quarter}-${i}`;
      const grid = i / (PER_QUARTER - 1);
      // The same lactate and age values each quarter, in another order.
      const shuffled = ((i * 7) % PER_QUARTER) / (PER_QUARTER - 1);
      const id = write(
        tinyStay(key, {
          t0: `${day}T${String(i % 24).padStart(2, '0')}:00:00.000Z`,
          series: series(
            70 + 20 * grid + (quarter === 2 ? 10 : 0),
            1 + 2 * shuffled,
            quarter === 2 ? null : 120,
          ),
          missing: Uint8Array.from([0, 0, quarter === 2 ? 1 : 0, 1, 0, 1]),
          outcomes: { E1: (i % 2) as 0 | 1 },
          staticInputs: { age: 50 + ((i * 13) % PER_QUARTER) },
        }),
      );
      stays.push({ id, key, quarter, i });
    }
  });
  const runId = handBuiltRun(store, {
    cohortId,
    cohortName: COHORT.name,
    results: stays.map((s) =>
      handBuiltResult(s.id, s.key, (s.i % 2) as 0 | 1, {
        pFull: s.i % 2 === 1 ? 0.6 : 0.3,
        evidence: evidenceOf(s.quarter, s.i),
      }),
    ),
  });
  return runId;
}

describe('input drift in the monitoring report', () => {
  let temp: ReturnType<typeof tempStore>;
  let runId: number;
  beforeEach(() => {
    temp = tempStore();
    runId = buildRun(temp.store);
  });
  afterEach(() => temp.dispose());

  const monitor = (referencePeriods: number) =>
    runMonitoring(temp.store, runId, {
      period: { calendar: 'quarter' },
      unit: null,
      minGroupSize: 11,
      seed: 1,
      referencePeriods,
    });

  it('flags the input that moved, and only it, against the first period shown', () => {
    const drift = monitor(0).inputDrift!;
    expect(drift).toMatchObject({
      referenceKind: 'first-period',
      referencePeriods: ['2180 Q1'],
      latestPeriod: '2180 Q3',
      referenceStays: PER_QUARTER,
      latestStays: PER_QUARTER,
      smdThreshold: 0.1,
      alpha: 0.05,
    });
    const byName = new Map(drift.inputs.map((i) => [i.variable, i]));
    expect(drift.inputs.map((i) => [i.variable, i.kind, i.drifted])).toEqual([
      ['heart_rate', 'hourly', true],
      ['lactate', 'hourly', false],
      ['sbp', 'hourly', false],
      ['age', 'static', false],
    ]);
    const heartRate = byName.get('heart_rate')!;
    expect(heartRate.label).toBe('Heart rate');
    expect(heartRate.standardisedDifference).toBeGreaterThan(1);
    // Half the values of one side lie above every value of the other: D = 10/20 of the range.
    expect(heartRate.distance).toBeCloseTo(0.5, 1);
    expect(heartRate.adjustedPValue).toBeLessThan(0.05);
    // Holm over the three inputs tested (sbp is withheld): at most 3 × the raw p.
    expect(heartRate.adjustedPValue).toBeLessThanOrEqual(3 * heartRate.pValue! + 1e-15);
    for (const same of ['lactate', 'age']) {
      expect(byName.get(same)).toMatchObject({ standardisedDifference: 0, distance: 0 });
      expect(byName.get(same)!.adjustedPValue).toBe(1);
    }
    expect(byName.get('sbp')).toMatchObject({
      referenceValues: PER_QUARTER,
      latestValues: 0,
      standardisedDifference: null,
      pValue: null,
      adjustedPValue: null,
      withheld: '0 latest stays with a value (min 11)',
    });
  });

  it('counts the latest stays whose evidence holds an hour the drifted input was charted in', () => {
    const { evidenceOnDrifted } = monitor(0).inputDrift!;
    const [lower, upper] = clopperPearson(10, PER_QUARTER);
    expect(evidenceOnDrifted.stays).toBe(PER_QUARTER);
    expect(evidenceOnDrifted.count).toBe(10);
    expect(evidenceOnDrifted.share).toMatchObject({
      estimate: 0.25,
      lower,
      upper,
      method: 'clopper-pearson',
    });
  });

  it('prints the drift in the words `toe monitor` writes, and in its CSV file', () => {
    const report = monitor(0);
    const text = monitoringText(report);
    expect(text).toContain(
      '- From 2180 Q1, the first period shown, to 2180 Q3, 1 of 3 inputs drifted: heart rate (standardised difference +',
    );
    expect(text).toContain('of the 40 latest stays searched rests on a drifted input.');
    expect(text).toContain('Inputs, 2180 Q1 against 2180 Q3');
    const csv = monitoringCsv(report).find((f) => f.name === 'monitoring-input-drift.csv')!;
    const lines = csv.csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + 4);
    expect(lines[1]).toMatch(/^heart_rate,hourly,bpm,first-period,2180 Q1,2180 Q3,40,40,/);
    expect(lines[1]).toMatch(/,yes,,40,10,0\.25,/);
  });

  it("uses the report's reference periods when it has them, and none when nothing follows them", () => {
    const drift = monitor(2).inputDrift!;
    expect(drift.referenceKind).toBe('reference-periods');
    expect(drift.referencePeriods).toEqual(['2180 Q1', '2180 Q2']);
    expect(drift.referenceStays).toBe(2 * PER_QUARTER);
    expect(drift.inputs.filter((i) => i.drifted).map((i) => i.variable)).toEqual(['heart_rate']);
    expect(monitor(3).inputDrift).toBeNull();
  });
});

describe('holmAdjusted', () => {
  it('steps down from the smallest p, keeps the order given and leaves nulls out', () => {
    const adjusted = holmAdjusted([0.01, 0.04, null, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeNull();
    expect(adjusted[3]).toBeCloseTo(0.06, 12);
    expect(holmAdjusted([0.5, 0.6])).toEqual([1, 1]);
  });
});
