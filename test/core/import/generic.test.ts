import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import { CHEXPERT_LABELS, ECG_FIELDS } from '../../../src/main/core/import/clinical-variables';
import { importGeneric } from '../../../src/main/core/import/generic';
import { splitForSubject } from '../../../src/main/core/import/patient-split';
import { CancelledError, type ProgressUpdate } from '../../../src/main/core/jobs/progress';
import { CxrCode, Store, type Stay } from '../../../src/main/core/store';
import { copyFixture } from '../../support/fixture-copy';
import { formatImportSummary } from '../../../src/main/cli/import-summary-text';

const CLINICAL = resolve(__dirname, '../../fixtures/generic-minimal');
const SERVICES = resolve(__dirname, '../../../docs/examples/service-incidents');

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toe-generic-'));
  temps.push(dir);
  return dir;
}
const copyOf = (fixture: string) => copyFixture(fixture, tempDir());
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** One hour x variable cell of a stay's tensor, read back from the store. */
function cell(stay: Stay, variables: number, hour: number, variable: number) {
  const at = hour * variables + variable;
  return {
    mean: stay.series[at * 3]!,
    min: stay.series[at * 3 + 1]!,
    max: stay.series[at * 3 + 2]!,
    missing: stay.missing[at]!,
  };
}

function staysOf(store: Store, cohortId: number): Map<string, Stay> {
  return new Map(store.loadStays(store.stayIds(cohortId)).map((s) => [s.stayKey, s]));
}

describe('generic import of the clinical fixture', () => {
  let store: Store;
  let report: ImportSummary;
  let cohortId: number;
  let stays: Map<string, Stay>;
  const progress: ProgressUpdate[] = [];

  beforeAll(async () => {
    store = new Store(join(tempDir(), 'store.sqlite'));
    report = await importGeneric(store, CLINICAL, { progress: (u) => progress.push(u) });
    cohortId = store.resolveCohort('generic-minimal');
    stays = staysOf(store, cohortId);
  });
  afterAll(() => store.close());

  it('creates the cohort as cohort.json describes it', () => {
    const detail = store.getCohort(cohortId);
    expect(detail).toMatchObject({
      name: 'generic-minimal',
      source: 'generic',
      synthetic: true,
      tasks: ['mortality', 'long_stay'],
      attributes: ['sex', 'age_band'],
      stays: 5,
      splits: { train: 2, val: 1, test: 2 },
    });
    expect(detail.description).toMatch(/Synthetic/);
    expect(detail.featureSchema).toEqual({
      hours: 24,
      variables: [
        { name: 'heart_rate', unit: 'bpm' },
        { name: 'sbp', unit: 'mmHg' },
        { name: 'lactate', unit: 'mmol/L' },
      ],
      statistics: ['mean', 'min', 'max'],
    });
    expect(detail.noteRule).toEqual({ sentencesPerChunk: 3, maxChunks: 20 });
    expect(detail.contextSchema).toEqual({ cxrLabels: CHEXPERT_LABELS, ecgFields: ECG_FIELDS });
    expect(detail.report).toEqual(report);
  });

  it('bins measurements hourly: mean, min, max and missingness, computed by hand', () => {
    const s1 = stays.get('s1')!;
    // 08:10 80 and 08:50 90 (08:40 400 is implausible); 09:05 100; 07:59 and next-day 08:00
    // fall outside [t0, t0 + 24 h).
    expect(cell(s1, 3, 0, 0)).toEqual({ mean: 85, min: 80, max: 90, missing: 0 });
    expect(cell(s1, 3, 1, 0)).toEqual({ mean: 100, min: 100, max: 100, missing: 0 });
    expect(cell(s1, 3, 0, 1)).toEqual({ mean: 120, min: 120, max: 120, missing: 0 });
    const lactate = cell(s1, 3, 23, 2);
    expect(lactate.missing).toBe(0);
    expect(lactate.mean).toBe(Math.fround(2.5));
    const empty = cell(s1, 3, 2, 0);
    expect(empty.missing).toBe(1);
    expect(Number.isNaN(empty.mean) && Number.isNaN(empty.min) && Number.isNaN(empty.max)).toBe(
      true,
    );
    expect(s1.missing.reduce((a, b) => a + b, 0)).toBe(24 * 3 - 4);

    const s2 = stays.get('s2')!;
    // 12:30:00 110 and 13:29:59 130 share bin 0; lactate 0.05 is below plausible_min.
    expect(cell(s2, 3, 0, 1)).toEqual({ mean: 120, min: 110, max: 130, missing: 0 });
    expect(cell(s2, 3, 2, 2)).toEqual({
      mean: Math.fround(4.2),
      min: Math.fround(4.2),
      max: Math.fround(4.2),
      missing: 0,
    });
    expect(s2.missing.reduce((a, b) => a + b, 0)).toBe(24 * 3 - 2);
  });

  it('keeps ids, t0 in UTC, length of stay, outcomes and attributes', () => {
    const s1 = stays.get('s1')!;
    expect(s1).toMatchObject({
      subjectKey: 'p1',
      split: 'train',
      t0: '2180-03-01T08:00:00.000Z',
      losHours: 50.5,
      outcomes: { mortality: 1, long_stay: 1 },
      attributes: { sex: 'F', age_band: '65-79' },
    });
    expect(stays.get('s3')).toMatchObject({
      split: 'val',
      losHours: null,
      attributes: { sex: 'F' },
    });
    expect(stays.get('s4')).toMatchObject({
      split: 'test',
      outcomes: { mortality: 1, long_stay: 1 },
    });
    expect(stays.has('s6')).toBe(false);
  });

  it('chunks in-window reports in time order, 3 sentences each, keeping the last 20', () => {
    expect(stays.get('s1')!.notes).toEqual([
      { charttime: '2180-03-01T09:00:00.000Z', text: 'Heart size is normal. No pneumothorax.' },
      {
        charttime: '2180-03-01T10:00:00.000Z',
        text: 'CHEST PORTABLE AP. Lines and tubes are unchanged. There is new mild pulmonary edema.',
      },
      { charttime: '2180-03-01T10:00:00.000Z', text: 'Small left pleural effusion.' },
    ]);
    expect(stays.get('s2')!.notes).toEqual([]);
    expect(stays.get('s4')!.notes.map((n) => n.text)).toEqual([
      'FINDINGS: Patchy opacity at the right base. IMPRESSION: Possible early pneumonia.',
    ]);
    const s5 = stays.get('s5')!.notes;
    expect(s5).toHaveLength(20);
    expect(s5[0]!.text).toBe('Finding 4. Finding 5. Finding 6.');
    expect(s5[19]!.text).toBe('Finding 61.');
  });

  it('uses the most recent context study before the window ends', () => {
    const cxr = new Uint8Array(CHEXPERT_LABELS.length);
    cxr[CHEXPERT_LABELS.indexOf('Edema')] = CxrCode.positive;
    cxr[CHEXPERT_LABELS.indexOf('Pleural Effusion')] = CxrCode.uncertain;
    cxr[CHEXPERT_LABELS.indexOf('Pneumothorax')] = CxrCode.negative;
    const s1 = stays.get('s1')!;
    expect(s1.cxr).toEqual(cxr);
    const ecg = Array.from(s1.ecg!);
    expect(ecg[ECG_FIELDS.indexOf('heart_rate')]).toBe(88);
    expect(ecg[ECG_FIELDS.indexOf('qrs_duration')]).toBe(94);
    expect(ecg[ECG_FIELDS.indexOf('qtc')]).toBe(440);
    expect(ecg.filter((v) => Number.isNaN(v))).toHaveLength(ECG_FIELDS.length - 3);
    expect(stays.get('s2')!.cxr).toBeNull();
    expect(stays.get('s2')!.ecg![ECG_FIELDS.indexOf('heart_rate')]).toBe(72);
    expect(stays.get('s3')).toMatchObject({ cxr: null, ecg: null });
    expect(stays.get('s4')!.cxr![CHEXPERT_LABELS.indexOf('No Finding')]).toBe(CxrCode.positive);
  });

  it('reports exclusions, coverage, dropped values and missing sources', () => {
    expect(report).toMatchObject({
      format: 'generic',
      source: CLINICAL,
      cohortName: 'generic-minimal',
      staysSeen: 6,
      staysIncluded: 5,
      exclusions: [{ reason: 'no label for task "long_stay" in outcomes.csv', stays: 1 }],
      valuesDroppedImplausible: 2,
      staysWithoutNotes: 2,
      staysWithoutCxr: 3,
      staysWithoutEcg: 3,
      rowsRead: {
        'variables.csv': 3,
        'stays.csv': 6,
        'measurements.csv': 18,
        'outcomes.csv': 11,
        'attributes.csv': 11,
        'notes.csv': 5,
        'context.csv': 10,
      },
    });
    expect(report.tasks).toEqual([
      { task: 'mortality', positives: 2, stays: 5, byTestSplit: { positives: 1, stays: 2 } },
      { task: 'long_stay', positives: 3, stays: 5, byTestSplit: { positives: 1, stays: 2 } },
    ]);
    // heart rate: s1 80 90 100, s3 110, s4 125, s5 72 (s6 is excluded).
    expect(report.coverage[0]).toEqual({
      variable: 'heart_rate',
      stayCoverage: 4 / 5,
      hourCoverage: 5 / (5 * 24),
      values: 6,
      droppedImplausible: 1,
    });
    expect(report.coverage[2]).toMatchObject({
      variable: 'lactate',
      values: 3,
      droppedImplausible: 1,
    });
    expect(report.notes).toEqual(
      expect.arrayContaining([
        'measurements.csv: 2 values outside the 24 h window ignored.',
        'notes.csv: 1 report charted outside the 24 h window ignored.',
        'context.csv: 1 row from studies charted after the window ignored.',
        'Splits as given in stays.csv.',
      ]),
    );
  });

  it('reports progress per file read and per stay written', () => {
    const reading = progress.filter((u) => u.phase === 'reading');
    expect(reading.at(-1)).toMatchObject({ done: 7, total: 7 });
    expect(progress.at(-1)).toMatchObject({ phase: 'writing', done: 5, total: 5 });
  });
});

describe('generic import of the service-incidents example (non-clinical)', () => {
  let store: Store;
  let report: ImportSummary;
  let stays: Map<string, Stay>;

  beforeAll(async () => {
    store = new Store(join(tempDir(), 'store.sqlite'));
    report = await importGeneric(store, SERVICES, {});
    stays = staysOf(store, store.resolveCohort('service-incidents'));
  });
  afterAll(() => store.close());

  it('is reported in domain-neutral words, as its cohort.json asks', () => {
    expect(report).toMatchObject({ clinical: false, windowHours: 6 });
    const text = formatImportSummary(report);
    expect(text).toMatch(/included \(stays with a label for every task\): \d+; window 6 h/);
    expect(text).toMatch(/values dropped as out of range: \d+/);
    expect(text).not.toMatch(/physiolog|CXR|ECG|radiology|≥24 h/);
    expect(store.getCohort(store.resolveCohort('service-incidents')).report?.clinical).toBe(false);
  });

  it('has no context and takes splits from stays.csv, each case its own subject', () => {
    const detail = store.getCohort(store.resolveCohort('service-incidents'));
    expect(detail).toMatchObject({
      source: 'generic',
      synthetic: true,
      tasks: ['incident'],
      attributes: ['region', 'deploy_in_window'],
      splits: { train: 4, val: 1, test: 1 },
      contextSchema: { cxrLabels: [], ecgFields: [] },
    });
    expect(detail.featureSchema.hours).toBe(6);
    expect(stays.get('inc-001')).toMatchObject({ subjectKey: 'inc-001', cxr: null, ecg: null });
    // A non-clinical cohort is not told it lacks X-rays.
    expect(report.notes.some((note) => note.includes('context.csv'))).toBe(false);
  });

  it('bins metrics by hour_offset and drops impossible values', () => {
    // gateway latency at 0.0 h 104 and 0.5 h 128.
    expect(cell(stays.get('inc-001')!, 6, 0, 0)).toEqual({
      mean: 116,
      min: 104,
      max: 128,
      missing: 0,
    });
    // CPU 31 and 37 at 3.0 and 3.5 h; 140 % at 3.25 h is dropped.
    expect(cell(stays.get('inc-002')!, 6, 3, 5)).toEqual({
      mean: 34,
      min: 31,
      max: 37,
      missing: 0,
    });
    // The auth collector was down from 2 h to 4 h in case inc-004.
    const inc4 = stays.get('inc-004')!;
    expect([0, 1, 2, 3, 4, 5].map((h) => cell(inc4, 6, h, 2).missing)).toEqual([0, 0, 1, 1, 0, 0]);
    expect(report.valuesDroppedImplausible).toBe(1);
    expect(report.coverage[5]).toMatchObject({ variable: 'db_cpu', droppedImplausible: 1 });
  });

  it('turns log excerpts into text units and labels into the incident task', () => {
    expect(stays.get('inc-001')!.notes).toHaveLength(2);
    expect(stays.get('inc-001')!.notes[0]!.text).toMatch(/^orders: p99 latency 1900 ms/);
    expect(stays.get('inc-006')!.notes).toHaveLength(1);
    expect(stays.get('inc-005')!.notes).toEqual([]);
    expect(stays.get('inc-003')).toMatchObject({
      outcomes: { incident: 1 },
      attributes: { region: 'us-east', deploy_in_window: 'no' },
    });
    expect(report.tasks).toEqual([
      { task: 'incident', positives: 3, stays: 6, byTestSplit: { positives: 1, stays: 1 } },
    ]);
  });
});

describe('generic import variants', () => {
  let store: Store;
  beforeAll(() => {
    store = new Store(join(tempDir(), 'store.sqlite'));
  });
  afterAll(() => store.close());

  it('reads .csv.gz exactly as .csv, and re-imports give identical content', async () => {
    await importGeneric(store, CLINICAL, { name: 'plain' });
    await importGeneric(store, CLINICAL, { name: 'plain again' });
    const dir = copyOf(CLINICAL);
    for (const name of ['measurements', 'notes', 'stays']) {
      const path = join(dir, `${name}.csv`);
      writeFileSync(`${path}.gz`, gzipSync(readFileSync(path)));
      unlinkSync(path);
    }
    await importGeneric(store, dir, { name: 'gzipped' });
    const hash = (name: string) => store.cohortContentHash(store.resolveCohort(name));
    expect(hash('gzipped')).toBe(hash('plain'));
    expect(hash('plain again')).toBe(hash('plain'));
  });

  it('splits by the stable subject hash when stays.csv has no split column', async () => {
    const dir = copyOf(CLINICAL);
    const path = join(dir, 'stays.csv');
    const rows = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    writeFileSync(path, rows.map((r) => [r[0], r[1], r[2], r[4]].join(',')).join('\n'));
    const report = await importGeneric(store, dir, { name: 'hashed' });
    const stays = store.loadStays(store.stayIds(store.resolveCohort('hashed')));
    expect(stays).toHaveLength(5);
    for (const stay of stays) expect(stay.split).toBe(splitForSubject(stay.subjectKey));
    expect(report.notes.some((n) => n.startsWith('Splits by a stable hash'))).toBe(true);
  });

  it('names the cohort from the option, else cohort.json, else the folder', async () => {
    const dir = copyOf(SERVICES);
    const manifest = JSON.parse(readFileSync(join(dir, 'cohort.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    delete manifest.name;
    writeFileSync(join(dir, 'cohort.json'), JSON.stringify(manifest));
    const fromFolder = await importGeneric(store, dir, {});
    expect(fromFolder.cohortName).toBe('cohort');
    const fromOption = await importGeneric(store, dir, { name: '  chosen  ' });
    expect(fromOption.cohortName).toBe('chosen');
  });

  it('imports identified note text only on the explicit override, and says so', async () => {
    const dir = copyOf(CLINICAL);
    writeFileSync(join(dir, 'notes.csv'), 's3,2180-04-10 02:00:00,"Call Dr X at 617-555-0123."\n', {
      flag: 'a',
    });
    const report = await importGeneric(store, dir, {
      name: 'with phi',
      phi: { mode: 'allow', falseAlarms: [] },
    });
    expect(report.phi).toMatchObject({ mode: 'allow', found: [{ kind: 'phone', count: 1 }] });
    const s3 = store
      .listStays(store.resolveCohort('with phi'))
      .stays.find((s) => s.stayKey === 's3');
    expect(s3?.noteChunks).toBe(1);
  });

  it('rolls back the stays already written when cancelled while writing', async () => {
    const before = store.listCohorts();
    const controller = new AbortController();
    const attempt = importGeneric(store, CLINICAL, {
      name: 'cancelled',
      signal: controller.signal,
      progress: (u) => {
        if (u.phase === 'writing') controller.abort();
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(CancelledError);
    expect(store.listCohorts()).toEqual(before);
    expect(store.findCohortId('cancelled')).toBeNull();
  });
});
