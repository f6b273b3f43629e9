import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/core/store';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';
import { TINY_SCHEMA, storeFingerprint, tempStore, tinyStay } from '../../support/temp-store';

describe('store', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  function fresh() {
    const t = tempStore();
    dispose = t.dispose;
    return t;
  }

  it('migrates a new file to the latest schema with WAL and foreign keys on', () => {
    const { store } = fresh();
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('refuses a store written by a newer schema, saying what to do', () => {
    const { dir } = fresh();
    const path = `${dir}/newer.sqlite`;
    const raw = new Database(path);
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => new Store(path)).toThrow(/newer ToE Audit.*Update the app or use another --db/);
  });

  it('round-trips a stay: tensors, labels, attributes, notes and context', () => {
    const { store } = fresh();
    const cohortId = store.createCohort(TINY_SCHEMA);
    const write = store.stayWriter(cohortId);
    const original = tinyStay('s1');
    const id = write(original);
    const [loaded] = store.loadStays([id]);
    expect(loaded!.stayKey).toBe('s1');
    expect(Array.from(loaded!.series)).toEqual(Array.from(original.series));
    expect(Array.from(loaded!.missing)).toEqual([0, 1, 1, 0]);
    expect(loaded!.outcomes).toEqual({ E1: 1 });
    expect(loaded!.attributes).toEqual({ sex: 'F' });
    expect(loaded!.notes).toEqual(original.notes);
    expect(Array.from(loaded!.cxr!)).toEqual([1, 2]);
    expect(Array.from(loaded!.ecg!)).toEqual([455]);
  });

  it('stores absent context as absent, not as zeros', () => {
    const { store } = fresh();
    const write = store.stayWriter(store.createCohort(TINY_SCHEMA));
    const id = write(tinyStay('s2', { cxr: null, ecg: null, notes: [] }));
    const [loaded] = store.loadStays([id]);
    expect(loaded!.cxr).toBeNull();
    expect(loaded!.ecg).toBeNull();
    expect(store.listStays(loaded!.cohortId).stays[0]).toMatchObject({
      hasCxr: false,
      hasEcg: false,
      noteChunks: 0,
    });
  });

  it('rejects a tensor that does not fit the cohort schema', () => {
    const { store } = fresh();
    const write = store.stayWriter(store.createCohort(TINY_SCHEMA));
    expect(() => write(tinyStay('bad', { missing: new Uint8Array(3) }))).toThrow(
      /Stay bad: tensor has 12 values and 3 flags, the cohort's schema needs 12 and 4/,
    );
  });

  it('rolls an async transaction back entirely when it fails', async () => {
    const { store } = fresh();
    const before = storeFingerprint(store);
    await expect(
      store.transaction(async () => {
        const write = store.stayWriter(store.createCohort(TINY_SCHEMA));
        write(tinyStay('a'));
        await new Promise((resolve) => setTimeout(resolve, 5));
        write(tinyStay('a')); // duplicate key: fails after real work was done
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(storeFingerprint(store)).toEqual(before);
  });

  it('refuses a second cohort with the same name', () => {
    const { store } = fresh();
    store.createCohort(TINY_SCHEMA);
    expect(() => store.createCohort(TINY_SCHEMA)).toThrow(
      /already exists.*`toe cohorts delete tiny`/,
    );
  });

  it('deletes a cohort with everything that hangs off it', () => {
    const { store } = fresh();
    const cohortId = store.createCohort(TINY_SCHEMA);
    store.stayWriter(cohortId)(tinyStay('s'));
    expect(store.deleteCohort(cohortId)).toBe(true);
    const counts = storeFingerprint(store);
    for (const table of ['stays', 'outcomes', 'attributes', 'note_chunks', 'contexts']) {
      expect(counts[table]).toBe(0);
    }
  });

  it('hashes cohort content: equal data gives equal hashes, any change another', () => {
    const { store } = fresh();
    const a = store.createCohort(TINY_SCHEMA);
    store.stayWriter(a)(tinyStay('s'));
    const b = store.createCohort({ ...TINY_SCHEMA, name: 'tiny-b' });
    store.stayWriter(b)(tinyStay('s'));
    const c = store.createCohort({ ...TINY_SCHEMA, name: 'tiny-c' });
    store.stayWriter(c)(tinyStay('s', { outcomes: { E1: 0 } }));
    expect(store.cohortContentHash(a)).toBe(store.cohortContentHash(b));
    expect(store.cohortContentHash(a)).not.toBe(store.cohortContentHash(c));
  });

  it('keeps a cohort hash only until the file is written, by this connection or another', () => {
    const { store, dir } = fresh();
    const id = store.createCohort(TINY_SCHEMA);
    store.stayWriter(id)(tinyStay('s'));
    const first = store.cohortContentHash(id);
    expect(store.cohortContentHash(id)).toBe(first);
    store.db.prepare("UPDATE attributes SET value = 'M' WHERE name = 'sex'").run();
    const changedHere = store.cohortContentHash(id);
    expect(changedHere).not.toBe(first);
    const other = new Store(`${dir}/store.sqlite`);
    try {
      other.db.prepare("UPDATE attributes SET value = 'F' WHERE name = 'sex'").run();
    } finally {
      other.close();
    }
    expect(store.cohortContentHash(id)).toBe(first);
  });

  it('resolves cohorts by name or id and names the known ones when it cannot', () => {
    const { store } = fresh();
    const id = store.createCohort(TINY_SCHEMA);
    expect(store.resolveCohort('tiny')).toBe(id);
    expect(store.resolveCohort(String(id))).toBe(id);
    expect(() => store.resolveCohort('nope')).toThrow(/No cohort "nope".*Known cohorts: tiny/);
  });

  it('pages stays by split', () => {
    const { store } = fresh();
    const cohortId = store.createCohort(TINY_SCHEMA);
    const write = store.stayWriter(cohortId);
    for (let i = 0; i < 5; i++) write(tinyStay(`s${i}`, { split: i < 3 ? 'train' : 'test' }));
    const page = store.listStays(cohortId, { split: 'train', offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.stays.map((s) => s.stayKey)).toEqual(['s1']);
    expect(store.getCohort(cohortId).splits).toEqual({ train: 3, val: 0, test: 2 });
  });
});

describe('read-only store', () => {
  it('reads what the writer committed and refuses to write', () => {
    const { store, dispose } = tempStore();
    try {
      const cohortId = store.createCohort(TINY_SCHEMA);
      store.stayWriter(cohortId)(tinyStay('s1'));
      const reader = Store.openReadOnly(store.path);
      expect(reader.loadStays(store.stayIds(cohortId))[0]!.stayKey).toBe('s1');
      expect(() => reader.createCohort({ ...TINY_SCHEMA, name: 'other' })).toThrow(/readonly/i);
      reader.close();
    } finally {
      dispose();
    }
  });
});
