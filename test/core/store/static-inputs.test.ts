import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store, type NewCohort } from '../../../src/main/core/store';
import { checkStore } from '../../../src/main/core/store/store-check';
import { TINY_SCHEMA, storeFingerprint, tempStore, tinyStay } from '../../support/temp-store';

const WITH_STATIC: NewCohort = {
  ...TINY_SCHEMA,
  name: 'tiny-static',
  contextSchema: {
    ...TINY_SCHEMA.contextSchema,
    staticInputs: [
      { name: 'age', kind: 'numeric', unit: 'years' },
      { name: 'sex', kind: 'categorical', categories: ['Female', 'Male'] },
    ],
  },
};

describe('static inputs in the store', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  function fresh() {
    const t = tempStore();
    dispose = t.dispose;
    return t;
  }

  it('round-trips values by stay, numbers as numbers, and an empty map for a stay without', () => {
    const { store } = fresh();
    const cohortId = store.createCohort(WITH_STATIC);
    const write = store.stayWriter(cohortId);
    const full = write(tinyStay('full', { staticInputs: { age: 71.5, sex: 'Female' } }));
    const partial = write(tinyStay('partial', { staticInputs: { sex: 'Male' } }));
    const none = write(tinyStay('none'));
    const statics = store.staticInputsOf([full, partial, none]);
    expect(statics.get(full)).toEqual(
      new Map<string, number | string>([
        ['age', 71.5],
        ['sex', 'Female'],
      ]),
    );
    expect(statics.get(partial)).toEqual(new Map([['sex', 'Male']]));
    expect(statics.get(none)).toEqual(new Map());
    expect(store.getCohort(cohortId).contextSchema.staticInputs).toEqual(
      WITH_STATIC.contextSchema.staticInputs,
    );
    expect(storeFingerprint(store).static_inputs).toBe(3);
  });

  it('refuses a value the cohort does not declare, or of the wrong kind or category', () => {
    const { store } = fresh();
    const write = store.stayWriter(store.createCohort(WITH_STATIC));
    expect(() => write(tinyStay('a', { staticInputs: { height: 170 } }))).toThrow(
      /Stay a, static input "height": the cohort declares no such static input/,
    );
    expect(() => write(tinyStay('b', { staticInputs: { age: '71' } }))).toThrow(
      /"71" is not a finite number/,
    );
    expect(() => write(tinyStay('c', { staticInputs: { age: Number.NaN } }))).toThrow(
      /not a finite number/,
    );
    expect(() => write(tinyStay('d', { staticInputs: { sex: 'F' } }))).toThrow(
      /"F" is not one of its categories \(Female, Male\)/,
    );
    const plain = store.stayWriter(store.createCohort(TINY_SCHEMA));
    expect(() => plain(tinyStay('e', { staticInputs: { age: 50 } }))).toThrow(
      /declares no such static input/,
    );
  });

  it('deletes static inputs with their cohort', () => {
    const { store } = fresh();
    const cohortId = store.createCohort(WITH_STATIC);
    store.stayWriter(cohortId)(tinyStay('s', { staticInputs: { age: 40, sex: 'Male' } }));
    expect(storeFingerprint(store).static_inputs).toBe(2);
    store.deleteCohort(cohortId);
    expect(storeFingerprint(store).static_inputs).toBe(0);
  });

  it('hashes static inputs into the content hash', () => {
    const { store } = fresh();
    const hashOf = (name: string, age: number | null) => {
      const id = store.createCohort({ ...WITH_STATIC, name });
      store.stayWriter(id)(
        tinyStay('s', { staticInputs: age === null ? { sex: 'Male' } : { age, sex: 'Male' } }),
      );
      return store.cohortContentHash(id);
    };
    const a = hashOf('a', 40);
    expect(hashOf('b', 40)).toBe(a);
    expect(hashOf('c', 41)).not.toBe(a);
    expect(hashOf('d', null)).not.toBe(a);

    // A cohort without any keeps the hash its runs recorded: test/core/import/demo.test.ts
    // pins the demo cohort's.
  });

  it('store check finds static inputs the cohort does not declare, or of the wrong kind', () => {
    const { dir } = fresh();
    const path = `${dir}/check.sqlite`;
    const store = new Store(path);
    const cohortId = store.createCohort(WITH_STATIC);
    const id = store.stayWriter(cohortId)(tinyStay('s', { staticInputs: { age: 40 } }));
    store.close();
    expect(checkStore(path).ok).toBe(true);
    const raw = new Database(path);
    const insert = raw.prepare(
      'INSERT INTO static_inputs (stay_id, name, value_num, value_text) VALUES (?, ?, ?, ?)',
    );
    insert.run(id, 'height', 170, null);
    insert.run(id, 'sex', null, 'F');
    raw
      .prepare("UPDATE static_inputs SET value_num = NULL, value_text = '40' WHERE name = 'age'")
      .run();
    raw.close();
    const check = checkStore(path).checks.find((c) => c.name.startsWith("stays' static inputs"))!;
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'cohort "tiny-static", stay "s": static input "age" is numeric but holds text',
      'cohort "tiny-static", stay "s": static input "height" is not one the cohort declares',
      'cohort "tiny-static", stay "s": static input "sex" holds "F", not one of its categories',
    ]);
  });
});
