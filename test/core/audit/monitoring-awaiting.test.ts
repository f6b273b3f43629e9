/**
 * Stays whose outcomes are not in yet (issue 27, item 5), on a hand-built run whose truth is
 * known: three quarters of audited stays, then 30 stays of 2180 Q4 and 5 of 2181 Q1 scored
 * without outcomes. 2180 Q4's risks are 10 × 0.6 (alerts at the 0.5 threshold) and 20 × 0.1,
 * so if they are calibrated it expects 6 + 2 = 8 outcomes, of which the alerts catch 6 (75%)
 * and 6 of 10 alerts are right (60%); 2181 Q1 is below the smallest group shown and is not
 * forecast. Its heart rate is 30 bpm up, so input drift, which needs no outcome, names it,
 * with no evidence to weigh since none of those stays was searched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monitoringCsv } from '../../../src/main/core/audit/monitoring-csv';
import { runMonitoring } from '../../../src/main/core/audit/run-monitoring';
import { RunStore } from '../../../src/main/core/audit/run-store';
import {
  expectedEventsInterval,
  forecastMissesChance,
} from '../../../src/main/core/statistics/unlabelled-performance';
import type { Store } from '../../../src/main/core/store';
import { monitoringText } from '../../../src/shared/monitoring-text';
import { handBuiltResult, handBuiltRun } from '../../support/hand-built-run';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const PER_QUARTER = 40;
const AUDITED_QUARTERS = ['2180-01-15', '2180-04-15', '2180-07-15'];
const Q4_RISKS = [...Array<number>(10).fill(0.6), ...Array<number>(20).fill(0.1)];

function buildRun(store: Store): number {
  const cohortId = store.createCohort({ ...TINY_SCHEMA, name: 'awaiting' });
  const write = store.stayWriter(cohortId);
  // Hour 0 charts the heart rate, hour 1 lactate.
  const stay = (key: string, day: string, i: number, heartRate: number, label: boolean) =>
    write(
      tinyStay(key, {
        t0: `${day}T${String(i % 24).padStart(2, '0')}:00:00.000Z`,
        series: Float32Array.from([
          ...[heartRate, heartRate, heartRate],
          ...[NaN, NaN, NaN],
          ...[NaN, NaN, NaN],
          ...[2, 2, 2],
        ]),
        missing: Uint8Array.from([0, 1, 1, 0]),
        outcomes: label ? { E1: (i % 2) as 0 | 1 } : {},
      }),
    );
  const audited: { id: number; key: string; i: number }[] = [];
  AUDITED_QUARTERS.forEach((day, quarter) => {
    for (let i = 0; i < PER_QUARTER; i++) {
      const key = `q${quarter}-${i}`;
      audited.push({ id: stay(key, day, i, 70 + (20 * i) / (PER_QUARTER - 1), true), key, i });
    }
  });
  const q4 = Q4_RISKS.map((_, i) =>
    stay(`q3-${i}`, '2180-10-15', i, 100 + (20 * i) / (Q4_RISKS.length - 1), false),
  );
  const next = [0, 1, 2, 3, 4].map((i) => stay(`q4-${i}`, '2181-01-15', i, 80, false));
  const runId = handBuiltRun(store, {
    cohortId,
    cohortName: 'awaiting',
    results: audited.map((s) =>
      handBuiltResult(s.id, s.key, (s.i % 2) as 0 | 1, { pFull: s.i % 2 === 1 ? 0.6 : 0.3 }),
    ),
    awaitingStayIds: [...q4, ...next],
  });
  const runs = new RunStore(store);
  const risk = (stayId: number, p: number) => ({
    stayId,
    pFull: p,
    rawPFull: p,
    yFull: (p >= 0.5 ? 1 : 0) as 0 | 1,
  });
  runs.scoreAwaiting(runId, [
    ...q4.map((id, i) => risk(id, Q4_RISKS[i]!)),
    ...next.map((id) => risk(id, 0.2)),
  ]);
  return runId;
}

describe('stays awaiting an outcome in the monitoring report', () => {
  let temp: ReturnType<typeof tempStore>;
  let runId: number;
  beforeEach(() => {
    temp = tempStore();
    runId = buildRun(temp.store);
  });
  afterEach(() => temp.dispose());

  const monitor = () =>
    runMonitoring(temp.store, runId, {
      period: { calendar: 'quarter' },
      unit: null,
      minGroupSize: 11,
      seed: 1,
      referencePeriods: 0,
    });

  it('forecasts each period from the calibrated risks, and only periods large enough', () => {
    const report = monitor();
    // The audited periods' figures are the labelled stays' alone.
    expect(report.periods.map((g) => [g.label, g.stays])).toEqual([
      ['2180 Q1', 40],
      ['2180 Q2', 40],
      ['2180 Q3', 40],
    ]);
    const awaiting = report.awaiting!;
    expect(awaiting.stays).toBe(35);
    expect(awaiting.unplaced).toBe(0);
    expect(awaiting.periods.map((p) => [p.label, p.stays, p.suppressed])).toEqual([
      ['2180 Q4', 30, false],
      ['2181 Q1', 5, true],
    ]);
    const q4 = awaiting.periods[0]!;
    const [lower, upper] = expectedEventsInterval(Q4_RISKS, 0.95);
    expect(q4.alerts).toBe(10);
    expect(q4.forecast.expectedEvents).toBeCloseTo(8, 12);
    expect(q4.forecast.expected.tp).toBeCloseTo(6, 12);
    expect(q4.forecast.expected.fp).toBeCloseTo(4, 12);
    expect(q4.forecast.expected.fn).toBeCloseTo(2, 12);
    expect(q4.forecast.expected.tn).toBeCloseTo(18, 12);
    expect(q4.forecast.expectedSensitivity).toBeCloseTo(0.75, 12);
    expect(q4.forecast.expectedPpv).toBeCloseTo(0.6, 12);
    expect([q4.lower, q4.upper]).toEqual([lower, upper]);
    expect(lower).toBeLessThan(8);
    expect(upper).toBeGreaterThan(8);
    expect(q4.observedExpectedRange!.lower).toBeCloseTo(lower / 8, 12);
    expect(q4.observedExpectedRange!.upper).toBeCloseTo(upper / 8, 12);
    // The assumption, checked on the periods with outcomes.
    const within = report.forecastChecks.filter((c) => c.within).length;
    const missesChance = forecastMissesChance(3 - within, 3);
    expect(awaiting.checked).toEqual({
      periods: report.forecastChecks.length,
      within,
      missesChance,
      held: missesChance >= 0.05,
    });
    expect(awaiting.checked.periods).toBe(3);
  });

  it('measures input drift on the latest period even before its outcomes are in', () => {
    const drift = monitor().inputDrift!;
    expect(drift).toMatchObject({
      latestPeriod: '2180 Q4',
      referencePeriods: ['2180 Q1'],
      latestStays: 30,
      latestAwaiting: 30,
    });
    expect(drift.inputs.filter((i) => i.drifted).map((i) => i.variable)).toEqual(['heart_rate']);
    // None of them was searched: no evidence to rest on anything.
    expect(drift.evidenceOnDrifted.stays).toBe(0);
    expect(drift.evidenceOnDrifted.share.estimate).toBeNull();
  });

  it('says it in the words `toe monitor` prints, and writes the forecast as CSV', () => {
    const report = monitor();
    const text = monitoringText(report);
    expect(text).toMatch(
      /- 35 stays have no outcome yet\. If the model's risks are calibrated \(it held in .* periods whose outcomes are in.*\), 2180 Q4's 30 stays should see about 8\.0 outcomes \(95% range \d+ to \d+\), the 10 alerts should catch about 75\.0% of those outcomes and about 60\.0% of alerts should be right\./,
    );
    expect(text).toContain(
      'none of the latest stays has an outcome yet, so none was searched and no evidence can rest on a drifted input',
    );
    expect(text).toMatch(/\n {2}2180 Q4 +30 +10 +8\.0 \(\d+ to \d+\) .*75\.0% +60\.0%\n/);
    expect(text).toContain(
      '5 of them fall in 1 quarter of admission with fewer than 11 such stays, not forecast.',
    );
    const csv = monitoringCsv(report).find((f) => f.name === 'monitoring-awaiting-outcomes.csv')!;
    const lines = csv.csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2180 Q4,30,no,10,8(\.0+\d*)?,\d+,\d+,/);
    // A period too small gives its size only.
    expect(lines[2]).toBe(`2181 Q1,5,yes${','.repeat(12)}`);
  });

  it('has no such section for a run whose stays all have outcomes', () => {
    temp.store.db.prepare('DELETE FROM run_awaiting_stays').run();
    const report = monitor();
    expect(report.awaiting).toBeNull();
    expect(monitoringText(report)).not.toContain('no outcome yet');
    expect(monitoringCsv(report).map((f) => f.name)).not.toContain(
      'monitoring-awaiting-outcomes.csv',
    );
  });
});
