import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCohort } from '../../../src/main/core/import/cohort-writer';
import { ImportClock, type WritingPace } from '../../../src/main/core/import/import-clock';
import { ImportSummaryBuilder } from '../../../src/main/core/import/import-summary';
import { CancelledError, type ProgressUpdate } from '../../../src/main/core/jobs/progress';
import type { NewStay, Store } from '../../../src/main/core/store';
import { storeFingerprint, tempStore, tinyStay, TINY_SCHEMA } from '../../support/temp-store';

const PACE: WritingPace = { phase: 'writing', staysPerTick: 2, countInMessage: true };

function tinyReport(): ImportSummaryBuilder {
  return new ImportSummaryBuilder(
    'generic',
    'test',
    TINY_SCHEMA.name,
    TINY_SCHEMA.featureSchema.variables.map((v) => v.name),
    TINY_SCHEMA.featureSchema.hours,
    TINY_SCHEMA.tasks,
  );
}

function tinyStays(n: number): NewStay[] {
  return Array.from({ length: n }, (_, i) => tinyStay(`s${i}`));
}

describe('the cohort writer every importer shares', () => {
  let store: Store;
  let dispose: () => void;
  beforeEach(() => ({ store, dispose } = tempStore()));
  afterEach(() => dispose());

  it('writes the cohort, its stays and the report, reporting as the write starts, every tick and at its end', async () => {
    const updates: ProgressUpdate[] = [];
    const commits: string[] = [];
    const clock = new ImportClock(
      { progress: (u) => updates.push(u), beginCommit: (what) => commits.push(what) },
      'The test import',
      PACE,
    );
    const report = tinyReport();
    function* stays() {
      yield* tinyStays(5);
      // Work after the last stay still reaches the report.
      report.note('all five written');
    }
    const built = await writeCohort(store, {
      cohort: TINY_SCHEMA,
      stays: stays(),
      total: 5,
      report,
      clock,
    });

    expect(updates.map((u) => u.done)).toEqual([0, 2, 4, 5]);
    expect(updates.at(-1)).toEqual({
      phase: 'writing',
      done: 5,
      total: 5,
      message: '5 of 5 stays written',
    });
    expect(commits).toEqual(['The test import']);
    expect(built.staysIncluded).toBe(5);
    expect(built.notes).toContain('all five written');
    const cohortId = store.findCohortId(TINY_SCHEMA.name)!;
    expect(store.stayIds(cohortId)).toHaveLength(5);
    expect(store.getCohort(cohortId).report?.staysIncluded).toBe(5);
  });

  it('leaves the counts to the phase name when the pace says so', async () => {
    const updates: ProgressUpdate[] = [];
    const clock = new ImportClock({ progress: (u) => updates.push(u) }, 'The demo', {
      ...PACE,
      phase: 'generating stays',
      countInMessage: false,
    });
    await writeCohort(store, {
      cohort: TINY_SCHEMA,
      stays: tinyStays(1),
      total: 1,
      report: tinyReport(),
      clock,
    });
    expect(updates).toEqual([
      { phase: 'generating stays', done: 0, total: 1 },
      { phase: 'generating stays', done: 1, total: 1 },
    ]);
  });

  it('rolls back everything when cancelled between ticks or at the point of no return', async () => {
    const before = storeFingerprint(store);
    const controller = new AbortController();
    const cancelledMidway = new ImportClock(
      {
        signal: controller.signal,
        progress: (u) => {
          if (u.done === 2) controller.abort();
        },
      },
      'The test import',
      PACE,
    );
    await expect(
      writeCohort(store, {
        cohort: TINY_SCHEMA,
        stays: tinyStays(5),
        total: 5,
        report: tinyReport(),
        clock: cancelledMidway,
      }),
    ).rejects.toThrow(new CancelledError('The test import'));
    expect(storeFingerprint(store)).toEqual(before);

    const cancelledAtCommit = new ImportClock(
      {
        beginCommit: (what) => {
          throw new CancelledError(what);
        },
      },
      'The test import',
      PACE,
    );
    await expect(
      writeCohort(store, {
        cohort: TINY_SCHEMA,
        stays: tinyStays(5),
        total: 5,
        report: tinyReport(),
        clock: cancelledAtCommit,
      }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(storeFingerprint(store)).toEqual(before);
  });
});

describe('the import clock while reading', () => {
  it('counts files read when rows have no honest total', () => {
    const updates: ProgressUpdate[] = [];
    const clock = new ImportClock({ progress: (u) => updates.push(u) }, 'x', PACE, { files: 2 });
    for (let row = 1; row <= 10_000; row++) clock.row('a.csv', row);
    clock.fileDone('a.csv', 10_000);
    expect(updates).toEqual([
      { phase: 'reading', done: 0, total: 2, message: 'a.csv: 10,000 rows' },
      { phase: 'reading', done: 1, total: 2, message: 'a.csv: 10,000 rows read' },
    ]);
  });

  it('counts rows across files when every file says its row count up front', () => {
    const updates: ProgressUpdate[] = [];
    const clock = new ImportClock({ progress: (u) => updates.push(u) }, 'x', PACE, {
      rows: 15_000,
    });
    for (let row = 1; row <= 5_000; row++) clock.row('sta.parquet', row);
    for (let row = 1; row <= 10_000; row++) clock.row('dyn.parquet', row);
    expect(updates).toEqual([
      { phase: 'reading', done: 10_000, total: 15_000, message: 'dyn.parquet: 5,000 rows' },
    ]);
  });

  it('names the import when a cancel has come', () => {
    const controller = new AbortController();
    const clock = new ImportClock({ signal: controller.signal }, 'The YAIB import', PACE);
    clock.check();
    controller.abort();
    expect(() => clock.check()).toThrow('The YAIB import was cancelled; nothing was changed.');
  });
});
