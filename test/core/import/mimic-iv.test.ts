import { parse } from 'csv-parse/sync';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import type { ProgressUpdate } from '../../../src/main/core/jobs/progress';
import {
  CHEXPERT_LABELS,
  CLINICAL_VARIABLES,
  ECG_FIELDS,
  FAHRENHEIT_ITEMS,
  fahrenheitToCelsius,
} from '../../../src/main/core/import/clinical-variables';
import { importMimicIv } from '../../../src/main/core/import/mimic-iv';
import { tableStaticInputs } from '../../../src/main/core/import/mimic-iv/static-inputs';
import { splitForSubject } from '../../../src/main/core/import/patient-split';
import { PhiRefusedError } from '../../../src/main/core/phi';
import { CxrCode, type Stay, type Store } from '../../../src/main/core/store';
import { TINY_SCHEMA, storeFingerprint, tempStore, tinyStay } from '../../support/temp-store';
import { plainTempDir } from '../../support/plain-temp-dir';

const DEMO = '/work/shared/data/mimic-iv-demo';
const FIXTURE = resolve(__dirname, '../../fixtures/mimic-optional');
const HOUR = 3_600_000;

type Row = Record<string, string>;

function table(relative: string): Row[] {
  return parse(gunzipSync(readFileSync(join(DEMO, relative))), { columns: true }) as Row[];
}

/** MIMIC's zone-less times, read as UTC like the importer does. */
function ms(time: string): number {
  return Date.parse(`${time.replace(' ', 'T')}Z`);
}

/**
 * The cohort and its outcomes, recomputed here straight from the CSVs with cohort.md's
 * definitions, without any importer code: what the importer must agree with.
 */
function referenceCohort() {
  const patients = new Map(table('hosp/patients.csv.gz').map((p) => [p.subject_id!, p]));
  const admissions = new Map(table('hosp/admissions.csv.gz').map((a) => [a.hadm_id!, a]));
  const icuStays = table('icu/icustays.csv.gz');
  const included = icuStays.filter((s) => {
    const patient = patients.get(s.subject_id!)!;
    const intime = ms(s.intime!);
    const age =
      Number(patient.anchor_age) + new Date(intime).getUTCFullYear() - Number(patient.anchor_year);
    return admissions.has(s.hadm_id!) && age >= 18 && ms(s.outtime!) - intime >= 24 * HOUR;
  });
  const positives = { E1: 0, E2: 0, E3: 0, E4: 0 };
  const labels = new Map<string, Record<string, number>>();
  for (const s of included) {
    const admission = admissions.get(s.hadm_id!)!;
    const patient = patients.get(s.subject_id!)!;
    const intime = ms(s.intime!);
    const outtime = ms(s.outtime!);
    const flag = admission.hospital_expire_flag === '1';
    const deathtime = admission.deathtime ? ms(admission.deathtime) : null;
    const dod = patient.dod ? ms(`${patient.dod} 00:00:00`) : null;
    const e3 =
      deathtime !== null
        ? deathtime >= intime && deathtime <= outtime
        : dod !== null && dod <= outtime && dod + 24 * HOUR > intime;
    const stayLabels = {
      E1: flag ? 1 : 0,
      E2: Number(s.los) > 7 ? 1 : 0,
      E3: e3 ? 1 : 0,
      E4: flag && deathtime !== null && deathtime >= intime + 24 * HOUR ? 1 : 0,
    };
    for (const task of ['E1', 'E2', 'E3', 'E4'] as const) positives[task] += stayLabels[task];
    labels.set(s.stay_id!, stayLabels);
  }
  return { icuStays, included, positives, labels };
}

/** Values kept and dropped per variable, recounted from chartevents and labevents. */
function referenceValues(included: Row[]) {
  const kept = new Map<string, number>();
  const dropped = new Map<string, number>();
  const byStay = new Map(included.map((s) => [s.stay_id!, s]));
  const count = (itemId: number, raw: string, time: number, intime: number, lab: boolean) => {
    const variable = CLINICAL_VARIABLES.find((v) =>
      (lab ? v.labItems : v.chartItems).includes(itemId),
    );
    if (!variable || raw === '' || time < intime || time >= intime + 24 * HOUR) return false;
    const value = FAHRENHEIT_ITEMS.has(itemId) ? fahrenheitToCelsius(Number(raw)) : Number(raw);
    const [low, high] = variable.plausible;
    const into = value < low || value > high ? dropped : kept;
    into.set(variable.name, (into.get(variable.name) ?? 0) + 1);
    return true;
  };

  // The reconstructed chartevents has numbers only and no quoted fields: a split suffices.
  const chart = gunzipSync(readFileSync(join(DEMO, 'icu/chartevents.csv.gz'))).toString('utf8');
  expect(chart.includes('"')).toBe(false);
  const lines = chart.split('\n');
  const header = lines[0]!.split(',');
  const [stayCol, timeCol, itemCol, valueCol] = ['stay_id', 'charttime', 'itemid', 'valuenum'].map(
    (c) => header.indexOf(c),
  ) as [number, number, number, number];
  const heartRate = new Map<string, number[][]>();
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split(',');
    const stay = byStay.get(f[stayCol]!);
    if (!stay) continue;
    const intime = ms(stay.intime!);
    const time = ms(f[timeCol]!);
    const itemId = Number(f[itemCol]);
    if (count(itemId, f[valueCol]!, time, intime, false) && itemId === 220045) {
      const hours = heartRate.get(stay.stay_id!) ?? Array.from({ length: 24 }, () => []);
      hours[Math.floor((time - intime) / HOUR)]!.push(Number(f[valueCol]));
      heartRate.set(stay.stay_id!, hours);
    }
  }

  for (const lab of table('hosp/labevents.csv.gz')) {
    const stays = included.filter((s) =>
      lab.hadm_id ? s.hadm_id === lab.hadm_id : s.subject_id === lab.subject_id,
    );
    const time = ms(lab.charttime!);
    for (const stay of stays) {
      if (count(Number(lab.itemid), lab.valuenum!, time, ms(stay.intime!), true)) break;
    }
  }
  return { kept, dropped, heartRate };
}

describe('MIMIC-IV import of the clinical database demo', () => {
  let dispose = () => {};
  let store: Store;
  let report: ImportSummary;
  let stays: Stay[];
  const updates: ProgressUpdate[] = [];
  const reference = referenceCohort();

  beforeAll(async () => {
    const t = tempStore();
    dispose = t.dispose;
    store = t.store;
    const started = performance.now();
    report = await importMimicIv(store, DEMO, { progress: (u) => updates.push(u) });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `demo import: ${seconds.toFixed(1)} s, ${report.staysSeen} stays seen, ${report.staysIncluded} included, exclusions ${JSON.stringify(report.exclusions)}, positives ${report.tasks.map((t) => `${t.task}=${t.positives}`).join(' ')}, dropped ${report.valuesDroppedImplausible}`,
    );
    const cohortId = store.findCohortId('mimic-iv')!;
    stays = store.loadStays(store.stayIds(cohortId));
  });
  afterAll(() => dispose());

  it('sees the 140 ICU stays and includes the 117 adult stays of 24 h or more', () => {
    expect(reference.icuStays).toHaveLength(140);
    expect(reference.included).toHaveLength(117);
    expect(report.staysSeen).toBe(140);
    expect(report.staysIncluded).toBe(117);
    expect(report.exclusions).toEqual([{ reason: 'ICU stay shorter than 24 h', stays: 23 }]);
    expect(stays.map((s) => s.stayKey).sort()).toEqual(
      reference.included.map((s) => s.stay_id).sort(),
    );
  });

  it('reports the E1-E4 positives recomputed from the tables', () => {
    // E1 = 14 is the README's checked count of in-hospital deaths among the 117 stays.
    expect(reference.positives).toEqual({ E1: 14, E2: 20, E3: 10, E4: 14 });
    const byTask = Object.fromEntries(report.tasks.map((t) => [t.task, t.positives]));
    expect(byTask).toEqual(reference.positives);
    for (const stay of stays) expect(stay.outcomes).toEqual(reference.labels.get(stay.stayKey));
    const testStays = stays.filter((s) => s.split === 'test');
    for (const task of report.tasks) {
      expect(task.stays).toBe(117);
      expect(task.byTestSplit).toEqual({
        stays: testStays.length,
        positives: testStays.filter((s) => s.outcomes[task.task] === 1).length,
      });
    }
  });

  it('counts values kept and dropped per variable exactly as a recount of the files', () => {
    const { kept, dropped, heartRate } = referenceValues(reference.included);
    for (const coverage of report.coverage) {
      expect([coverage.variable, coverage.values]).toEqual([
        coverage.variable,
        kept.get(coverage.variable) ?? 0,
      ]);
      expect([coverage.variable, coverage.droppedImplausible]).toEqual([
        coverage.variable,
        dropped.get(coverage.variable) ?? 0,
      ]);
    }
    const heart = report.coverage.find((c) => c.variable === 'heart_rate')!;
    expect(heart.stayCoverage).toBe(1);
    expect(heart.values).toBeGreaterThan(117 * 20);
    expect(report.valuesDroppedImplausible).toBe([...dropped.values()].reduce((a, b) => a + b, 0));

    // The tensor of every stay holds the hourly mean/min/max of its heart rate.
    const v = CLINICAL_VARIABLES.length;
    for (const stay of stays) {
      const hours = heartRate.get(stay.stayKey)!;
      for (let hour = 0; hour < 24; hour++) {
        const values = hours[hour]!;
        const cell = hour * v; // heart_rate is variable 0
        expect(stay.missing[cell]).toBe(values.length === 0 ? 1 : 0);
        if (values.length === 0) continue;
        expect(stay.series[cell * 3]).toBeCloseTo(
          values.reduce((a, b) => a + b) / values.length,
          3,
        );
        expect(stay.series[cell * 3 + 1]).toBeCloseTo(Math.min(...values), 3);
        expect(stay.series[cell * 3 + 2]).toBeCloseTo(Math.max(...values), 3);
      }
    }
  });

  it('stores t0, splits by patient and the bias and monitoring attributes', () => {
    const byId = new Map(reference.included.map((s) => [s.stay_id!, s]));
    for (const stay of stays) {
      const row = byId.get(stay.stayKey)!;
      expect(stay.subjectKey).toBe(row.subject_id);
      expect(stay.t0).toBe(new Date(ms(row.intime!)).toISOString());
      expect(stay.losHours).toBeCloseTo((ms(row.outtime!) - ms(row.intime!)) / HOUR, 6);
      expect(stay.split).toBe(splitForSubject(row.subject_id!));
      // The bias audit's six, then the two monitoring groups stays by (issue 27).
      expect(Object.keys(stay.attributes).sort()).toEqual(
        [
          'admission_type',
          'age_band',
          'insurance',
          'language',
          'race_ethnicity',
          'sex',
          'care_unit',
          'anchor_year_group',
        ].sort(),
      );
      expect(['female', 'male']).toContain(stay.attributes.sex);
      expect(['18-44', '45-64', '65-79', '80+']).toContain(stay.attributes.age_band);
      expect(['White', 'Black', 'Hispanic/Latino', 'Asian', 'Other', 'Unknown']).toContain(
        stay.attributes.race_ethnicity,
      );
      expect(['English', 'Unknown']).toContain(stay.attributes.language);
    }
    const detail = store.getCohort(store.findCohortId('mimic-iv')!);
    expect(detail.attributes).toEqual([
      'sex',
      'age_band',
      'race_ethnicity',
      'insurance',
      'language',
      'admission_type',
      'care_unit',
      'anchor_year_group',
    ]);
    expect(detail).toMatchObject({
      source: 'mimic-iv',
      synthetic: false,
      tasks: ['E1', 'E2', 'E3', 'E4'],
      noteRule: { sentencesPerChunk: 3, maxChunks: 20 },
      contextSchema: { cxrLabels: CHEXPERT_LABELS, ecgFields: ECG_FIELDS },
    });
    expect(detail.featureSchema.hours).toBe(24);
    expect(detail.featureSchema.variables).toEqual(
      CLINICAL_VARIABLES.map(({ name, unit }) => ({ name, unit })),
    );
    expect(detail.report?.staysIncluded).toBe(117);
  });

  it("stores each stay's care unit and its patient's anchor_year_group, as the CSVs write them", () => {
    // Recounted here from the gzip files with a plain split (neither column holds a comma
    // or a quote in the demo; checked), keyed by stay_id and subject_id.
    const lines = (relative: string) =>
      gunzipSync(readFileSync(join(DEMO, relative)))
        .toString('utf8')
        .trimEnd()
        .split('\n');
    const columnsOf = (relative: string, wanted: string[]) => {
      const [head, ...rows] = lines(relative);
      const header = head!.split(',');
      return rows.map((line) => {
        expect(line.includes('"'), `${relative}: ${line}`).toBe(false);
        const fields = line.split(',');
        expect(fields).toHaveLength(header.length);
        return Object.fromEntries(wanted.map((c) => [c, fields[header.indexOf(c)]!.trim()]));
      });
    };
    const groupOf = new Map(
      columnsOf('hosp/patients.csv.gz', ['subject_id', 'anchor_year_group']).map((p) => [
        p.subject_id!,
        p.anchor_year_group || 'Unknown',
      ]),
    );
    const unitOf = new Map(
      columnsOf('icu/icustays.csv.gz', ['stay_id', 'subject_id', 'first_careunit']).map((s) => [
        s.stay_id!,
        { unit: s.first_careunit || 'Unknown', group: groupOf.get(s.subject_id!)! },
      ]),
    );
    const tally = (values: string[]) => {
      const counts: Record<string, number> = {};
      for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
      return counts;
    };
    const included = reference.included.map((s) => unitOf.get(s.stay_id!)!);
    const expectedGroups = tally(included.map((s) => s.group));
    const expectedUnits = tally(included.map((s) => s.unit));
    expect(tally(stays.map((s) => s.attributes.anchor_year_group!))).toEqual(expectedGroups);
    expect(tally(stays.map((s) => s.attributes.care_unit!))).toEqual(expectedUnits);
    for (const stay of stays) {
      expect(stay.attributes.care_unit, stay.stayKey).toBe(unitOf.get(stay.stayKey)!.unit);
      expect(stay.attributes.anchor_year_group, stay.stayKey).toBe(unitOf.get(stay.stayKey)!.group);
    }
    // Real values, not a single group or only "Unknown": the demo spans several of each.
    expect(Object.keys(expectedGroups).length).toBeGreaterThan(1);
    expect(Object.keys(expectedUnits).length).toBeGreaterThan(1);
    expect(Object.keys(expectedGroups).every((g) => /^\d{4} - \d{4}$/.test(g))).toBe(true);
    // first_careunit stays a static input exactly as before (the models read it).
    const statics = store.staticInputsOf(stays.map((s) => s.id));
    for (const stay of stays) {
      expect(statics.get(stay.id)!.get('first_careunit')).toBe(stay.attributes.care_unit);
    }
  });

  it('stores age, sex, admission and unit type, weight and height as static inputs', () => {
    // The reference, straight from the CSVs: age at ICU admission, gender, the admission's
    // type, the first care unit, and the earliest weight (226512) and height (226730)
    // charted before the window ends.
    const patients = new Map(table('hosp/patients.csv.gz').map((p) => [p.subject_id!, p]));
    const admissions = new Map(table('hosp/admissions.csv.gz').map((a) => [a.hadm_id!, a]));
    const byStay = new Map(reference.included.map((s) => [s.stay_id!, s]));
    const charted = new Map<string, { time: number; value: number }>();
    const chart = gunzipSync(readFileSync(join(DEMO, 'icu/chartevents.csv.gz'))).toString('utf8');
    const lines = chart.split('\n');
    const header = lines[0]!.split(',');
    const [stayCol, timeCol, itemCol, valueCol] = [
      'stay_id',
      'charttime',
      'itemid',
      'valuenum',
    ].map((c) => header.indexOf(c)) as [number, number, number, number];
    const items: Record<string, string> = { '226512': 'weight', '226730': 'height' };
    for (let i = 1; i < lines.length; i++) {
      const f = lines[i]!.split(',');
      const name = items[f[itemCol]!];
      const stay = byStay.get(f[stayCol]!);
      if (name === undefined || !stay || f[valueCol] === '') continue;
      const time = ms(f[timeCol]!);
      if (time >= ms(stay.intime!) + 24 * HOUR) continue;
      const key = `${stay.stay_id!} ${name}`;
      const earlier = charted.get(key);
      if (!earlier || time < earlier.time) charted.set(key, { time, value: Number(f[valueCol]) });
    }
    const cohortId = store.findCohortId('mimic-iv')!;
    const statics = store.staticInputsOf(stays.map((s) => s.id));
    for (const stay of stays) {
      const row = byStay.get(stay.stayKey)!;
      const patient = patients.get(row.subject_id!)!;
      const expected: Record<string, number | string> = {
        age:
          Number(patient.anchor_age) +
          new Date(ms(row.intime!)).getUTCFullYear() -
          Number(patient.anchor_year),
        sex: patient.gender === 'F' ? 'Female' : 'Male',
        admission_type: admissions.get(row.hadm_id!)!.admission_type!,
        first_careunit: row.first_careunit!,
      };
      for (const name of ['weight', 'height']) {
        const value = charted.get(`${stay.stayKey} ${name}`)?.value;
        if (value !== undefined) expected[name] = value;
      }
      expect(Object.fromEntries(statics.get(stay.id)!), stay.stayKey).toEqual(expected);
    }
    const count = (name: string) => [...statics.values()].filter((v) => v.has(name)).length;
    const chartedCount = (name: string) =>
      [...charted.keys()].filter((k) => k.endsWith(name)).length;
    expect(count('weight')).toBe(chartedCount('weight'));
    expect(count('height')).toBe(chartedCount('height'));
    // The demo charts weight for most stays and height for fewer: both are partial.
    expect(count('height')).toBeGreaterThan(0);
    expect(count('height')).toBeLessThan(117);
    expect(store.getCohort(cohortId).contextSchema.staticInputs?.map((i) => i.name)).toEqual([
      'age',
      'sex',
      'admission_type',
      'first_careunit',
      'weight',
      'height',
    ]);
    expect(report.notes.join('\n')).toContain(
      `weight (kg) for ${count('weight')}, height (cm) for ${count('height')} of 117 included stays`,
    );
  });

  it('says that the demo has no notes, CXR or ECG, and how many stays lack each', () => {
    expect(report.staysWithoutNotes).toBe(117);
    expect(report.staysWithoutCxr).toBe(117);
    expect(report.staysWithoutEcg).toBe(117);
    expect(report.notes.join('\n')).toMatch(/No radiology reports/);
    expect(report.notes.join('\n')).toMatch(/No CXR labels/);
    expect(report.notes.join('\n')).toMatch(/No ECG measurements/);
    expect(report.notes.join('\n')).toMatch(/All 18 chart item ids .* icu\/d_items/);
    expect(report.notes.join('\n')).toMatch(/All 16 lab item ids .* hosp\/d_labitems/);
    for (const stay of stays) {
      expect([stay.notes, stay.cxr, stay.ecg]).toEqual([[], null, null]);
    }
  });

  it('counts the rows it read and reports honest progress', () => {
    expect(report.rowsRead).toMatchObject({
      'icu/icustays.csv.gz': 140,
      'hosp/patients.csv.gz': 100,
      'hosp/admissions.csv.gz': 275,
      'icu/chartevents.csv.gz': 668_679,
      'hosp/labevents.csv.gz': 107_727,
    });
    const chart = updates.filter((u) => u.phase === 'Chart events');
    expect(chart.length).toBeGreaterThan(10); // one update per 50,000 rows, plus start and end
    for (const u of updates) expect(u.done).toBeLessThanOrEqual(u.total);
    expect(chart.at(-1)!.done).toBe(chart.at(-1)!.total);
    expect(updates.at(-1)).toMatchObject({ phase: 'Writing stays', done: 117, total: 117 });
  });
});

describe('MIMIC-IV static inputs from the cohort tables', () => {
  it('leaves out, and reports, a sex or category MIMIC-IV does not list', () => {
    const outside: string[] = [];
    const inputs = tableStaticInputs(
      { age: 67, gender: ' f ', admissionType: 'URGENT', firstCareunit: 'Burn Unit' },
      (name) => outside.push(name),
    );
    expect(inputs).toEqual({ age: 67, sex: 'Female', admission_type: 'URGENT' });
    expect(outside).toEqual(['first_careunit']);
    const blank = tableStaticInputs(
      { age: 91, gender: 'X', admissionType: '', firstCareunit: 'Neuro Stepdown' },
      (name) => outside.push(name),
    );
    expect(blank).toEqual({ age: 91, first_careunit: 'Neuro Stepdown' });
    expect(outside).toEqual(['first_careunit']);
  });
});

/** A folder with the demo's hosp/ and icu/ and the fixture's (or given) optional sources. */
function joinedFolder(root: string, optional: Record<string, string>): string {
  const dir = join(root, 'mimic');
  mkdirSync(dir);
  symlinkSync(join(DEMO, 'hosp'), join(dir, 'hosp'));
  symlinkSync(join(DEMO, 'icu'), join(dir, 'icu'));
  for (const [name, target] of Object.entries(optional)) symlinkSync(target, join(dir, name));
  return dir;
}

describe('MIMIC-IV import with notes, CXR and ECG (invented fixture joined to the demo)', () => {
  let dispose = () => {};
  let report: ImportSummary;
  const byKey = new Map<string, Stay>();

  beforeAll(async () => {
    const t = tempStore();
    dispose = t.dispose;
    const dir = joinedFolder(t.dir, {
      note: join(FIXTURE, 'note'),
      cxr: join(FIXTURE, 'cxr'),
      ecg: join(FIXTURE, 'ecg'),
    });
    report = await importMimicIv(t.store, dir, { name: 'with-context' });
    const cohortId = t.store.findCohortId('with-context')!;
    for (const stay of t.store.loadStays(t.store.stayIds(cohortId))) byKey.set(stay.stayKey, stay);
  });
  afterAll(() => dispose());

  it('chunks the reports charted inside each window, in time order', () => {
    const first = byKey.get('33987268')!;
    // The 17:30 report (second in the file) comes first: 4 sentences, then the 20:05 report's 5.
    expect(first.notes.map((n) => n.charttime)).toEqual([
      '2156-04-12T17:30:00.000Z',
      '2156-04-12T17:30:00.000Z',
      '2156-04-12T20:05:00.000Z',
      '2156-04-12T20:05:00.000Z',
    ]);
    expect(first.notes[0]!.text).toMatch(/^INDICATION: Hypoxia/);
    expect(first.notes[3]!.text).toMatch(/IMPRESSION: Worsening effusions/);
    expect(byKey.get('38875437')!.notes.map((n) => n.text)).toEqual([
      'Endotracheal tube 4 cm above the carina. Unchanged small effusions.',
    ]);
    // No hadm_id: matched by patient and window.
    expect(byKey.get('34807493')!.notes).toHaveLength(1);
    // Charted exactly at t0 + 24 h: outside the half-open window.
    expect(byKey.get('37067082')!.notes).toEqual([]);
    const withNotes = [...byKey.values()].filter((s) => s.notes.length > 0).map((s) => s.stayKey);
    expect(withNotes.sort()).toEqual(['33987268', '34807493', '38875437']);
    expect(report.staysWithoutNotes).toBe(114);
    expect(report.notes).toContain(
      "4 radiology report(s) from note/radiology.csv fall inside an included stay's window.",
    );
  });

  it('gives each stay the CheXpert labels of the latest study before its window ends', () => {
    const code = (stayKey: string) => {
      const cxr = byKey.get(stayKey)!.cxr;
      return cxr && Object.fromEntries(CHEXPERT_LABELS.map((l, i) => [l, cxr[i]]));
    };
    // Study 50000002 (08:30, two images) is the latest before 2156-04-13 16:24:18.
    expect(code('33987268')).toMatchObject({
      'Pleural Effusion': CxrCode.positive,
      'Lung Opacity': CxrCode.positive,
      'Support Devices': CxrCode.positive,
      Edema: CxrCode.uncertain,
      Cardiomegaly: CxrCode.negative,
      Pneumothorax: CxrCode.negative,
      'No Finding': CxrCode.notMentioned,
    });
    expect(code('38875437')).toMatchObject({ Atelectasis: CxrCode.positive, 'No Finding': 0 });
    expect(code('34807493')).toMatchObject({ 'No Finding': CxrCode.positive, Atelectasis: 0 });
    expect(code('35479615')).toMatchObject({ 'No Finding': CxrCode.positive });
    expect(code('37067082')).toMatchObject({
      Cardiomegaly: CxrCode.positive,
      Pneumonia: CxrCode.uncertain,
    });
    expect(report.staysWithoutCxr).toBe(112);
    expect(report.notes.join('\n')).toMatch(/1 CheXpert row\(s\) of cohort patients have no study/);
  });

  it('gives each stay the measurements of the latest ECG before its window ends', () => {
    const ecg = (stayKey: string) => {
      const values = byKey.get(stayKey)!.ecg;
      return values && Object.fromEntries(ECG_FIELDS.map((f, i) => [f, values[i]]));
    };
    const first = ecg('33987268')!;
    expect(first.rr_interval).toBe(800);
    expect(first.p_onset_to_qrs_onset).toBe(160);
    expect(first.qrs_duration).toBe(90);
    expect(first.qt_interval).toBe(400);
    expect(first.qtc).toBeCloseTo(400 / Math.sqrt(0.8), 3);
    expect(first.heart_rate).toBeCloseTo(75, 5);
    expect([first.p_axis, first.qrs_axis, first.t_axis]).toEqual([60, 30, 45]);
    // Atrial fibrillation: no P wave (29999), so PR and the P axis are absent.
    for (const key of ['38875437', '34807493', '35479615']) {
      const later = ecg(key)!;
      expect(later.heart_rate).toBeCloseTo(100, 4);
      expect(Number.isNaN(later.p_onset_to_qrs_onset)).toBe(true);
      expect(Number.isNaN(later.p_axis)).toBe(true);
      expect(later.qrs_axis).toBe(-20);
    }
    expect(ecg('37067082')).toBeNull();
    expect(report.staysWithoutEcg).toBe(113);
  });

  it('keeps the demo counts and reads every optional file', () => {
    expect(report.staysIncluded).toBe(117);
    expect(report.rowsRead).toMatchObject({
      'note/radiology.csv': 8,
      'cxr/mimic-cxr-2.0.0-metadata.csv': 7,
      'cxr/mimic-cxr-2.0.0-chexpert.csv': 7,
      'ecg/record_list.csv': 4,
      'ecg/machine_measurements.csv': 4,
    });
    expect(report.notes.join('\n')).not.toMatch(/absent/);
  });
});

describe('MIMIC-IV import refuses identifiers in note text', () => {
  let root = '';
  let dir = '';
  beforeAll(() => {
    root = plainTempDir('toe-mimic-phi-');
    const notes = join(root, 'notes');
    mkdirSync(notes);
    writeFileSync(
      join(notes, 'radiology.csv'),
      [
        'note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text',
        '1,10002428,28662225,RR,1,2156-04-12 17:30:00,,"Small effusion. Call Dr. X at 617-555-0199."',
        // Outside every window: never imported, so never refused.
        '2,10002428,28662225,RR,2,2156-04-14 09:00:00,,"Send to jane.doe@example.org."',
      ].join('\n'),
    );
    dir = joinedFolder(root, { note: notes });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses, naming file and line, and leaves the store as it was', async () => {
    const t = tempStore();
    try {
      const existing = t.store.createCohort(TINY_SCHEMA);
      t.store.stayWriter(existing)(tinyStay('s1'));
      const before = storeFingerprint(t.store);
      const refused = importMimicIv(t.store, dir, {});
      await expect(refused).rejects.toBeInstanceOf(PhiRefusedError);
      await expect(refused).rejects.toThrow(
        /1 possible direct identifier .*radiology\.csv:2:text:\d+ phone/,
      );
      expect(storeFingerprint(t.store)).toEqual(before);
    } finally {
      t.dispose();
    }
  });

  it('imports the note when the user allows it, and says so', async () => {
    const t = tempStore();
    try {
      const report = await importMimicIv(t.store, dir, { phi: { mode: 'allow', falseAlarms: [] } });
      expect(report.phi).toMatchObject({ mode: 'allow', found: [{ kind: 'phone', count: 1 }] });
      expect(report.staysWithoutNotes).toBe(116);
    } finally {
      t.dispose();
    }
  });
});
