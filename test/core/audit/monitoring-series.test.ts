/**
 * A monitoring series (issue 27, item 1): runs of one bundle over successive cohorts, watched
 * as one. Hand-built: "zulu" (the older extract, 30 stays, 10 with the outcome) then "alpha"
 * (the newer, 20 stays, 12 with the outcome), so the series' order is not the names' order.
 * Grouped by cohort, the periods follow the series; grouped by quarter, the stays pool; runs
 * that did not decide alike, or audited one cohort twice, are refused with the reason.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMonitoring, type MonitoringOptions } from '../../../src/main/core/audit/run-monitoring';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { figuresFingerprint } from '../../../src/main/core/audit/stored-figures';
import type { NewCohort, Store } from '../../../src/main/core/store';
import { monitoringText } from '../../../src/shared/monitoring-text';
import { handBuiltResult, handBuiltRun } from '../../support/hand-built-run';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const result = (stayId: number, stayKey: string, label: 0 | 1) =>
  handBuiltResult(stayId, stayKey, label, { pFull: label === 1 ? 0.6 : 0.2 });

interface Extract {
  name: string;
  day: string;
  stays: number;
  events: number;
  task?: string;
  threshold?: number;
  cohort?: Partial<NewCohort>;
  /** Audit this existing cohort again instead of importing one. */
  cohortId?: number;
}

function audit(store: Store, extract: Extract): { runId: number; cohortId: number } {
  let cohortId = extract.cohortId;
  const keys: { id: number; key: string; label: 0 | 1 }[] = [];
  if (cohortId === undefined) {
    cohortId = store.createCohort({
      ...TINY_SCHEMA,
      tasks: ['E1', 'E2'],
      name: extract.name,
      ...extract.cohort,
    });
    const write = store.stayWriter(cohortId);
    for (let i = 0; i < extract.stays; i++) {
      const label = (i < extract.events ? 1 : 0) as 0 | 1;
      const key = `${extract.name}-${i}`;
      const id = write(
        tinyStay(key, {
          t0: `${extract.day}T${String(i % 24).padStart(2, '0')}:00:00.000Z`,
          outcomes: { E1: label, E2: label },
        }),
      );
      keys.push({ id, key, label });
    }
  } else {
    for (const stay of store.loadStays(store.stayIds(cohortId)))
      keys.push({ id: stay.id, key: stay.stayKey, label: stay.outcomes.E1! });
  }
  const runId = handBuiltRun(store, {
    cohortId,
    cohortName: store.getCohort(cohortId).name,
    results: keys.map((s) => result(s.id, s.key, s.label)),
    ...(extract.task ? { task: extract.task } : {}),
    ...(extract.threshold ? { threshold: extract.threshold } : {}),
  });
  return { runId, cohortId };
}

describe('a monitoring series of runs over successive cohorts', () => {
  let temp: ReturnType<typeof tempStore>;
  let older: ReturnType<typeof audit>;
  let newer: ReturnType<typeof audit>;
  beforeEach(() => {
    temp = tempStore();
    older = audit(temp.store, { name: 'zulu', day: '2180-01-15', stays: 30, events: 10 });
    newer = audit(temp.store, { name: 'alpha', day: '2180-04-15', stays: 20, events: 12 });
  });
  afterEach(() => temp.dispose());

  const options = (overrides: Partial<MonitoringOptions> = {}): MonitoringOptions => ({
    period: { cohort: true },
    unit: null,
    minGroupSize: 11,
    seed: 1,
    referencePeriods: 0,
    seriesRunIds: [older.runId],
    ...overrides,
  });

  it('gives each run of the series one period, in the series order', () => {
    const report = runMonitoring(temp.store, newer.runId, options());
    expect(report.series).toEqual([
      { runId: older.runId, cohortName: 'zulu', stays: 30, awaiting: 0 },
      { runId: newer.runId, cohortName: 'alpha', stays: 20, awaiting: 0 },
    ]);
    expect(report.periods.map((g) => [g.label, g.stays, g.events])).toEqual([
      ['zulu', 30, 10],
      ['alpha', 20, 12],
    ]);
    // The charts run through the older extract first.
    expect(report.sequence.period).toEqual([
      ...Array<string>(30).fill('zulu'),
      ...Array<string>(20).fill('alpha'),
    ]);
    expect(report.inputDrift).toMatchObject({ referencePeriods: ['zulu'], latestPeriod: 'alpha' });
    expect(monitoringText(report)).toContain(
      `A series of 2 runs of one bundle over successive cohorts, oldest first: run ${older.runId} on “zulu” (30 stays), run ${newer.runId} on “alpha” (20 stays).`,
    );
  });

  it('pools the stays when grouped by calendar, and reads the queue of every run', () => {
    const pooled = runMonitoring(
      temp.store,
      newer.runId,
      options({ period: { calendar: 'year' } }),
    );
    expect(pooled.periods.map((g) => [g.label, g.stays, g.events])).toEqual([['2180', 50, 22]]);
    const alone = [older.runId, newer.runId].map(
      (runId) =>
        runMonitoring(
          temp.store,
          runId,
          options({ period: { calendar: 'year' }, seriesRunIds: [] }),
        ).queueSize,
    );
    expect(pooled.queueSize).toBe(alone[0]! + alone[1]!);
  });

  it('refuses runs that did not decide alike, or one cohort twice, saying why', () => {
    const other = (extract: Omit<Extract, 'day' | 'stays' | 'events'>) =>
      audit(temp.store, { day: '2180-07-15', stays: 12, events: 4, ...extract }).runId;
    const refused = (seriesRunIds: number[]) => () =>
      runMonitoring(temp.store, newer.runId, options({ seriesRunIds }));
    expect(refused([other({ name: 'e2', task: 'E2' })])).toThrow(
      /audited different outcomes \(E2 and E1\)/,
    );
    expect(refused([other({ name: 'strict', threshold: 0.4 })])).toThrow(
      /alerted at different thresholds \(0\.4 and 0\.5\)/,
    );
    const withAge = {
      ...TINY_SCHEMA.contextSchema,
      staticInputs: [{ name: 'age', kind: 'numeric' as const, unit: 'years' }],
    };
    expect(refused([other({ name: 'aged', cohort: { contextSchema: withAge } })])).toThrow(
      /read cohorts with different inputs \("aged" and "alpha"\)/,
    );
    const again = audit(temp.store, { ...older, name: 'zulu', day: '', stays: 0, events: 0 });
    expect(refused([older.runId, again.runId])).toThrow(/audited the same cohort "zulu"/);
    expect(refused([older.runId, older.runId])).toThrow(/is named twice/);
    expect(() => runMonitoring(temp.store, newer.runId, options({ seriesRunIds: [] }))).toThrow(
      /grouping by cohort needs a series/,
    );
  });

  it("keeps a series' figures current: an earlier run that grows changes their fingerprint", () => {
    const runs = new RunStore(temp.store);
    const request = {
      kind: 'monitoring' as const,
      runId: newer.runId,
      seed: 1,
      period: { cohort: true as const },
      unit: null,
      minGroupSize: 11,
      referencePeriods: 0,
      seriesRunIds: [older.runId],
    };
    const before = figuresFingerprint(temp.store, runs.getRun(newer.runId), request);
    const alone = figuresFingerprint(temp.store, runs.getRun(newer.runId), {
      ...request,
      seriesRunIds: [],
    });
    expect(before).not.toBe(alone);
    const id = temp.store.stayWriter(older.cohortId)(
      tinyStay('zulu-late', { t0: '2180-02-01T00:00:00.000Z' }),
    );
    temp.store.db
      .prepare('INSERT INTO run_stays (run_id, position, stay_id) VALUES (?, 30, ?)')
      .run(older.runId, id);
    runs.saveResult(older.runId, result(id, 'zulu-late', 1));
    expect(figuresFingerprint(temp.store, runs.getRun(newer.runId), request)).not.toBe(before);
  });
});

describe('the order of periods and units', () => {
  it('reads the numbers in their labels by value: Q2 before Q10, ICU 9 before ICU 10', () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort({
        ...TINY_SCHEMA,
        name: 'numbered',
        attributes: ['era', 'unit'],
      });
      const write = temp.store.stayWriter(cohortId);
      const labels = ['Q10', 'Q2', 'Q1'];
      const stays = labels.flatMap((era, e) =>
        Array.from({ length: 12 }, (_, i) => {
          const key = `${era}-${i}`;
          const label = (i % 3 === 0 ? 1 : 0) as 0 | 1;
          const unit = `ICU ${[10, 9, 1][e]}`;
          return {
            key,
            label,
            id: write(tinyStay(key, { attributes: { era, unit }, outcomes: { E1: label } })),
          };
        }),
      );
      const runId = handBuiltRun(temp.store, {
        cohortId,
        cohortName: 'numbered',
        results: stays.map((s) => result(s.id, s.key, s.label)),
      });
      const report = runMonitoring(temp.store, runId, {
        period: { attribute: 'era' },
        unit: 'unit',
        minGroupSize: 11,
        seed: 1,
        referencePeriods: 0,
      });
      expect(report.periods.map((g) => g.label)).toEqual(['Q1', 'Q2', 'Q10']);
      expect(report.units!.map((g) => g.label)).toEqual(['ICU 1', 'ICU 9', 'ICU 10']);
      expect(report.inputDrift?.latestPeriod).toBe('Q10');
    } finally {
      temp.dispose();
    }
  });
});
