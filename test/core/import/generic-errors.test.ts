import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortSummary } from '../../../src/shared/domain';
import { importGeneric } from '../../../src/main/core/import/generic';
import { InputError } from '../../../src/main/core/errors/input-error';
import { PhiRefusedError } from '../../../src/main/core/phi';
import { CancelledError } from '../../../src/main/core/jobs/progress';
import { ConflictError, Store } from '../../../src/main/core/store';
import { copyFixture } from '../../support/fixture-copy';

const CLINICAL = resolve(__dirname, '../../fixtures/generic-minimal');

let root: string;
let store: Store;

/** Everything a failed import could have touched: the cohort list and every table's size. */
function snapshot(): { cohorts: CohortSummary[]; rows: Record<string, number> } {
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    rows[name] = (store.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  }
  return { cohorts: store.listCohorts(), rows };
}

let copies = 0;
/** A fresh copy of the clinical fixture to break. */
function fixtureCopy(): string {
  copies++;
  return copyFixture(CLINICAL, root);
}

/** Replaces a 1-based line of a file of the copy. */
function setLine(dir: string, file: string, line: number, text: string): void {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  lines[line - 1] = text;
  writeFileSync(join(dir, file), lines.join('\n'));
}

function append(dir: string, file: string, text: string): number {
  const path = join(dir, file);
  const body = readFileSync(path, 'utf8');
  writeFileSync(path, `${body}${text}\n`);
  return body.split('\n').length;
}

/** Runs an import expected to fail and returns its error, checking the store is untouched. */
async function failure(dir: string, options: { name?: string } = {}): Promise<unknown> {
  const before = snapshot();
  let caught: unknown = null;
  try {
    await importGeneric(store, dir, { name: `attempt ${copies}`, ...options });
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the import should have failed').not.toBeNull();
  expect(snapshot()).toEqual(before);
  return caught;
}

/** The import fails with an InputError at this file, line and field, named in its message. */
async function expectInputError(
  dir: string,
  file: string,
  line: number | null,
  field: string | null,
  problem: RegExp,
): Promise<void> {
  const error = await failure(dir);
  expect(error).toBeInstanceOf(InputError);
  const input = error as InputError;
  expect({ file: input.file, line: input.line, field: input.field }).toEqual({ file, line, field });
  expect(input.problem).toMatch(problem);
  const where = `${file}${line === null ? '' : `, line ${line}`}${field === null ? '' : `, field "${field}"`}: `;
  expect(input.message.startsWith(where)).toBe(true);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toe-generic-errors-'));
  store = new Store(join(root, 'store.sqlite'));
  // A cohort already in the store: every failed import must leave it exactly as it is.
  await importGeneric(store, CLINICAL, { name: 'existing' });
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('generic import: files and structure', () => {
  it('refuses a folder missing a required file', async () => {
    const dir = fixtureCopy();
    unlinkSync(join(dir, 'stays.csv'));
    await expectInputError(dir, 'stays.csv', null, null, /required file is missing/);
    const again = fixtureCopy();
    unlinkSync(join(again, 'cohort.json'));
    await expectInputError(again, 'cohort.json', null, null, /required file is missing/);
  });

  it('refuses a file present both plain and gzipped', async () => {
    const dir = fixtureCopy();
    writeFileSync(
      join(dir, 'measurements.csv.gz'),
      gzipSync(readFileSync(join(dir, 'measurements.csv'))),
    );
    await expectInputError(
      dir,
      'measurements.csv',
      null,
      null,
      /both measurements\.csv and measurements\.csv\.gz/,
    );
  });

  it('refuses a truncated gzip file', async () => {
    const dir = fixtureCopy();
    const body = readFileSync(join(dir, 'measurements.csv'));
    const zipped = gzipSync(Buffer.concat([body, body.subarray(body.indexOf('\n') + 1)]));
    writeFileSync(join(dir, 'measurements.csv.gz'), zipped.subarray(0, zipped.length - 30));
    unlinkSync(join(dir, 'measurements.csv'));
    const error = (await failure(dir)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.file).toBe('measurements.csv.gz');
    expect(error.line).not.toBeNull();
    expect(error.message).toMatch(
      /^measurements\.csv\.gz, line \d+: the gzip data is truncated or corrupt/,
    );
  });

  it('refuses malformed CSV: a short row, an unclosed quote, a repeated column', async () => {
    const short = fixtureCopy();
    setLine(short, 'outcomes.csv', 3, 's1,long_stay');
    await expectInputError(short, 'outcomes.csv', 3, null, /different number of fields/);
    const quote = fixtureCopy();
    const opened = append(quote, 'notes.csv', 's3,2180-04-10 02:00:00,"never closed');
    await expectInputError(
      quote,
      'notes.csv',
      opened,
      'text',
      /quote that opens this field is never closed/,
    );
    const twice = fixtureCopy();
    setLine(twice, 'variables.csv', 1, 'name,unit,name,plausible_max');
    await expectInputError(twice, 'variables.csv', 1, 'name', /names column "name" twice/);
  });

  it('refuses a missing column, on the header line', async () => {
    const dir = fixtureCopy();
    setLine(dir, 'measurements.csv', 1, 'stay_id,time,variable,val');
    await expectInputError(dir, 'measurements.csv', 1, 'value', /missing column "value"/);
    const both = fixtureCopy();
    const path = join(both, 'measurements.csv');
    const rows = readFileSync(path, 'utf8').trim().split('\n');
    writeFileSync(
      path,
      [`${rows[0]},hour_offset`, ...rows.slice(1).map((r) => `${r},0`)].join('\n'),
    );
    await expectInputError(
      both,
      'measurements.csv',
      1,
      'hour_offset',
      /both "time" and "hour_offset"/,
    );
  });
});

describe('generic import: cohort.json', () => {
  const withManifest = (text: string): string => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'cohort.json'), text);
    return dir;
  };

  it('names the line of a JSON syntax error', async () => {
    const dir = withManifest('{\n  "description": "x",\n  "tasks": ["a"],\n}\n');
    await expectInputError(dir, 'cohort.json', 4, null, /not valid JSON/);
  });

  it('names the key of a wrong, missing or unknown value', async () => {
    const base = { description: 'd', tasks: ['mortality', 'long_stay'] };
    await expectInputError(
      withManifest(JSON.stringify({ ...base, hours: '24' })),
      'cohort.json',
      null,
      'hours',
      /whole number of hours/,
    );
    await expectInputError(
      withManifest(JSON.stringify({ description: 'd' })),
      'cohort.json',
      null,
      'tasks',
      /task names is required/,
    );
    await expectInputError(
      withManifest(JSON.stringify({ ...base, hour: 12 })),
      'cohort.json',
      null,
      'hour',
      /unknown key/,
    );
    await expectInputError(
      withManifest(JSON.stringify({ ...base, tasks: ['ok', 'not ok'] })),
      'cohort.json',
      null,
      'tasks',
      /"not ok" is not a task name/,
    );
    await expectInputError(withManifest('[1, 2]'), 'cohort.json', null, null, /one JSON object/);
  });
});

describe('generic import: values', () => {
  it('refuses a value of the wrong type', async () => {
    const value = fixtureCopy();
    setLine(value, 'measurements.csv', 3, 's1,2180-03-01 08:50:00,heart_rate,ninety');
    await expectInputError(value, 'measurements.csv', 3, 'value', /"ninety" is not a number/);
    const hex = fixtureCopy();
    setLine(hex, 'measurements.csv', 3, 's1,2180-03-01 08:50:00,heart_rate,0x5A');
    await expectInputError(hex, 'measurements.csv', 3, 'value', /"0x5A" is not a number/);
    const time = fixtureCopy();
    setLine(time, 'measurements.csv', 2, 's1,2180-02-30 08:10:00,heart_rate,80');
    await expectInputError(time, 'measurements.csv', 2, 'time', /is not a date-time/);
    const t0 = fixtureCopy();
    setLine(t0, 'stays.csv', 3, 's2,p2,yesterday,train,30');
    await expectInputError(t0, 'stays.csv', 3, 't0', /"yesterday" is not a date-time/);
    const los = fixtureCopy();
    setLine(los, 'stays.csv', 3, 's2,p2,2180-03-02 12:30:00,train,-2');
    await expectInputError(los, 'stays.csv', 3, 'los_hours', /negative/);
  });

  it('refuses a label other than 0 or 1', async () => {
    for (const label of ['2', 'yes', '']) {
      const dir = fixtureCopy();
      setLine(dir, 'outcomes.csv', 4, `s2,mortality,${label}`);
      await expectInputError(dir, 'outcomes.csv', 4, 'label', /is not a label; write 0 or 1/);
    }
  });

  it('refuses bad splits: an unknown one, and a subject in two', async () => {
    const unknown = fixtureCopy();
    setLine(unknown, 'stays.csv', 2, 's1,p1,2180-03-01 08:00:00,training,50.5');
    await expectInputError(unknown, 'stays.csv', 2, 'split', /"training" is not a split/);
    const torn = fixtureCopy();
    setLine(torn, 'stays.csv', 7, 's6,p5,2180-07-01 00:00:00,train,40');
    await expectInputError(torn, 'stays.csv', 7, 'split', /subject "p5" is in "test" at line 6/);
  });

  it('refuses a bad variable definition', async () => {
    const bounds = fixtureCopy();
    setLine(bounds, 'variables.csv', 3, 'sbp,mmHg,300,20');
    await expectInputError(bounds, 'variables.csv', 3, 'plausible_max', /below plausible_min/);
    const twice = fixtureCopy();
    append(twice, 'variables.csv', 'sbp,mmHg,,');
    await expectInputError(twice, 'variables.csv', 5, 'name', /already defined at line 3/);
  });

  it('refuses bad context rows', async () => {
    const cases: [string, string, RegExp][] = [
      ['s1,cxr,2180-03-01 09:00:00,Oedema,positive', 'field', /"Oedema" is not a CheXpert label/],
      ['s1,cxr,2180-03-01 09:00:00,Atelectasis,maybe', 'value', /not a CXR label value/],
      ['s1,ecg,2180-03-01 08:20:00,pr_interval,160', 'field', /not an ECG field/],
      ['s1,ecg,2180-03-01 08:20:00,qt_interval,long', 'value', /"long" is not a number/],
      ['s1,mri,2180-03-01 08:20:00,qt_interval,1', 'kind', /"mri" is not a context kind/],
      ['s1,cxr,2180-03-01 09:00:00,Edema,negative', 'field', /"Edema" is given twice/],
    ];
    for (const [row, field, problem] of cases) {
      const dir = fixtureCopy();
      const line = append(dir, 'context.csv', row);
      await expectInputError(dir, 'context.csv', line, field, problem);
    }
  });

  it('refuses bad attribute rows', async () => {
    const twice = fixtureCopy();
    const line = append(twice, 'attributes.csv', 's1,sex,M');
    await expectInputError(twice, 'attributes.csv', line, 'name', /already has attribute "sex"/);
    const empty = fixtureCopy();
    setLine(empty, 'attributes.csv', 2, 's1,sex,');
    await expectInputError(empty, 'attributes.csv', 2, 'value', /empty/);
  });

  it('names the line a multi-line row starts on', async () => {
    const dir = fixtureCopy();
    // s4's report is quoted over lines 5 and 6 of notes.csv.
    setLine(dir, 'notes.csv', 5, 's4,2180-05-01 7h,"FINDINGS: Patchy opacity at the right base.');
    await expectInputError(dir, 'notes.csv', 5, 'charttime', /"2180-05-01 7h" is not a date-time/);
  });
});

describe('generic import: references between files', () => {
  it('refuses a duplicate stay id', async () => {
    const dir = fixtureCopy();
    append(dir, 'stays.csv', 's3,p9,2180-01-01 00:00:00,train,');
    await expectInputError(
      dir,
      'stays.csv',
      8,
      'stay_id',
      /duplicate stay id "s3" \(first at line 4\)/,
    );
  });

  it('refuses a measurement of an unknown variable or stay', async () => {
    const variable = fixtureCopy();
    setLine(variable, 'measurements.csv', 2, 's1,2180-03-01 08:10:00,hr,80');
    await expectInputError(variable, 'measurements.csv', 2, 'variable', /unknown variable "hr"/);
    const stay = fixtureCopy();
    const line = append(stay, 'measurements.csv', 's99,2180-03-01 08:10:00,heart_rate,80');
    await expectInputError(stay, 'measurements.csv', line, 'stay_id', /unknown stay "s99"/);
  });

  it('refuses outcomes of an unknown stay or task, and a second label', async () => {
    const stay = fixtureCopy();
    setLine(stay, 'outcomes.csv', 12, 's7,mortality,1');
    await expectInputError(stay, 'outcomes.csv', 12, 'stay_id', /unknown stay "s7"/);
    const task = fixtureCopy();
    setLine(task, 'outcomes.csv', 12, 's6,readmission,1');
    await expectInputError(task, 'outcomes.csv', 12, 'task', /unknown task "readmission"/);
    const twice = fixtureCopy();
    setLine(twice, 'outcomes.csv', 12, 's5,long_stay,1');
    await expectInputError(
      twice,
      'outcomes.csv',
      12,
      'task',
      /already has a label for task "long_stay"/,
    );
  });

  it('refuses notes, attributes and context of unknown stays', async () => {
    for (const [file, row] of [
      ['notes.csv', 'x1,2180-03-01 09:00:00,"Text."'],
      ['attributes.csv', 'x1,sex,F'],
      ['context.csv', 'x1,ecg,2180-03-01 08:20:00,qtc,400'],
    ] as const) {
      const dir = fixtureCopy();
      const line = append(dir, file, row);
      await expectInputError(dir, file, line, 'stay_id', /unknown stay "x1"/);
    }
  });
});

describe('generic import: refusals that are not input errors', () => {
  it('refuses identified note text, naming where, and writes nothing', async () => {
    const dir = fixtureCopy();
    const line = append(
      dir,
      'notes.csv',
      's3,2180-04-10 02:00:00,"Reach the family at jane.doe@example.org."',
    );
    const error = await failure(dir);
    expect(error).toBeInstanceOf(PhiRefusedError);
    expect((error as PhiRefusedError).findings).toEqual([
      expect.objectContaining({ file: 'notes.csv', line, kind: 'email' }),
    ]);
  });

  it('refuses a name already in the store before reading any row', async () => {
    const error = await failure(fixtureCopy(), { name: 'existing' });
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('stops on a cancel before it starts', async () => {
    const before = snapshot();
    const controller = new AbortController();
    controller.abort();
    await expect(
      importGeneric(store, fixtureCopy(), { name: 'never', signal: controller.signal }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(snapshot()).toEqual(before);
  });

  it('left the pre-existing cohort as it was', () => {
    expect(store.listCohorts().map((c) => c.name)).toEqual(['existing']);
    expect(store.listCohorts()[0]!.stays).toBe(5);
  });
});
