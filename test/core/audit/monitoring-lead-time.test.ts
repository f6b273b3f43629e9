/**
 * Lead time (issue 27, item 6) on a hand-built run whose truth is known. The window is 2 hours
 * long, so the model decides at hour 2. Twelve stays it alerted on had the outcome, with
 * onsets at hours 0, 1, 1, 2, 3, 3 (first quarter) and 4, 5, 6, 7, 8, 9 (second): lead times
 * −2, −1, −1, 0, +1, +1, +2, … +7 h, of which 8 are before the onset; by hand (numpy's linear
 * rule) the median is +1.5 h and the quartiles −0.25 h and +4.25 h. A stay with the outcome
 * but no alert, and an alert without the outcome, are not lead times. Each quarter alone has
 * 6, too few to estimate.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monitoringCsv } from '../../../src/main/core/audit/monitoring-csv';
import { runMonitoring } from '../../../src/main/core/audit/run-monitoring';
import { clopperPearson } from '../../../src/main/core/statistics/exact-intervals';
import type { Store } from '../../../src/main/core/store';
import { monitoringText } from '../../../src/shared/monitoring-text';
import { handBuiltResult, handBuiltRun } from '../../support/hand-built-run';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const ONSETS = [0, 1, 1, 2, 3, 3, 4, 5, 6, 7, 8, 9];

function buildRun(store: Store, withOnsets: boolean): number {
  const cohortId = store.createCohort({ ...TINY_SCHEMA, name: 'hourly-labels' });
  const write = store.stayWriter(cohortId);
  const stay = (key: string, day: string, label: 0 | 1, onset: number | null) =>
    write(
      tinyStay(key, {
        t0: `${day}T00:00:00.000Z`,
        outcomes: { E1: label },
        ...(withOnsets && onset !== null ? { onsets: { E1: onset } } : {}),
      }),
    );
  const results = ONSETS.map((onset, i) => {
    const key = `caught-${i}`;
    const id = stay(key, i < 6 ? '2180-01-15' : '2180-04-15', 1, onset);
    return handBuiltResult(id, key, 1, { pFull: 0.8 });
  });
  const missed = stay('missed', '2180-01-15', 1, 5);
  const falseAlarm = stay('false-alarm', '2180-04-15', 0, null);
  return handBuiltRun(store, {
    cohortId,
    cohortName: 'hourly-labels',
    results: [
      ...results,
      handBuiltResult(missed, 'missed', 1, { pFull: 0.2 }),
      handBuiltResult(falseAlarm, 'false-alarm', 0, { pFull: 0.9 }),
    ],
  });
}

describe('lead time from alert to onset', () => {
  let temp: ReturnType<typeof tempStore>;
  beforeEach(() => {
    temp = tempStore();
  });
  afterEach(() => temp.dispose());

  const monitor = (runId: number) =>
    runMonitoring(temp.store, runId, {
      period: { calendar: 'quarter' },
      unit: null,
      minGroupSize: 1,
      seed: 1,
      referencePeriods: 0,
    });

  it('measures the alerted stays with the outcome by hand, and no period with too few', () => {
    const lead = monitor(buildRun(temp.store, true)).leadTime!;
    const [lower, upper] = clopperPearson(8, 12);
    expect(lead).toMatchObject({ alertHour: 2, minimum: 10 });
    expect(lead.overall).toMatchObject({
      label: 'all stays',
      caught: 12,
      beforeOnset: 8,
      shareBeforeOnset: { estimate: 8 / 12, lower, upper, method: 'clopper-pearson' },
    });
    expect(lead.overall.median).toBeCloseTo(1.5, 12);
    expect(lead.overall.lowerQuartile).toBeCloseTo(-0.25, 12);
    expect(lead.overall.upperQuartile).toBeCloseTo(4.25, 12);
    expect(lead.periods.map((g) => [g.label, g.caught, g.beforeOnset, g.median])).toEqual([
      ['2180 Q1', 6, 2, null],
      ['2180 Q2', 6, 6, null],
    ]);
    expect(lead.periods[0]!.shareBeforeOnset.estimate).toBeNull();
  });

  it('says it in the words `toe monitor` prints, and writes it as CSV', () => {
    const report = monitor(buildRun(temp.store, true));
    const text = monitoringText(report);
    expect(text).toContain(
      '- The model decides at hour 2 of a stay, the end of its observation window. Of the 12 stays it alerted on whose outcome happened, the alert came before the outcome began in 8 (66.7% (',
    );
    expect(text).toContain(
      'the median time from alert to onset was +1.5 h (half between −0.3 h and +4.3 h;',
    );
    expect(text).toMatch(/ {2}2180 Q1 +6 +2: too few to estimate +too few to estimate/);
    const csv = monitoringCsv(report).find((f) => f.name === 'monitoring-lead-time.csv')!;
    const lines = csv.csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^all stays,2,12,8,0\.66666/);
    expect(lines[1]).toMatch(/,1\.5,-0\.25,4\.25$/);
    expect(lines[2]).toBe('2180 Q1,2,6,2,,,,,,');
  });

  it('has no lead time where the labels are one per stay (no onset recorded)', () => {
    const report = monitor(buildRun(temp.store, false));
    expect(report.leadTime).toBeNull();
    expect(monitoringText(report)).not.toContain('Lead time, from the alert');
  });
});
