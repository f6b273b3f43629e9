import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/main/core/store';
import type { NewCohort, NewStay } from '../../src/main/core/store';

/** A real SQLite store in a fresh temp folder; `dispose()` closes and removes it. */
export function tempStore(): { store: Store; dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'toe-test-'));
  const store = new Store(join(dir, 'store.sqlite'));
  return {
    store,
    dir,
    dispose: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table: "the store is unchanged" means these and the cohorts match. */
export function storeFingerprint(store: Store): Record<string, number | string> {
  const tables = store.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  const counts: Record<string, number | string> = {};
  for (const { name } of tables) {
    counts[name] = (
      store.db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }
    ).n;
  }
  counts.cohorts_json = JSON.stringify(store.listCohorts());
  return counts;
}

export const TINY_SCHEMA: NewCohort = {
  name: 'tiny',
  source: 'generic',
  synthetic: true,
  description: 'hand-built test cohort',
  featureSchema: {
    hours: 2,
    variables: [
      { name: 'heart_rate', unit: 'bpm' },
      { name: 'lactate', unit: 'mmol/L' },
    ],
    statistics: ['mean', 'min', 'max'],
  },
  noteRule: { sentencesPerChunk: 3, maxChunks: 4 },
  contextSchema: { cxrLabels: ['Edema', 'Pneumonia'], ecgFields: ['qtc'] },
  tasks: ['E1'],
  attributes: ['sex'],
};

export function tinyStay(key: string, overrides: Partial<NewStay> = {}): NewStay {
  return {
    stayKey: key,
    subjectKey: `p-${key}`,
    split: 'test',
    t0: '2150-01-01T00:00:00.000Z',
    losHours: 30,
    // hour 0: HR mean 80 (70..90), lactate missing; hour 1: HR missing, lactate 2.5
    series: Float32Array.from([80, 70, 90, NaN, NaN, NaN, NaN, NaN, NaN, 2.5, 2.5, 2.5]),
    missing: Uint8Array.from([0, 1, 1, 0]),
    outcomes: { E1: 1 },
    attributes: { sex: 'F' },
    notes: [{ charttime: '2150-01-01T03:00:00.000Z', text: 'Mild pulmonary edema.' }],
    cxr: Uint8Array.from([1, 2]),
    ecg: Float32Array.from([455]),
    ...overrides,
  };
}
