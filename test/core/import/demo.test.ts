import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportSummary } from '../../../src/shared/domain';
import { CancelledError, type ProgressUpdate } from '../../../src/main/core/jobs/progress';
import {
  BIAS_ATTRIBUTES,
  CHEXPERT_LABELS,
  CLINICAL_VARIABLES,
  ECG_FIELDS,
} from '../../../src/main/core/import/clinical-variables';
import {
  createDemoCohort,
  DEMO_GENERATOR_VERSION,
  type DemoCohortOptions,
} from '../../../src/main/core/import/demo';
import { detectPhi, findPhi } from '../../../src/main/core/phi';
import type { Stay, Store } from '../../../src/main/core/store';
import { storeFingerprint, tempStore } from '../../support/temp-store';

const DEFAULTS: DemoCohortOptions = { name: 'demo', stays: 2000, seed: 7, spurious: false };

/** Stores opened by a test, closed and removed after the file. */
const disposers: (() => void)[] = [];
afterAll(() => disposers.forEach((dispose) => dispose()));

function freshStore(): Store {
  const t = tempStore();
  disposers.push(t.dispose);
  return t.store;
}

async function generate(options: Partial<DemoCohortOptions>, store = freshStore()) {
  const all = { ...DEFAULTS, ...options };
  const report = await createDemoCohort(store, all, {});
  const cohortId = store.findCohortId(all.name)!;
  return { store, report, cohortId, stays: () => store.loadStays(store.stayIds(cohortId)) };
}

function share(stays: readonly Stay[], keep: (stay: Stay) => boolean): number {
  return stays.filter(keep).length / stays.length;
}

describe('demo cohort: determinism', () => {
  it('gives the same bytes for the same seed in two separate stores, other bytes for another seed', async () => {
    const a = await generate({ stays: 300 });
    const b = await generate({ stays: 300 });
    const c = await generate({ stays: 300, seed: 8 });
    const hash = (g: typeof a) => g.store.cohortContentHash(g.cohortId);
    expect(a.store.path).not.toBe(b.store.path);
    expect(hash(a)).toBe(hash(b));
    expect(hash(c)).not.toBe(hash(a));
  });

  it('still generates generator version 1 byte for byte', async () => {
    // If this fails after a deliberate change to the generator, bump DEMO_GENERATOR_VERSION
    // (reports record it) and update the hash; if the change was not deliberate, find it.
    const g = await generate({ stays: 200 });
    expect(DEMO_GENERATOR_VERSION).toBe(1);
    expect(g.store.cohortContentHash(g.cohortId)).toBe(
      '758b80e49840c30d3c31faa14751b130f6fb8d0811ca960d6a771d76116b308d',
    );
  });

  it('never consults Math.random', async () => {
    const random = vi.spyOn(Math, 'random');
    try {
      await generate({ stays: 50 });
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });
});

describe('demo cohort: 2,000 stays, seed 7 (the default)', () => {
  let report: ImportSummary;
  let stays: Stay[];
  let description: string;

  beforeAll(async () => {
    const g = await generate({});
    report = g.report;
    stays = g.stays();
    description = g.store.getCohort(g.cohortId).description;
  });

  it('is declared synthetic, with the MIMIC schema, and reported like an import', () => {
    expect(stays).toHaveLength(2000);
    expect(description).toMatch(/SYNTHETIC/);
    expect(description).toMatch(/NOT patient data/);
    expect(report.format).toBe('demo');
    expect(report.staysIncluded).toBe(2000);
    expect(report.tasks.map((t) => t.task)).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect(report.coverage.map((c) => c.variable)).toEqual(CLINICAL_VARIABLES.map((v) => v.name));
  });

  it('has every task prevalence near the paper, and test-split E1 within 7-15%', () => {
    for (const task of report.tasks) {
      expect(task.positives / task.stays, task.task).toBeGreaterThanOrEqual(0.07);
      expect(task.positives / task.stays, task.task).toBeLessThanOrEqual(0.15);
    }
    const e1 = report.tasks.find((t) => t.task === 'E1')!;
    const testShare = e1.byTestSplit.positives / e1.byTestSplit.stays;
    expect(testShare).toBeGreaterThanOrEqual(0.07);
    expect(testShare).toBeLessThanOrEqual(0.15);
  });

  it('keeps the outcomes consistent: ICU and post-window deaths are hospital deaths', () => {
    for (const stay of stays) {
      if (stay.outcomes.E3 === 1 || stay.outcomes.E4 === 1) expect(stay.outcomes.E1).toBe(1);
      expect(stay.losHours).toBeGreaterThanOrEqual(24);
      expect(stay.outcomes.E2).toBe(stay.losHours! > 168 ? 1 : 0);
    }
  });

  it('gives every stay every attribute, each with several groups', () => {
    for (const name of BIAS_ATTRIBUTES) {
      const groups = new Set(stays.map((s) => s.attributes[name]));
      expect(groups.has(undefined), name).toBe(false);
      expect(groups.size, name).toBeGreaterThanOrEqual(name === 'sex' ? 2 : 4);
    }
    expect(stays.every((s) => !('spurious_flag' in s.attributes))).toBe(true);
  });

  it('splits by subject: a subject never spans splits, and a few subjects have two stays', () => {
    const splitOf = new Map<string, string>();
    for (const stay of stays) {
      expect(splitOf.get(stay.subjectKey) ?? stay.split).toBe(stay.split);
      splitOf.set(stay.subjectKey, stay.split);
    }
    const readmitted = stays.length - splitOf.size;
    expect(readmitted).toBeGreaterThan(10);
    expect(readmitted).toBeLessThan(200);
    expect(new Set(stays.map((s) => s.split))).toEqual(new Set(['train', 'val', 'test']));
  });

  it('has notes for most stays and none for some, all free of direct identifiers', () => {
    const withNotes = share(stays, (s) => s.notes.length > 0);
    expect(withNotes).toBeGreaterThan(0.6);
    expect(withNotes).toBeLessThan(0.9);
    const findings = stays.flatMap((s) =>
      s.notes.flatMap((n, i) => findPhi(n.text, { file: s.stayKey, line: i, field: 'text' })),
    );
    expect(findings).toEqual([]);
    // The strict level too: its lists know radiology's words ("Cardiomediastinal", "Bibasilar").
    const strict = stays.flatMap((s) =>
      s.notes.flatMap((n) => detectPhi(n.text, 'strict').map((f) => n.text.slice(f.start, f.end))),
    );
    expect(strict).toEqual([]);
    expect(stays.every((s) => s.notes.length <= 20)).toBe(true);
  });

  it('has CXR labels for about 60% and ECGs for about half, in the schema', () => {
    expect(share(stays, (s) => s.cxr !== null)).toBeGreaterThan(0.5);
    expect(share(stays, (s) => s.cxr !== null)).toBeLessThan(0.7);
    expect(share(stays, (s) => s.ecg !== null)).toBeGreaterThan(0.4);
    expect(share(stays, (s) => s.ecg !== null)).toBeLessThan(0.6);
    for (const stay of stays) {
      if (stay.cxr) {
        expect(stay.cxr).toHaveLength(CHEXPERT_LABELS.length);
        expect([...stay.cxr].every((code) => code <= 3)).toBe(true);
      }
      if (stay.ecg) expect(stay.ecg).toHaveLength(ECG_FIELDS.length);
    }
  });

  it('has tensors with realistic missingness and values inside the plausible ranges', () => {
    const v = CLINICAL_VARIABLES.length;
    let missing = 0;
    let cells = 0;
    const problems: string[] = [];
    // Plain loops and one assertion at the end: an expect() per cell would take seconds.
    for (const stay of stays) {
      for (let cell = 0; cell < 24 * v; cell++) {
        const variable = CLINICAL_VARIABLES[cell % v]!;
        const mean = stay.series[cell * 3]!;
        const min = stay.series[cell * 3 + 1]!;
        const max = stay.series[cell * 3 + 2]!;
        cells++;
        if (stay.missing[cell] === 1) {
          missing++;
          if (!Number.isNaN(mean))
            problems.push(`${stay.stayKey} ${variable.name}: value where missing`);
          continue;
        }
        const [low, high] = variable.plausible;
        if (!(min >= low && max <= high && mean >= min - 1e-3 && mean <= max + 1e-3)) {
          problems.push(`${stay.stayKey} ${variable.name}: ${min} / ${mean} / ${max}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Vitals are charted most hours, labs a few times a day: well over half the cells are empty.
    expect(missing / cells).toBeGreaterThan(0.5);
    expect(missing / cells).toBeLessThan(0.85);
    const heartRate = report.coverage.find((c) => c.variable === 'heart_rate')!;
    expect(heartRate.hourCoverage).toBeGreaterThan(0.8);
    expect(report.coverage.find((c) => c.variable === 'ph')!.stayCoverage).toBeLessThan(0.7);
    expect(report.valuesDroppedImplausible).toBeGreaterThan(0);
  });
});

describe('demo cohort: spurious feature', () => {
  it('flags every stay, charts the artefact exactly where flagged, and is deterministic', async () => {
    const a = await generate({ stays: 400, spurious: true });
    const b = await generate({ stays: 400, spurious: true });
    const clean = await generate({ stays: 400, spurious: false });
    expect(a.store.cohortContentHash(a.cohortId)).toBe(b.store.cohortContentHash(b.cohortId));
    expect(a.store.getCohort(a.cohortId).attributes).toContain('spurious_flag');
    expect(a.store.getCohort(a.cohortId).description).toMatch(/spurious_flag = yes/);

    const v = CLINICAL_VARIABLES.length;
    const temperature = CLINICAL_VARIABLES.findIndex((x) => x.name === 'temperature');
    const cleanStays = clean.stays();
    const flagged = a.stays().map((stay, i) => {
      const flag = stay.attributes.spurious_flag;
      expect(['yes', 'no']).toContain(flag);
      const twin = cleanStays[i]!;
      // Same patient, same labels and notes: only the artefact differs.
      expect(stay.outcomes).toEqual(twin.outcomes);
      expect(stay.notes).toEqual(twin.notes);
      for (let hour = 0; hour < 24; hour++) {
        const cell = hour * v + temperature;
        if (flag === 'yes') expect(stay.series[cell * 3]).toBe(37);
        else expect(stay.missing[cell]).toBe(twin.missing[cell]);
      }
      return { flag: flag === 'yes', e1: stay.outcomes.E1, split: stay.split };
    });
    const dev = flagged.filter((f) => f.split !== 'test');
    const rate = (rows: typeof dev) => rows.filter((r) => r.flag).length / rows.length;
    expect(rate(dev.filter((r) => r.e1 === 1))).toBeGreaterThan(0.6);
    expect(rate(dev.filter((r) => r.e1 === 0))).toBeLessThan(0.3);
  });
});

describe('demo cohort: the job', () => {
  it('reports progress and, when cancelled, leaves the store exactly as it was', async () => {
    const store = freshStore();
    const before = storeFingerprint(store);
    const controller = new AbortController();
    const updates: ProgressUpdate[] = [];
    const run = createDemoCohort(
      store,
      { ...DEFAULTS, stays: 5000 },
      {
        signal: controller.signal,
        progress: (update) => {
          updates.push(update);
          if (update.done >= 500) controller.abort();
        },
      },
    );
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.every((u) => u.total === 5000)).toBe(true);
    expect(storeFingerprint(store)).toEqual(before);
  });

  it('refuses a cohort size outside 1-100,000', async () => {
    await expect(createDemoCohort(freshStore(), { ...DEFAULTS, stays: 0 }, {})).rejects.toThrow(
      /1 to 100,000/,
    );
  });
});
