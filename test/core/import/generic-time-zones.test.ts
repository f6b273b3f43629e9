// One time-zone convention per generic folder (issue 26): zone-less times are read as UTC, so
// a "+05:00" among them used to shift that value five hours without a word. The first time
// read sets the folder's convention; a value in the other one is refused where it stands,
// naming where the convention was set, and nothing is imported.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import { importGeneric } from '../../../src/main/core/import/generic';
import { InputError } from '../../../src/main/core/errors/input-error';
import { Store } from '../../../src/main/core/store';
import { copyFixture } from '../../support/fixture-copy';
import { plainTempDir } from '../../support/plain-temp-dir';

const FIXTURE = resolve(__dirname, '../../fixtures/generic-minimal');
// A date-time with no zone of its own (the fixture writes one t0 with Z, which fits either).
const ZONE_LESS_TIME = /(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?)(?![\d:Z+-])/g;

let root: string;
let store: Store;
let attempts = 0;

/** Everything a refused import could have touched: the cohort list and every table's size. */
function snapshot(): unknown {
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  const rows = tables.map(
    ({ name }) =>
      [
        name,
        (store.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n,
      ] as const,
  );
  return { cohorts: store.listCohorts(), rows };
}

/** What an import found, without what differs from run to run. */
function findings(report: ImportSummary): Partial<ImportSummary> {
  const { cohortName: _name, source: _source, startedAt: _s, finishedAt: _f, ...rest } = report;
  return rest;
}

function appendRow(dir: string, file: string, text: string): number {
  const path = join(dir, file);
  const body = readFileSync(path, 'utf8');
  writeFileSync(path, `${body}${text}\n`);
  return body.split('\n').length;
}

async function refusal(dir: string, exactReader = false): Promise<InputError> {
  const before = snapshot();
  const error: unknown = await importGeneric(
    store,
    dir,
    { name: `mixed ${++attempts}` },
    { exactReader },
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  expect(snapshot()).toEqual(before);
  return error as InputError;
}

let original: ImportSummary;
beforeAll(async () => {
  root = plainTempDir('toe-time-zones-');
  store = new Store(join(root, 'store.sqlite'));
  original = await importGeneric(store, FIXTURE, { name: 'zone-less' });
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('generic import: one time-zone convention per folder', () => {
  for (const exactReader of [false, true]) {
    it(`refuses an offset among zone-less measurement times (${exactReader ? 'exact reader' : 'fast path'})`, async () => {
      const dir = copyFixture(FIXTURE, root);
      const line = appendRow(dir, 'measurements.csv', 's1,2180-03-01 09:30:00+05:00,heart_rate,85');
      const error = await refusal(dir, exactReader);
      expect({ file: error.file, line: error.line, field: error.field }).toEqual({
        file: 'measurements.csv',
        line,
        field: 'time',
      });
      expect(error.message).toBe(
        `measurements.csv, line ${line}, field "time": "2180-03-01 09:30:00+05:00" is written with a time-zone offset, ` +
          `but this folder's times are zone-less (set by stays.csv:2, field "t0"); ` +
          'write every time of the folder with an offset, or none',
      );
    });
  }

  it('refuses a zone-less note time in a folder whose times carry offsets', async () => {
    const dir = copyFixture(FIXTURE, root);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
      const path = join(dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(ZONE_LESS_TIME, '$1+02:00'));
    }
    const line = appendRow(dir, 'notes.csv', 's1,2180-03-01 09:30:00,"Stable."');
    const error = await refusal(dir);
    expect({ file: error.file, line: error.line, field: error.field }).toEqual({
      file: 'notes.csv',
      line,
      field: 'charttime',
    });
    expect(error.problem).toMatch(
      /is zone-less, but this folder's times are with offset \(set by stays\.csv:2, field "t0"\); write every time of the folder with an offset, or none/,
    );
  });

  it('imports an all-offset folder as the same folder without zones', async () => {
    const dir = copyFixture(FIXTURE, root);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
      const path = join(dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(ZONE_LESS_TIME, '$1+00:00'));
    }
    expect(readFileSync(join(dir, 'measurements.csv'), 'utf8')).toContain('+00:00');
    const report = await importGeneric(store, dir, { name: 'with offsets' });
    expect(findings(report)).toEqual(findings(original));
  });

  it('imports an all-zone-less folder as before', () => {
    expect(original.staysSeen).toBe(6);
    expect(original.notes.join('\n')).not.toMatch(/convention|offset/);
  });
});
