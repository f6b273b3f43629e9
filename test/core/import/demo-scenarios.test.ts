// The demo cohort's monitoring scenarios (issue 27): 'none' is the plain demo byte for byte;
// 'drift' and 'steady' date stays over 2180-2181 with a care unit, and 'drift' raises hospital
// mortality in April-June 2181 and in the SICU, and nowhere else.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../src/shared/contract';
import { attributeName, attributeWords } from '../../../src/shared/attribute-words';
import type { DemoScenario } from '../../../src/shared/domain';
import { createDemoCohort, type DemoCohortOptions } from '../../../src/main/core/import/demo';
import { CARE_UNITS, DRIFT } from '../../../src/main/core/import/demo/scenario';
import type { Stay, Store } from '../../../src/main/core/store';
import { tempStore } from '../../support/temp-store';

const disposers: (() => void)[] = [];
afterAll(() => disposers.forEach((dispose) => dispose()));

function freshStore(): Store {
  const t = tempStore();
  disposers.push(t.dispose);
  return t.store;
}

async function generate(options: Partial<DemoCohortOptions>, store = freshStore()) {
  const all: DemoCohortOptions = { name: 'demo', stays: 300, seed: 7, spurious: false, ...options };
  await createDemoCohort(store, all, {});
  const cohortId = store.findCohortId(all.name)!;
  return {
    hash: store.cohortContentHash(cohortId),
    cohort: store.getCohort(cohortId),
    stays: () => store.loadStays(store.stayIds(cohortId)),
  };
}

/**
 * A digest of a stay's clinical content: everything but its dates, attributes and outcomes
 * (notes by their time after t0). A digest, as comparing 4,000 stays' tensors takes a minute.
 */
function clinical(stay: Stay): string {
  const t0 = Date.parse(stay.t0);
  const notes = stay.notes.map(({ charttime, text }) => [
    text,
    charttime === null ? null : Date.parse(charttime) - t0,
  ]);
  const hash = createHash('sha256');
  for (const array of [stay.series, stay.missing, stay.cxr, stay.ecg]) {
    hash.update(
      array === null ? 'none' : Buffer.from(array.buffer, array.byteOffset, array.byteLength),
    );
    hash.update('|');
  }
  return hash.update(JSON.stringify(notes)).digest('hex');
}

/** Whether each stay is its subject's second (the stays are in generation order). */
function readmissions(stays: readonly Stay[]): boolean[] {
  return stays.map((stay, i) => i > 0 && stays[i - 1]!.subjectKey === stay.subjectKey);
}

const FIRST_MS = Date.UTC(2180, 0, 1);
const END_MS = Date.UTC(2182, 0, 1);
const inDriftPeriod = (stay: Stay) => {
  const t0 = Date.parse(stay.t0);
  return t0 >= DRIFT.periodStartMs && t0 < DRIFT.periodEndMs;
};
const deaths = (stays: readonly Stay[], keep: (stay: Stay) => boolean) =>
  stays.filter((stay) => keep(stay) && stay.outcomes.E1 === 1).length;

describe("scenario 'none'", () => {
  it('is the plain demo byte for byte, whether named or left to its default', async () => {
    const plain = await generate({ stays: 200 });
    const named = await generate({ stays: 200, scenario: 'none' });
    expect(named.hash).toBe(plain.hash);
    // The golden hash of generator version 1 (test/core/import/demo.test.ts).
    expect(named.hash).toBe('758b80e49840c30d3c31faa14751b130f6fb8d0811ca960d6a771d76116b308d');
    expect(named.cohort.attributes).not.toContain('care_unit');
    expect(named.cohort.description).not.toMatch(/scenario/i);
  });

  it('is the contract’s default', () => {
    const args = calls['cohorts.createDemo'].args;
    expect(args.parse({}).scenario).toBe('none');
    expect(args.parse({ scenario: 'drift' }).scenario).toBe('drift');
    expect(() => args.parse({ scenario: 'trend' })).toThrow();
  });
});

describe('monitoring scenarios, 4,000 stays, seed 7', () => {
  const cohorts = {} as Record<DemoScenario, { stays: Stay[]; description: string; hash: string }>;

  beforeAll(async () => {
    const store = freshStore();
    for (const scenario of ['none', 'steady', 'drift'] as const) {
      const g = await generate({ name: scenario, stays: 4000, scenario }, store);
      expect(g.cohort.attributes.includes('care_unit')).toBe(scenario !== 'none');
      cohorts[scenario] = { stays: g.stays(), description: g.cohort.description, hash: g.hash };
    }
  }, 120_000);

  it('dates every stay in 2180-2181 and gives each a care unit', () => {
    for (const scenario of ['steady', 'drift'] as const) {
      const { stays } = cohorts[scenario];
      const t0s = stays.map((stay) => Date.parse(stay.t0));
      expect(t0s.every((t0) => t0 >= FIRST_MS && t0 < END_MS)).toBe(true);
      // Spread over both years: every quarter holds stays.
      const quarters = new Set(
        stays.map((s) => `${s.t0.slice(0, 4)}-${Math.floor((Number(s.t0.slice(5, 7)) - 1) / 3)}`),
      );
      expect(quarters.size).toBe(8);
      const units = stays.map((stay) => stay.attributes.care_unit);
      expect(
        units.every((unit) => (CARE_UNITS as readonly (string | undefined)[]).includes(unit)),
      ).toBe(true);
      expect(new Set(units).size).toBe(CARE_UNITS.length);
    }
  });

  it('names the care units in words', () => {
    expect(attributeName('care_unit')).toBe('Care unit');
    expect(CARE_UNITS.map((unit) => attributeWords('care_unit', unit))).toEqual([
      'Medical ICU (MICU)',
      'Surgical ICU (SICU)',
      'Coronary care unit (CCU)',
      'Cardiovascular ICU (CVICU)',
      'Neurological ICU',
    ]);
  });

  it('names the scenario in the description', () => {
    expect(cohorts.drift.description).toMatch(
      /Monitoring scenario: drift \(see docs\/demo-cohort\.md\)/,
    );
    expect(cohorts.drift.description).toMatch(/April-June 2181/);
    expect(cohorts.steady.description).toMatch(/Monitoring scenario: steady/);
  });

  it('gives the same bytes for the same seed, other bytes for the other scenario', async () => {
    const a = await generate({ scenario: 'drift' });
    const b = await generate({ scenario: 'drift' });
    const c = await generate({ scenario: 'steady' });
    expect(a.hash).toBe(b.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it('keeps everything but the outcomes the same between steady and drift', () => {
    const steady = cohorts.steady.stays;
    const drift = cohorts.drift.stays;
    expect(drift).toHaveLength(steady.length);
    steady.forEach((stay, i) => {
      const other = drift[i]!;
      expect(clinical(other)).toEqual(clinical(stay));
      expect([other.stayKey, other.subjectKey, other.split, other.t0]).toEqual([
        stay.stayKey,
        stay.subjectKey,
        stay.split,
        stay.t0,
      ]);
      expect(other.attributes).toEqual(stay.attributes);
    });
  });

  it('keeps the plain demo’s clinical content and time of day; only dates and units are new', () => {
    const none = cohorts.none.stays;
    const steady = cohorts.steady.stays;
    const plainReturns = readmissions(none);
    const steadyReturns = readmissions(steady);
    // A return after 2181 is outside the extract: that stay is a new subject's instead; the
    // next stay's admission draws follow the subject change, and so may a return to it.
    const moved = (i: number) =>
      [i, i - 1, i - 2].some((k) => k >= 0 && plainReturns[k] !== steadyReturns[k]);
    const changed = none.filter((_, i) => moved(i)).length;
    console.log(
      `stays whose subject changed with the two-year window: ${changed} of ${none.length}`,
    );
    expect(changed).toBeLessThan(none.length * 0.02);
    none.forEach((stay, i) => {
      if (moved(i)) return;
      const other = steady[i]!;
      expect(clinical(other)).toEqual(clinical(stay));
      expect(other.outcomes).toEqual(stay.outcomes);
      expect(other.t0.slice(11)).toBe(stay.t0.slice(11));
      const { care_unit: unit, ...rest } = other.attributes;
      expect(unit).toBeDefined();
      expect(rest).toEqual(stay.attributes);
    });
  });

  it('adds deaths only in April-June 2181 and in the SICU, markedly', () => {
    const steady = cohorts.steady.stays;
    const drift = cohorts.drift.stays;
    const inSicu = (stay: Stay) => stay.attributes.care_unit === DRIFT.unit;
    const elsewhere = (stay: Stay) => !inDriftPeriod(stay) && !inSicu(stay);
    const counts = {
      period: [deaths(steady, inDriftPeriod), deaths(drift, inDriftPeriod)],
      periodStays: steady.filter(inDriftPeriod).length,
      unit: [deaths(steady, inSicu), deaths(drift, inSicu)],
      unitStays: steady.filter(inSicu).length,
      elsewhere: [deaths(steady, elsewhere), deaths(drift, elsewhere)],
      all: [deaths(steady, () => true), deaths(drift, () => true)],
    };
    console.log('hospital deaths, steady vs drift (seed 7, 4,000 stays):', JSON.stringify(counts));
    // Each stay's odds x2.5 adds about 70% more deaths at ~10% mortality (less than x2.5 on
    // the group's odds, as risks differ between stays); 50% more leaves room for chance.
    expect(counts.period[1]!).toBeGreaterThan(1.5 * counts.period[0]!);
    expect(counts.unit[1]!).toBeGreaterThan(1.5 * counts.unit[0]!);
    expect(counts.elsewhere[1]).toBe(counts.elsewhere[0]);
    // The drift only adds deaths, never takes one away.
    drift.forEach((stay, i) =>
      expect(stay.outcomes.E1).toBeGreaterThanOrEqual(steady[i]!.outcomes.E1!),
    );
  });

  it('keeps the steady cohort’s drift period like any other quarter', () => {
    const steady = cohorts.steady.stays;
    const rate = (keep: (stay: Stay) => boolean) =>
      deaths(steady, keep) / steady.filter(keep).length;
    const period = rate(inDriftPeriod);
    const rest = rate((stay) => !inDriftPeriod(stay));
    console.log(
      `steady hospital mortality: April-June 2181 ${period.toFixed(3)}, other stays ${rest.toFixed(3)}`,
    );
    expect(Math.abs(period - rest)).toBeLessThan(0.04);
  });

  it('keeps the drift cohort’s outcomes coherent', () => {
    const drift = cohorts.drift.stays;
    const returns = readmissions(drift);
    // Nobody comes back after dying, and ICU deaths and late deaths are deaths.
    drift.forEach((stay, i) => {
      if (returns[i]) expect(drift[i - 1]!.outcomes.E1).toBe(0);
      if (stay.outcomes.E3 === 1 || stay.outcomes.E4 === 1) expect(stay.outcomes.E1).toBe(1);
      expect(stay.outcomes.E2).toBe(stay.losHours! > 168 ? 1 : 0);
    });
  });
});

describe('outcomes pending from a day', () => {
  it('writes the stays admitted on or after it without outcomes, and nothing else differs', async () => {
    const day = '2181-07-01';
    const full = (await generate({ scenario: 'steady' })).stays();
    const served = (await generate({ scenario: 'steady', outcomesPendingFrom: day })).stays();
    const pending = full.filter((s) => s.t0 >= day).map((s) => s.stayKey);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.length).toBeLessThan(full.length);
    served.forEach((stay, i) => {
      const before = full[i]!;
      expect(stay.stayKey).toBe(before.stayKey);
      expect(stay.outcomes).toEqual(pending.includes(stay.stayKey) ? {} : before.outcomes);
      expect(clinical(stay)).toBe(clinical(before));
      expect(stay.attributes).toEqual(before.attributes);
    });
  });

  it('refuses a day that is not a date, naming it', async () => {
    await expect(generate({ outcomesPendingFrom: '2181-13-40' })).rejects.toThrow(
      /outcomes are pending must be a date as YYYY-MM-DD; got "2181-13-40"/,
    );
    expect(
      calls['cohorts.createDemo'].args.safeParse({ outcomesPendingFrom: '1 July 2181' }).success,
    ).toBe(false);
  });
});
