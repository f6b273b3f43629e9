import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/main/core/errors/input-error';
import { importMimicIv } from '../../../src/main/core/import/mimic-iv';
import { CancelledError } from '../../../src/main/core/jobs/progress';
import { ConflictError, type Store } from '../../../src/main/core/store';
import { TINY_SCHEMA, storeFingerprint, tempStore, tinyStay } from '../../support/temp-store';
import { demoCopy, demoLines, MIMIC_IV_DEMO } from '../../support/mimic-demo';
import { plainTempDir } from '../../support/plain-temp-dir';

let root = '';
beforeAll(() => {
  root = plainTempDir('toe-mimic-errors-');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Replaces one field of one line (1-based, the header is line 1) of a CSV given as lines. */
function withField(lines: string[], line: number, column: string, value: string): string {
  const header = lines[0]!.split(',');
  const copy = [...lines];
  const fields = copy[line - 1]!.split(',');
  fields[header.indexOf(column)] = value;
  copy[line - 1] = fields.join(',');
  return `${copy.join('\n')}\n`;
}

describe('MIMIC-IV import of malformed input', () => {
  let store: Store;
  let dispose = () => {};
  let before: Record<string, number | string>;
  let existingHash = '';

  /** Every test starts from a store that already holds a cohort, which must survive intact. */
  function freshStore() {
    const t = tempStore();
    dispose = t.dispose;
    store = t.store;
    const existing = store.createCohort(TINY_SCHEMA);
    const write = store.stayWriter(existing);
    write(tinyStay('s1'));
    write(tinyStay('s2', { split: 'train' }));
    before = storeFingerprint(store);
    existingHash = store.cohortContentHash(existing);
  }
  afterEach(() => dispose());

  function expectStoreUnchanged() {
    expect(storeFingerprint(store)).toEqual(before);
    expect(store.cohortContentHash(store.findCohortId('tiny')!)).toBe(existingHash);
    expect(store.findCohortId('mimic-iv')).toBeNull();
  }

  async function expectInputError(
    dir: string,
    expected: { file: string; line: number | null; field: string | null; message: RegExp },
  ): Promise<InputError> {
    freshStore();
    const error = await importMimicIv(store, dir, {}).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    const input = error as InputError;
    expect({ file: input.file, line: input.line, field: input.field }).toEqual({
      file: expected.file,
      line: expected.line,
      field: expected.field,
    });
    expect(input.message).toMatch(expected.message);
    expectStoreUnchanged();
    return input;
  }

  it('names a missing required column', async () => {
    const lines = demoLines('icu/icustays.csv.gz');
    lines[0] = lines[0]!.replace('intime', 'in_time');
    const dir = demoCopy(root, 'missing-column', { 'icu/icustays.csv': `${lines.join('\n')}\n` });
    await expectInputError(dir, {
      file: 'icustays.csv',
      line: 1,
      field: 'intime',
      message: /^icustays\.csv, line 1, field "intime": missing column "intime"/,
    });
  });

  it('names a non-numeric stay_id', async () => {
    const dir = demoCopy(root, 'bad-stay-id', {
      'icu/icustays.csv': withField(demoLines('icu/icustays.csv.gz'), 5, 'stay_id', 'S-31'),
    });
    await expectInputError(dir, {
      file: 'icustays.csv',
      line: 5,
      field: 'stay_id',
      message: /^icustays\.csv, line 5, field "stay_id": "S-31" is not a number/,
    });
  });

  it('names an intime that is not a date-time', async () => {
    const dir = demoCopy(root, 'bad-intime', {
      'icu/icustays.csv': withField(
        demoLines('icu/icustays.csv.gz'),
        7,
        'intime',
        '24/04/2154 23:03',
      ),
    });
    await expectInputError(dir, {
      file: 'icustays.csv',
      line: 7,
      field: 'intime',
      message: /^icustays\.csv, line 7, field "intime": "24\/04\/2154 23:03" is not a date-time/,
    });
  });

  it('names a bad field deep inside chartevents, after most rows were read', async () => {
    const dir = demoCopy(root, 'bad-chart-row', {
      'icu/chartevents.csv': withField(
        demoLines('icu/chartevents.csv.gz'),
        500_000,
        'stay_id',
        'n/a',
      ),
    });
    await expectInputError(dir, {
      file: 'chartevents.csv',
      line: 500_000,
      field: 'stay_id',
      message: /^chartevents\.csv, line 500000, field "stay_id": "n\/a" is not a number/,
    });
  });

  it('names a duplicate stay_id and where it first appeared', async () => {
    const lines = demoLines('icu/icustays.csv.gz');
    const stayId = lines[2]!.split(',')[2]!;
    const dir = demoCopy(root, 'duplicate-stay', {
      'icu/icustays.csv': withField(lines, 10, 'stay_id', stayId),
    });
    await expectInputError(dir, {
      file: 'icustays.csv',
      line: 10,
      field: 'stay_id',
      message: new RegExp(
        `^icustays\\.csv, line 10, field "stay_id": stay_id ${stayId} appears twice \\(first on line 3\\)`,
      ),
    });
  });

  it('names a truncated gzip and the line it broke at', async () => {
    const whole = readFileSync(join(MIMIC_IV_DEMO, 'icu/chartevents.csv.gz'));
    const dir = demoCopy(root, 'truncated-gzip', {
      'icu/chartevents.csv.gz': whole.subarray(0, Math.floor(whole.length / 2)),
    });
    freshStore();
    const error = (await importMimicIv(store, dir, {}).catch((e: unknown) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    // A cut stream has no field to blame; the file and the line where it ended are named.
    expect(error.file).toBe('chartevents.csv.gz');
    expect(error.line).toBeGreaterThan(100_000);
    expect(error.message).toMatch(/^chartevents\.csv\.gz, line \d+/);
    expect(error.message).toMatch(/the gzip data is truncated or corrupt/);
    expectStoreUnchanged();
  });

  it('names a missing required file', async () => {
    const dir = demoCopy(root, 'missing-file', { 'hosp/labevents.csv.gz': null });
    await expectInputError(dir, {
      file: 'hosp/labevents.csv.gz',
      line: null,
      field: null,
      message: /^hosp\/labevents\.csv\.gz: required file is missing/,
    });
  });

  it('names a hospital_expire_flag that is not 0 or 1 on an ICU admission', async () => {
    const icuAdmissions = new Set(demoLines('icu/icustays.csv.gz').map((l) => l.split(',')[1]));
    const lines = demoLines('hosp/admissions.csv.gz');
    const line = lines.findIndex((l, i) => i > 0 && icuAdmissions.has(l.split(',')[1])) + 1;
    const dir = demoCopy(root, 'bad-flag', {
      'hosp/admissions.csv': withField(lines, line, 'hospital_expire_flag', '2'),
    });
    await expectInputError(dir, {
      file: 'admissions.csv',
      line,
      field: 'hospital_expire_flag',
      message: /"2" is not 0 or 1/,
    });
  });
});

describe('MIMIC-IV import stopped part-way', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  function storeWithCohort() {
    const t = tempStore();
    dispose = t.dispose;
    const existing = t.store.createCohort(TINY_SCHEMA);
    t.store.stayWriter(existing)(tinyStay('s1'));
    return { store: t.store, before: storeFingerprint(t.store) };
  }

  it('cancelled while reading chart events: nothing is written', async () => {
    const { store, before } = storeWithCohort();
    const controller = new AbortController();
    const importing = importMimicIv(store, MIMIC_IV_DEMO, {
      signal: controller.signal,
      progress: (u) => {
        if (u.phase === 'Chart events' && u.done > 0) controller.abort();
      },
    });
    await expect(importing).rejects.toBeInstanceOf(CancelledError);
    expect(storeFingerprint(store)).toEqual(before);
  });

  it('cancelled inside the write transaction: the cohort already created is rolled back', async () => {
    const { store, before } = storeWithCohort();
    const controller = new AbortController();
    let cohortsWhenCancelled = 0;
    const importing = importMimicIv(store, MIMIC_IV_DEMO, {
      signal: controller.signal,
      progress: (u) => {
        if (u.phase === 'Writing stays' && !controller.signal.aborted) {
          cohortsWhenCancelled = store.listCohorts().length;
          controller.abort();
        }
      },
    });
    await expect(importing).rejects.toBeInstanceOf(CancelledError);
    expect(cohortsWhenCancelled).toBe(2); // the new cohort existed inside the transaction
    expect(storeFingerprint(store)).toEqual(before);
  });

  it('refuses a cohort name already taken before reading anything', async () => {
    const { store, before } = storeWithCohort();
    await expect(importMimicIv(store, MIMIC_IV_DEMO, { name: 'tiny' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(storeFingerprint(store)).toEqual(before);
  });
});
