import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import { importGeneric } from '../../../src/main/core/import/generic';
import { InputError } from '../../../src/main/core/errors/input-error';
import { Store, type StaticValue } from '../../../src/main/core/store';
import { copyFixture } from '../../support/fixture-copy';
import { storeFingerprint } from '../../support/temp-store';

const STATIC = resolve(__dirname, '../../fixtures/generic-static');
const VERSION_1 = resolve(__dirname, '../../fixtures/generic-minimal');

let root: string;
let store: Store;
let copies = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toe-generic-static-'));
  store = new Store(join(root, 'store.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

/** static.csv read here without the importer: stay → name → raw value. */
function staticRows(dir: string): Map<string, Map<string, string>> {
  const rows = readFileSync(join(dir, 'static.csv'), 'utf8').trim().split('\n').slice(1);
  const byStay = new Map<string, Map<string, string>>();
  for (const line of rows) {
    const [stay, name, value] = line.split(',') as [string, string, string];
    byStay.set(stay, (byStay.get(stay) ?? new Map()).set(name, value));
  }
  return byStay;
}

function editManifest(dir: string, edit: (json: Record<string, unknown>) => void): void {
  const path = join(dir, 'cohort.json');
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(path, JSON.stringify(json));
}

function appendStatic(dir: string, row: string): number {
  const path = join(dir, 'static.csv');
  const body = readFileSync(path, 'utf8');
  writeFileSync(path, `${body}${row}\n`);
  return body.trimEnd().split('\n').length + 1;
}

/** The import fails at this file, line and field; the store is exactly as it was. */
async function expectRefused(
  dir: string,
  where: { file: string; line: number | null; field: string | null },
  problem: RegExp,
): Promise<void> {
  const before = storeFingerprint(store);
  const error: unknown = await importGeneric(store, dir, { name: `attempt ${++copies}` }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  const input = error as InputError;
  expect({ file: input.file, line: input.line, field: input.field }).toEqual(where);
  expect(input.message).toMatch(problem);
  expect(storeFingerprint(store)).toEqual(before);
}

const fixtureCopy = () => copyFixture(STATIC, root);

describe('generic format version 2: static inputs', () => {
  let report: ImportSummary;
  let cohortId: number;

  beforeAll(async () => {
    report = await importGeneric(store, STATIC, {});
    cohortId = store.resolveCohort('generic-static');
  });

  it('declares the inputs of cohort.json with the cohort', () => {
    expect(store.getCohort(cohortId).contextSchema).toEqual({
      cxrLabels: [],
      ecgFields: [],
      staticInputs: [
        { name: 'age', kind: 'numeric', unit: 'years' },
        { name: 'weight', kind: 'numeric', unit: 'kg' },
        { name: 'sex', kind: 'categorical', categories: ['Female', 'Male'] },
        { name: 'unit_type', kind: 'categorical', categories: ['medical', 'surgical', 'cardiac'] },
      ],
    });
  });

  it('stores every row of static.csv, numbers as numbers, and no value where no row', () => {
    const expected = staticRows(STATIC);
    const ids = store.stayIds(cohortId);
    const keys = new Map(store.loadStays(ids).map((s) => [s.id, s.stayKey]));
    const statics = store.staticInputsOf(ids);
    // s6 has no long_stay label, so it is not in the cohort.
    expect([...keys.values()].sort()).toEqual(['s1', 's2', 's3', 's4', 's5']);
    let values = 0;
    for (const [id, stored] of statics) {
      const raw = expected.get(keys.get(id)!) ?? new Map<string, string>();
      const want = new Map<string, StaticValue>(
        [...raw].map(([name, value]) => [
          name,
          name === 'age' || name === 'weight' ? Number(value) : value,
        ]),
      );
      expect(stored, keys.get(id)).toEqual(want);
      values += stored.size;
    }
    const included = [...expected].filter(([stay]) => stay !== 's6');
    expect(values).toBe(included.reduce((n, [, row]) => n + row.size, 0));
    expect(values).toBe(14);
    expect(typeof statics.get(ids[0]!)!.get('age')).toBe('number');
  });

  it('reports how many included stays have each input', () => {
    const rows = [...staticRows(STATIC)].filter(([stay]) => stay !== 's6');
    const having = (name: string) => rows.filter(([, row]) => row.has(name)).length;
    expect(report.notes.join('\n')).toContain(
      `age (years) for ${having('age')}, weight (kg) for ${having('weight')}, sex (Female / Male) for ${having('sex')}, unit_type (medical / surgical / cardiac) for ${having('unit_type')} of 5 included stays`,
    );
    expect(having('weight')).toBe(2);
  });

  it('imports a version 1 folder unchanged: no static inputs declared, none stored', async () => {
    await importGeneric(store, VERSION_1, { name: 'version 1' });
    const id = store.resolveCohort('version 1');
    expect(store.getCohort(id).contextSchema).not.toHaveProperty('staticInputs');
    const statics = store.staticInputsOf(store.stayIds(id));
    expect([...statics.values()].every((v) => v.size === 0)).toBe(true);
  });

  it('refuses static.csv in a version 1 folder, and staticInputs without version 2', async () => {
    const v1 = copyFixture(VERSION_1, root);
    writeFileSync(join(v1, 'static.csv'), 'stay_id,name,value\ns1,age,70\n');
    await expectRefused(
      v1,
      { file: 'cohort.json', line: null, field: 'formatVersion' },
      /static\.csv holds static inputs, which need "formatVersion": 2/,
    );
    const declared = fixtureCopy();
    editManifest(declared, (json) => (json.formatVersion = 1));
    await expectRefused(
      declared,
      { file: 'cohort.json', line: null, field: 'staticInputs' },
      /need "formatVersion": 2/,
    );
    const future = fixtureCopy();
    editManifest(future, (json) => (json.formatVersion = 3));
    await expectRefused(
      future,
      { file: 'cohort.json', line: null, field: 'formatVersion' },
      /format versions 1 and 2/,
    );
  });

  it('refuses bad declarations, naming the input', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'age' }, /kind must be "numeric" or "categorical"/],
      [{ name: 'age', kind: 'numeric' }, /"age": a numeric input needs "unit"/],
      [{ name: 'sex', kind: 'categorical', categories: ['F'] }, /list of 2 to 256 values/],
      [
        { name: 'sex', kind: 'categorical', categories: ['F', 'F'] },
        /category "F" is listed twice/,
      ],
      [{ name: 'age', kind: 'numeric', unit: 'y', categories: [] }, /unknown key "categories"/],
      [{ name: '1st', kind: 'numeric', unit: '' }, /name "1st"/],
    ];
    for (const [entry, problem] of cases) {
      const dir = fixtureCopy();
      unlinkSync(join(dir, 'static.csv'));
      editManifest(dir, (json) => (json.staticInputs = [entry]));
      await expectRefused(dir, { file: 'cohort.json', line: null, field: 'staticInputs' }, problem);
    }
    const twice = fixtureCopy();
    editManifest(twice, (json) => {
      const inputs = json.staticInputs as unknown[];
      json.staticInputs = [...inputs, inputs[0]];
    });
    await expectRefused(
      twice,
      { file: 'cohort.json', line: null, field: 'staticInputs' },
      /entry 5: "age" is declared twice/,
    );
  });

  it('refuses bad static.csv rows, naming line and field, and writes nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['s9,age,40', 'stay_id', /unknown stay "s9": it is not in stays\.csv/],
      ['s5,height,170', 'name', /"height" is not a static input cohort\.json declares/],
      ['s5,age,old', 'value', /"old" is not a number/],
      ['s5,age,', 'value', /a number is required here, the field is empty/],
      ['s5,unit_type,neuro', 'value', /"neuro" is not a category of "unit_type"/],
      ['s1,age,72', 'name', /stay "s1" already has a value for "age"/],
    ];
    for (const [row, field, problem] of cases) {
      const dir = fixtureCopy();
      const line = appendStatic(dir, row);
      await expectRefused(dir, { file: 'static.csv', line, field }, problem);
    }
    const undeclared = fixtureCopy();
    editManifest(undeclared, (json) => delete json.staticInputs);
    await expectRefused(
      undeclared,
      { file: 'static.csv', line: 2, field: 'name' },
      /cohort\.json declares no staticInputs/,
    );
  });

  it('imports declared inputs without static.csv: no stay has a value, and the report says so', async () => {
    const dir = fixtureCopy();
    unlinkSync(join(dir, 'static.csv'));
    const built = await importGeneric(store, dir, { name: 'declared only' });
    const id = store.resolveCohort('declared only');
    expect(store.getCohort(id).contextSchema.staticInputs).toHaveLength(4);
    expect([...store.staticInputsOf(store.stayIds(id)).values()].every((v) => v.size === 0)).toBe(
      true,
    );
    expect(built.notes.join('\n')).toMatch(/no static\.csv: no stay has a value/);
  });
});
