import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { CLINICAL_VARIABLES } from '../../../src/main/core/import/clinical-variables';
import { InputError } from '../../../src/main/core/errors/input-error';
import { splitForSubject } from '../../../src/main/core/import/patient-split';
import { importYaib, type YaibImportOptions } from '../../../src/main/core/import/yaib';
import { arrowFieldTypes } from '../../../src/main/core/import/yaib/arrow-schema';
import { parseLabelRule } from '../../../src/shared/label-rule';
import { RICU_CONCEPTS, sameUnit } from '../../../src/main/core/import/yaib/ricu-variables';
import { CancelledError, type ProgressUpdate } from '../../../src/main/core/jobs/progress';
import { ConflictError, type Stay, type Store } from '../../../src/main/core/store';
import { storeFingerprint, tempStore } from '../../support/temp-store';

/** The shipped YAIB demo cohorts (shared/ sits beside the repository). */
const DATA = resolve(__dirname, '../../../../shared/data/yaib-demo');
const folder = (task: string, source: string) => join(DATA, task, source);

type Row = Record<string, unknown>;

/** A whole Parquet file as objects, read straight with hyparquet: the tests' reference. */
async function rowsOf(path: string): Promise<Row[]> {
  return parquetReadObjects({ file: await asyncBufferFromFile(path) });
}

/** The stays of a cohort, by stay key. */
function staysOf(store: Store, cohortId: number): Map<string, Stay> {
  const stays = store.loadStays(store.stayIds(cohortId));
  return new Map(stays.map((s) => [s.stayKey, s]));
}

/** A stay's hourly mean of one variable, or NaN where nothing was charted. */
function meanAt(
  store: Store,
  cohortId: number,
  stay: Stay,
  variable: string,
  hour: number,
): number {
  const names = store.getCohort(cohortId).featureSchema.variables.map((v) => v.name);
  const v = names.indexOf(variable);
  expect(v, variable).toBeGreaterThanOrEqual(0);
  return stay.series[(hour * names.length + v) * 3]!;
}

describe('YAIB import: the shipped demo cohorts', () => {
  let store: Store;
  let dispose: () => void;
  let eicu: ImportSummary;
  let mimic: ImportSummary;
  let eicuSeconds = 0;
  const progress: ProgressUpdate[] = [];

  beforeAll(async () => {
    ({ store, dispose } = tempStore());
    const started = performance.now();
    eicu = await importYaib(store, folder('mortality24', 'eicu_demo'), {
      progress: (u) => progress.push(u),
    });
    eicuSeconds = (performance.now() - started) / 1000;
    mimic = await importYaib(store, folder('mortality24', 'mimic_demo'), {});
  });
  afterAll(() => dispose());

  it('imports mortality24 from the eICU demo: 1,367 stays, 70 deaths, nothing excluded', async () => {
    expect(eicu.cohortName).toBe('yaib-mortality24-eicu_demo');
    expect(eicu.staysSeen).toBe(1367);
    expect(eicu.staysIncluded).toBe(1367);
    expect(eicu.exclusions).toEqual([]);
    expect(eicu.tasks).toHaveLength(1);
    expect(eicu.tasks[0]).toMatchObject({ task: 'mortality24', positives: 70, stays: 1367 });
    // The reference, straight from the file: 70 stays labelled 1.
    const outc = await rowsOf(join(folder('mortality24', 'eicu_demo'), 'outc.parquet'));
    expect(outc.filter((r) => r.label === 1)).toHaveLength(70);
    expect(eicu.rowsRead).toEqual({
      'sta.parquet': 1367,
      'outc.parquet': 1367,
      'dyn.parquet': 34175,
    });
    expect(eicuSeconds).toBeLessThan(60);
  });

  it('imports mortality24 from the MIMIC-III demo: 99 stays, 21 deaths', () => {
    expect(mimic.cohortName).toBe('yaib-mortality24-mimic_demo');
    expect(mimic.staysSeen).toBe(99);
    expect(mimic.staysIncluded).toBe(99);
    expect(mimic.exclusions).toEqual([]);
    expect(mimic.tasks[0]).toMatchObject({ task: 'mortality24', positives: 21, stays: 99 });
  });

  it('records the source, the task, the attributes and the schema with the cohort', () => {
    const cohortId = store.findCohortId('yaib-mortality24-eicu_demo')!;
    const cohort = store.getCohort(cohortId);
    expect(cohort.synthetic).toBe(false);
    expect(cohort.description).toMatch(/^YAIB mortality24 from eICU-CRD demo \(ricu\)/);
    expect(cohort.tasks).toEqual(['mortality24']);
    expect(cohort.attributes).toEqual(['sex', 'age_band']);
    expect(cohort.featureSchema.hours).toBe(24);
    expect(cohort.source).toBe('yaib');
    expect(eicu.format).toBe('yaib');
    expect(cohort.contextSchema).toEqual({
      cxrLabels: [],
      ecgFields: [],
      staticInputs: [
        { name: 'age', kind: 'numeric', unit: 'years' },
        { name: 'sex', kind: 'categorical', categories: ['Female', 'Male'] },
        { name: 'height', kind: 'numeric', unit: 'cm' },
        { name: 'weight', kind: 'numeric', unit: 'kg' },
      ],
    });
    expect(cohort.stays).toBe(1367);
    expect(cohort.report?.clinical).toBe(true);
    expect(cohort.report?.notes[0]).toMatch(/eICU-CRD demo database, processed by ricu/);
    expect(store.getCohort(store.findCohortId('yaib-mortality24-mimic_demo')!).description).toMatch(
      /^YAIB mortality24 from MIMIC-III demo \(ricu\)/,
    );
  });

  it('maps 23 ricu concepts onto the product variables and keeps 25 as their own', () => {
    const cohortId = store.findCohortId('yaib-mortality24-eicu_demo')!;
    const variables = store.getCohort(cohortId).featureSchema.variables;
    expect(variables).toHaveLength(48);
    const product = CLINICAL_VARIABLES.filter((v) => !v.name.startsWith('gcs_'));
    // The product's variables first, in the product's order and units; then ricu's own.
    expect(variables.slice(0, 23)).toEqual(product.map((v) => ({ name: v.name, unit: v.unit })));
    expect(variables.slice(23).map((v) => v.name)).toEqual(
      RICU_CONCEPTS.filter((c) => c.product === null).map((c) => c.concept),
    );
    expect(variables.find((v) => v.name === 'alb')).toEqual({ name: 'alb', unit: 'g/dL' });
    expect(eicu.notes.join('\n')).toMatch(/23 ricu concepts mapped .*25 concepts kept/);
    expect(eicu.notes.join('\n')).toMatch(/gcs_eye, gcs_verbal, gcs_motor/);
  });

  it('bins known stays’ values under the product’s variables', () => {
    // MIMIC-III demo stay 201006, hour 0, as dyn.parquet holds it.
    const cohortId = store.findCohortId('yaib-mortality24-mimic_demo')!;
    const stay = staysOf(store, cohortId).get('201006')!;
    const at = (variable: string, hour = 0) => meanAt(store, cohortId, stay, variable, hour);
    expect(at('heart_rate')).toBeCloseTo(103.5, 4);
    expect(at('mbp')).toBeCloseTo(82, 4);
    expect(at('resp_rate')).toBeCloseTo(33.5, 4);
    expect(at('spo2')).toBeCloseTo(96, 4);
    expect(at('temperature')).toBeCloseTo(37.4444, 3);
    expect(at('creatinine')).toBeCloseTo(0.8, 5);
    expect(at('bicarbonate')).toBeCloseTo(22, 4);
    expect(at('hemoglobin')).toBeCloseTo(8.6, 4);
    expect(at('ph')).toBeCloseTo(7.44, 4);
    expect(at('alb')).toBeCloseTo(2.4, 5);
    expect(at('lactate')).toBeCloseTo(2.2, 5);
    expect(stay.attributes).toEqual({ sex: 'Male', age_band: '65-79' });
    expect(stay.split).toBe(splitForSubject('201006'));
    expect(stay.subjectKey).toBe('201006');
    expect(stay.t0).toBe('ICU admission');
    expect(stay.outcomes).toEqual({ mortality24: 1 });

    // eICU demo stay 141765, hour 0: the vital signs of its first row.
    const eicuId = store.findCohortId('yaib-mortality24-eicu_demo')!;
    const first = staysOf(store, eicuId).get('141765')!;
    expect(meanAt(store, eicuId, first, 'heart_rate', 0)).toBeCloseTo(83, 4);
    expect(meanAt(store, eicuId, first, 'sbp', 0)).toBeCloseTo(142, 4);
    expect(meanAt(store, eicuId, first, 'dbp', 0)).toBeCloseTo(87, 4);
    expect(meanAt(store, eicuId, first, 'temperature', 0)).toBeCloseTo(36.7111, 3);
    expect(Number.isNaN(meanAt(store, eicuId, first, 'lactate', 0))).toBe(true);
    expect(first.attributes).toEqual({ sex: 'Female', age_band: '80+' });
  });

  it('imports age, sex, height and weight as static inputs, as many as sta.parquet holds', async () => {
    for (const source of ['eicu_demo', 'mimic_demo']) {
      const sta = await rowsOf(join(folder('mortality24', source), 'sta.parquet'));
      const cohortId = store.findCohortId(`yaib-mortality24-${source}`)!;
      const ids = store.stayIds(cohortId);
      const statics = store.staticInputsOf(ids);
      const keys = new Map(store.loadStays(ids).map((stay) => [stay.id, stay.stayKey]));
      const byKey = new Map([...statics].map(([id, values]) => [keys.get(id)!, values]));
      // The reference: every finite number, and sex as written, straight from the file.
      const finite = (column: string) =>
        sta.filter((r) => typeof r[column] === 'number' && Number.isFinite(r[column])).length;
      const stored = (name: string) => [...statics.values()].filter((v) => v.has(name)).length;
      for (const name of ['age', 'height', 'weight']) {
        expect(stored(name), `${source} ${name}`).toBe(finite(name));
      }
      const sexes = sta.filter((r) => r.sex === 'Female' || r.sex === 'Male').length;
      expect(stored('sex')).toBe(sexes);
      // The import summary counts the same, and the demo does lack some values.
      const report = source === 'eicu_demo' ? eicu : mimic;
      expect(report.notes.join('\n')).toContain(
        `age (years) for ${finite('age')}, sex (Female / Male) for ${sexes}, height (cm) for ${finite('height')}, weight (kg) for ${finite('weight')} of ${sta.length} included stays`,
      );
      expect(finite('weight')).toBeLessThan(sta.length);
      // Every row agrees with the file, value for value.
      for (const row of sta) {
        const values = byKey.get(String(row.stay_id))!;
        for (const name of ['age', 'sex', 'height', 'weight']) {
          expect(values.get(name), `${source} ${String(row.stay_id)} ${name}`).toBe(
            row[name] ?? undefined,
          );
        }
      }
    }
    expect(eicu.notes.join('\n')).not.toMatch(/not imported/);
  });

  it('agrees with the raw file on values kept, dropped and outside the window', async () => {
    const dyn = await rowsOf(join(folder('mortality24', 'eicu_demo'), 'dyn.parquet'));
    const window = dyn.filter((r) => Number(r.time) / 3600 < 24);
    expect(dyn.length - window.length).toBe(1367);
    for (const [concept, variable] of [
      ['hr', 'heart_rate'],
      ['resp', 'resp_rate'],
      ['crea', 'creatinine'],
    ] as const) {
      const [low, high] = CLINICAL_VARIABLES.find((v) => v.name === variable)!.plausible;
      const values = window.map((r) => r[concept]).filter((v): v is number => v != null);
      const dropped = values.filter((v) => v < low || v > high).length;
      const coverage = eicu.coverage.find((c) => c.variable === variable)!;
      expect(coverage.droppedImplausible, variable).toBe(dropped);
      expect(coverage.values, variable).toBe(values.length - dropped);
    }
    expect(eicu.coverage.find((c) => c.variable === 'heart_rate')!.droppedImplausible).toBe(2);
    expect(eicu.notes.join('\n')).toMatch(
      /1,367 rows at hour 24 \(the hour after the window\), 0 rows later and 0 rows before admission/,
    );
  });

  it('reports progress while reading and writing', () => {
    expect(progress.some((u) => u.phase === 'reading' && u.total === 1367 * 2 + 34175)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'writing', done: 1367, total: 1367 });
  });

  it('refuses a name that is taken, and takes --name', async () => {
    await expect(importYaib(store, folder('mortality24', 'mimic_demo'), {})).rejects.toBeInstanceOf(
      ConflictError,
    );
    const report = await importYaib(store, folder('mortality24', 'mimic_demo'), {
      name: 'mimic again',
    });
    expect(report.cohortName).toBe('mimic again');
    await expect(
      importYaib(store, folder('mortality24', 'mimic_demo'), { name: 'x'.repeat(101) }),
    ).rejects.toBeInstanceOf(InputError);
  });
});

describe('YAIB import: hourly and regression labels', () => {
  let store: Store;
  let dispose: () => void;
  beforeAll(() => ({ store, dispose } = tempStore()));
  afterAll(() => dispose());

  async function refused(dir: string, options: YaibImportOptions = {}): Promise<InputError> {
    const before = storeFingerprint(store);
    const error: unknown = await importYaib(store, dir, { name: 'refused', ...options }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    expect(storeFingerprint(store)).toEqual(before);
    return error as InputError;
  }

  it('refuses hourly aki labels without a rule, naming the file and the option', async () => {
    const error = await refused(folder('aki', 'eicu_demo'));
    expect({ file: error.file, line: error.line, field: error.field }).toEqual({
      file: 'outc.parquet',
      line: null,
      field: 'time',
    });
    expect(error.message).toMatch(/hourly.*--label-rule onset-within:N/);
  });

  it('imports aki with onset-within:24: label 1 when any hourly label is 1 before hour 24', async () => {
    const dir = folder('aki', 'eicu_demo');
    const report = await importYaib(store, dir, { labelRule: 'onset-within:24' });
    const outc = await rowsOf(join(dir, 'outc.parquet'));
    const positive = new Set(
      outc.filter((r) => r.label === true && Number(r.time) / 3600 < 24).map((r) => r.stay_id),
    );
    expect(positive.size).toBe(490);
    expect(report.cohortName).toBe('yaib-aki-eicu_demo');
    expect(report.staysIncluded).toBe(1988);
    expect(report.tasks[0]).toMatchObject({ task: 'aki', positives: positive.size, stays: 1988 });
    expect(report.notes.join('\n')).toMatch(/rule onset-within:24/);
    const cohortId = store.findCohortId('yaib-aki-eicu_demo')!;
    expect(store.getCohort(cohortId).description).toMatch(/onset-within:24/);
    for (const stay of staysOf(store, cohortId).values()) {
      expect(stay.outcomes.aki, stay.stayKey).toBe(positive.has(Number(stay.stayKey)) ? 1 : 0);
    }
    // Each positive stay's onset: its first hour with a positive label, as the file holds it.
    const firstPositive = new Map<number, number>();
    for (const r of outc.filter((row) => row.label === true)) {
      const hour = Number(r.time) / 3600;
      const id = Number(r.stay_id);
      firstPositive.set(id, Math.min(firstPositive.get(id) ?? hour, hour));
    }
    const onsets = store.db
      .prepare(
        `SELECT s.stay_key, o.onset_hour FROM outcomes o JOIN stays s ON s.id = o.stay_id
         WHERE s.cohort_id = ? AND o.onset_hour IS NOT NULL`,
      )
      .all(cohortId) as { stay_key: string; onset_hour: number }[];
    expect(onsets).toHaveLength(positive.size);
    for (const { stay_key, onset_hour } of onsets)
      expect(onset_hour, stay_key).toBe(firstPositive.get(Number(stay_key)));
    const later = await importYaib(store, folder('aki', 'mimic_demo'), {
      labelRule: 'onset-within:48',
    });
    const mimicOutc = await rowsOf(join(folder('aki', 'mimic_demo'), 'outc.parquet'));
    const within48 = new Set(
      mimicOutc.filter((r) => r.label === true && Number(r.time) / 3600 < 48).map((r) => r.stay_id),
    );
    expect(later.tasks[0]!.positives).toBe(within48.size);
  });

  it('refuses a rule the user did not write right, and a rule for per-stay labels', async () => {
    const bad = await refused(folder('aki', 'mimic_demo'), { labelRule: 'onset-within:0' });
    expect(bad.message).toMatch(/not a rule/);
    const perStay = await refused(folder('mortality24', 'mimic_demo'), {
      labelRule: 'onset-within:24',
    });
    expect(perStay.file).toBe('outc.parquet');
    expect(perStay.message).toMatch(/one per stay already/);
  });

  it('refuses regression outcomes (los, kidney_function) at their first row', async () => {
    for (const task of ['los', 'kidney_function']) {
      for (const options of [{}, { labelRule: 'onset-within:24' }]) {
        const error = await refused(folder(task, 'mimic_demo'), options);
        expect({ file: error.file, line: error.line, field: error.field }).toEqual({
          file: 'outc.parquet',
          line: 1,
          field: 'label',
        });
        expect(error.message).toMatch(/row 1, column "label": .* is not 0 or 1.*regression/);
      }
    }
  });
});

describe('YAIB import: bad files leave the store unchanged', () => {
  let store: Store;
  let dispose: () => void;
  let root: string;
  let copies = 0;

  beforeAll(async () => {
    ({ store, dispose } = tempStore());
    root = mkdtempSync(join(tmpdir(), 'toe-yaib-'));
    // Something to keep: a real cohort already in the store.
    await importYaib(store, folder('mortality24', 'mimic_demo'), {});
  });
  afterAll(() => {
    dispose();
    rmSync(root, { recursive: true, force: true });
  });

  /** A fresh copy of mortality24/mimic_demo in a TASK/SOURCE folder of its own. */
  function copy(): string {
    const dir = join(root, `copy${++copies}`, 'mortality24', 'mimic_demo');
    mkdirSync(dir, { recursive: true });
    cpSync(folder('mortality24', 'mimic_demo'), dir, { recursive: true });
    return dir;
  }

  /** Renames a column in place, in the file's footer (same length, so the file stays valid). */
  function renameColumn(path: string, from: string, to: string): void {
    expect(to).toHaveLength(from.length);
    const bytes = readFileSync(path);
    const footerLength = bytes.readUInt32LE(bytes.length - 8);
    const footer = bytes.subarray(bytes.length - 8 - footerLength, bytes.length - 8);
    for (let at = footer.indexOf(from); at >= 0; at = footer.indexOf(from, at + 1)) {
      footer.write(to, at);
    }
    writeFileSync(path, bytes);
  }

  async function expectRefused(
    dir: string,
    where: { file: string; line: number | null; field: string | null },
    problem: RegExp,
  ): Promise<void> {
    const before = storeFingerprint(store);
    const error: unknown = await importYaib(store, dir, { name: `attempt ${copies}` }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    const input = error as InputError;
    expect({ file: input.file, line: input.line, field: input.field }).toEqual(where);
    expect(input.message).toMatch(problem);
    expect(storeFingerprint(store)).toEqual(before);
  }

  it('refuses a truncated Parquet copy', async () => {
    const dir = copy();
    const dyn = readFileSync(join(dir, 'dyn.parquet'));
    writeFileSync(join(dir, 'dyn.parquet'), dyn.subarray(0, dyn.length >> 1));
    await expectRefused(
      dir,
      { file: 'dyn.parquet', line: null, field: null },
      /^dyn\.parquet: not a readable Parquet file .*truncated or damaged/,
    );
  });

  it('refuses a file whose data pages are damaged behind an intact footer', async () => {
    const dir = copy();
    const dyn = Buffer.from(readFileSync(join(dir, 'dyn.parquet')));
    for (let i = 2000; i < 6000; i++) dyn[i] = (dyn[i]! * 7 + 13) & 255;
    writeFileSync(join(dir, 'dyn.parquet'), dyn);
    const before = storeFingerprint(store);
    const error = (await importYaib(store, dir, { name: 'damaged' }).catch(
      (e: unknown) => e,
    )) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.file).toBe('dyn.parquet');
    expect(error.message).toMatch(/rows 1–2475 cannot be decoded/);
    expect(storeFingerprint(store)).toEqual(before);
  });

  it('refuses a missing required column, naming the file and column', async () => {
    const noLabel = copy();
    renameColumn(join(noLabel, 'outc.parquet'), 'label', 'xabel');
    await expectRefused(
      noLabel,
      { file: 'outc.parquet', line: null, field: 'label' },
      /missing column "label"/,
    );
    const noTime = copy();
    renameColumn(join(noTime, 'dyn.parquet'), 'time', 'tyme');
    await expectRefused(
      noTime,
      { file: 'dyn.parquet', line: null, field: 'time' },
      /missing column "time"/,
    );
    const noSex = copy();
    renameColumn(join(noSex, 'sta.parquet'), 'sex', 'sax');
    await expectRefused(
      noSex,
      { file: 'sta.parquet', line: null, field: 'sex' },
      /missing column "sex"/,
    );
  });

  it('imports a sta.parquet without height: one static input fewer, the column named', async () => {
    const dir = copy();
    renameColumn(join(dir, 'sta.parquet'), 'height', 'hoight');
    const report = await importYaib(store, dir, { name: 'no height' });
    const cohortId = store.findCohortId('no height')!;
    const inputs = store.getCohort(cohortId).contextSchema.staticInputs ?? [];
    expect(inputs.map((spec) => spec.name)).toEqual(['age', 'sex', 'weight']);
    const statics = [...store.staticInputsOf(store.stayIds(cohortId)).values()];
    expect(statics.some((values) => values.has('height'))).toBe(false);
    expect(statics.filter((values) => values.has('weight')).length).toBeGreaterThan(0);
    expect(report.notes.join('\n')).toMatch(/sta\.parquet: hoight not imported/);
    store.deleteCohort(cohortId);
  });

  it('refuses a folder without the three files, or outside a TASK/SOURCE layout', async () => {
    const dir = copy();
    rmSync(join(dir, 'outc.parquet'));
    await expectRefused(dir, { file: 'outc.parquet', line: null, field: null }, /TASK\/SOURCE/);
  });

  it('leaves the store unchanged when cancelled, reading or writing', async () => {
    for (const phase of ['reading', 'writing']) {
      const controller = new AbortController();
      const before = storeFingerprint(store);
      const error: unknown = await importYaib(store, folder('mortality24', 'eicu_demo'), {
        signal: controller.signal,
        progress: (u) => {
          if (u.phase === phase) controller.abort();
        },
      }).catch((e: unknown) => e);
      expect(error, phase).toBeInstanceOf(CancelledError);
      expect(storeFingerprint(store)).toEqual(before);
    }
  });
});

describe('cohorts.import with format yaib, over the API', () => {
  let store: Store;
  let dispose: () => void;
  beforeAll(() => ({ store, dispose } = tempStore()));
  afterAll(() => dispose());
  const call = (args: unknown) =>
    dispatch(createHandlers({ store, transport: 'http', emit: () => {} }), 'cohorts.import', args);

  it('imports with a label rule, and reports a refusal by file, row and column', async () => {
    const aki = folder('aki', 'mimic_demo');
    const before = storeFingerprint(store);
    const refused = await call({ format: 'yaib', dir: aki });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('bad-input');
    expect(refused.error.location).toEqual({ file: 'outc.parquet', line: null, field: 'time' });
    expect(storeFingerprint(store)).toEqual(before);

    const los = await call({ format: 'yaib', dir: folder('los', 'mimic_demo') });
    expect(los.ok ? null : los.error.location).toEqual({
      file: 'outc.parquet',
      line: 1,
      field: 'label',
    });

    const wrongFormat = await call({ format: 'generic', dir: aki, labelRule: 'onset-within:24' });
    expect(wrongFormat.ok).toBe(false);
    const imported = await call({ format: 'yaib', dir: aki, labelRule: 'onset-within:24' });
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value as ImportSummary).toMatchObject({
      cohortName: 'yaib-aki-mimic_demo',
      staysIncluded: 113,
    });
  });
});

describe('YAIB import: building blocks', () => {
  it('keeps one mapping table whose mapped units are the product’s', () => {
    const concepts = RICU_CONCEPTS.map((c) => c.concept);
    expect(new Set(concepts).size).toBe(concepts.length);
    const mapped = RICU_CONCEPTS.filter((c) => c.product !== null);
    expect(mapped).toHaveLength(23);
    expect(RICU_CONCEPTS.length - mapped.length).toBe(25);
    for (const concept of mapped) {
      const product = CLINICAL_VARIABLES.find((v) => v.name === concept.product);
      expect(product, concept.concept).toBeDefined();
      expect(sameUnit(concept.ricuUnit, product!.unit), concept.concept).toBe(true);
    }
    for (const own of RICU_CONCEPTS.filter((c) => c.product === null)) {
      expect(own.plausible![0], own.concept).toBeLessThan(own.plausible![1]);
    }
  });

  it('covers every variable column of YAIB’s dyn.parquet', async () => {
    const metadata = await parquetMetadataAsync(
      await asyncBufferFromFile(join(folder('mortality24', 'eicu_demo'), 'dyn.parquet')),
    );
    const columns = metadata.schema.slice(1).map((s) => s.name);
    expect(columns.filter((c) => c !== 'stay_id' && c !== 'time').sort()).toEqual(
      RICU_CONCEPTS.map((c) => c.concept).sort(),
    );
  });

  it('reads the unit of time from the Arrow schema: a duration in seconds', async () => {
    const metadata = await parquetMetadataAsync(
      await asyncBufferFromFile(join(folder('aki', 'mimic_demo'), 'outc.parquet')),
    );
    const arrow = metadata.key_value_metadata?.find((k) => k.key === 'ARROW:schema')?.value ?? '';
    const types = arrowFieldTypes(arrow);
    expect(types.get('time')).toEqual({ kind: 'duration', secondsPerUnit: 1 });
    expect(types.get('stay_id')).toEqual({ kind: 'other', typeId: 2 });
    expect(() => arrowFieldTypes(arrow.slice(0, 40))).toThrow();
  });

  it('parses the label rule strictly', () => {
    expect(parseLabelRule('onset-within:24')).toEqual({ kind: 'onset-within', hours: 24 });
    expect(parseLabelRule(' onset-within:168 ')).toEqual({ kind: 'onset-within', hours: 168 });
    for (const bad of ['onset-within:0', 'onset-within:169', 'onset-within:', 'within:24', '24']) {
      expect(parseLabelRule(bad), bad).toBeNull();
    }
  });
});
