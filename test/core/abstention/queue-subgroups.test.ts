/**
 * The queue by subgroup against hand-worked examples: every count, rate, change and gap
 * worked out by hand, the Clopper–Pearson bounds from scipy's beta.ppf and the Newcombe
 * bounds from the Wilson formula written out in Python (/usr/bin/python3, scipy); the flag
 * rules at and around their ties; suppression and the reference exactly as the bias audit.
 */
import { describe, expect, it } from 'vitest';
import { queueBySubgroup, type QueueStay } from '../../../src/main/core/audit/queue-subgroups';
import { biasAudit } from '../../../src/main/core/audit/bias-audit';
import type { AttributesByStay } from '../../../src/main/core/audit/subgroups';
import type { Estimate } from '../../../src/shared/estimate';
import type {
  QueueAttribute,
  QueueBySubgroup,
  QueueGroup,
  QueueSuppressedGroup,
} from '../../../src/shared/queue-subgroups';
import { stay } from '../audit/audit-fixtures';

/** A group of `stays` stays: `queued` queued, `errorsQueued` of them wrong, `errors` wrong in all. */
interface GroupSpec {
  value: string;
  stays: number;
  queued: number;
  errors: number;
  errorsQueued: number;
}

function cohort(attribute: string, groups: readonly GroupSpec[]) {
  const stays: QueueStay[] = [];
  const attributes = new Map<number, Record<string, string>>();
  let id = 1;
  for (const g of groups) {
    for (let i = 0; i < g.stays; i++) {
      const queued = i < g.queued;
      // Queued stays first: the first errorsQueued of them are wrong; then the other errors.
      const error = queued ? i < g.errorsQueued : i - g.queued < g.errors - g.errorsQueued;
      stays.push({ stayId: id, error, queued });
      attributes.set(id, { [attribute]: g.value });
      id++;
    }
  }
  return { stays, attributes: attributes as AttributesByStay };
}

function only(result: QueueBySubgroup, attribute: string): QueueAttribute {
  const found = result.attributes.find((a) => a.attribute === attribute);
  if (!found) throw new Error(`no attribute ${attribute}`);
  return found;
}

function reported(a: QueueAttribute, group: string): QueueGroup {
  const g = a.groups.find((x) => x.group === group);
  if (!g || g.suppressed) throw new Error(`${group} is not reported`);
  return g;
}

function expectEstimate(
  e: Estimate | null,
  [estimate, lower, upper]: [number, number, number],
  method: Estimate['method'],
  digits = 6,
) {
  expect(e).not.toBeNull();
  expect(e!.estimate).toBeCloseTo(estimate, digits);
  expect(e!.lower).toBeCloseTo(lower, digits);
  expect(e!.upper).toBeCloseTo(upper, digits);
  expect(e!.method).toBe(method);
  expect(e!.missing).toBeNull();
}

describe('queueBySubgroup, two groups worked by hand', () => {
  // male: 30 stays, 6 wrong; the queue takes 5 of them, 4 wrong. female: 20 stays, 4 wrong;
  // the queue takes 2, both right. 7 of 50 queued overall.
  const { stays, attributes } = cohort('sex', [
    { value: 'male', stays: 30, queued: 5, errors: 6, errorsQueued: 4 },
    { value: 'female', stays: 20, queued: 2, errors: 4, errorsQueued: 0 },
  ]);
  const result = queueBySubgroup(stays, attributes);
  const sex = only(result, 'sex');

  it('counts the queue and the errors of each group', () => {
    expect(result.stays).toBe(50);
    expect(result.queued).toBe(7);
    expect(result.parameters).toEqual({ reference: 'largest', minGroupSize: 11, level: 0.95 });
    expect(sex.kind).toBe('attribute');
    const male = reported(sex, 'male');
    expect(male).toMatchObject({
      stays: 30,
      queued: 5,
      errors: 6,
      errorsQueued: 4,
      accepted: 25,
      errorsAccepted: 2,
      acceptedNotEstimable: null,
    });
    const female = reported(sex, 'female');
    expect(female).toMatchObject({
      stays: 20,
      queued: 2,
      errors: 4,
      errorsQueued: 0,
      accepted: 18,
      errorsAccepted: 4,
    });
  });

  it('gives each rate with its Clopper–Pearson interval', () => {
    const male = reported(sex, 'male');
    // 5/30, 6/30, 2/25: scipy beta.ppf(0.025, k, n − k + 1) and beta.ppf(0.975, k + 1, n − k).
    expectEstimate(male.queuedShare, [5 / 30, 0.056422, 0.347212], 'clopper-pearson');
    expectEstimate(male.errorWithout, [0.2, 0.077136, 0.385667], 'clopper-pearson');
    expectEstimate(male.errorAccepted, [0.08, 0.00984, 0.260306], 'clopper-pearson');
    // 2/25 − 6/30 = 0.08 − 0.2: the queue took 4 of 6 errors with 1 stay in 6.
    expect(male.change).toBeCloseTo(-0.12, 12);
    const female = reported(sex, 'female');
    expectEstimate(female.queuedShare, [0.1, 0.012349, 0.316983], 'clopper-pearson');
    expectEstimate(female.errorWithout, [0.2, 0.057334, 0.436614], 'clopper-pearson');
    expectEstimate(female.errorAccepted, [4 / 18, 0.064092, 0.476373], 'clopper-pearson');
    // 4/18 − 4/20 = 2/90.
    expect(female.change).toBeCloseTo(2 / 90, 12);
  });

  it('takes the largest group as the reference and gives the gaps with Newcombe intervals', () => {
    expect(sex.reference).toEqual({ rule: 'largest', group: 'male', note: null });
    const male = reported(sex, 'male');
    expect(male.isReference).toBe(true);
    expect(male.gap).toBeNull();
    const female = reported(sex, 'female');
    expect(female.isReference).toBe(false);
    const gap = female.gap!;
    expect(gap.reference).toBe('male');
    expect(gap.notEstimable).toBeNull();
    // Without: 4/20 − 6/30 = 0. With: 4/18 − 2/25 = 0.142222.
    expectEstimate(gap.without, [0, -0.210217, 0.240162], 'newcombe');
    expectEstimate(gap.with, [4 / 18 - 0.08, -0.072871, 0.379295], 'newcombe');
    expect(gap.widens).toBe(true);
  });

  it('does not flag a rise or a widening the counts cannot support', () => {
    // female's accepted error rises (4/18 > 4/20) and its gap widens in size (0 → 0.142), but
    // Fisher's exact test of its queued × wrong table ([[0, 2], [4, 14]]) gives p = 1 and the
    // gap with the queue has an interval that includes 0.
    const female = reported(sex, 'female');
    expect(female.errorAccepted!.estimate!).toBeGreaterThan(female.errorWithout.estimate!);
    expect(female.gap!.widens).toBe(true);
    expect(female.acceptedErrorRises).toBe(false);
    expect(female.gapWidens).toBe(false);
    expect(result.flagged).toEqual({ acceptedErrorRises: 0, gapWidens: 0 });
  });

  it('flags the group whose accepted error rises and whose gap widens, not the reference', () => {
    // majority: 100 stays, 20 wrong; the queue takes 20, all wrong: 0 of 80 accepted wrong.
    // minority: 60 stays, 30 wrong; the queue takes 20, all right: 30 of 40 accepted wrong.
    // Fisher's exact test of the minority's [[0, 20], [30, 10]]: p < 0.001; gap 0.3 → 0.75,
    // its Newcombe interval far from 0.
    const { stays, attributes } = cohort('unit', [
      { value: 'majority', stays: 100, queued: 20, errors: 20, errorsQueued: 20 },
      { value: 'minority', stays: 60, queued: 20, errors: 30, errorsQueued: 0 },
    ]);
    const unit = only(queueBySubgroup(stays, attributes), 'unit');
    const minority = reported(unit, 'minority');
    expect(minority.gap!.without.estimate).toBeCloseTo(0.3, 12);
    expect(minority.gap!.with!.estimate).toBeCloseTo(0.75, 12);
    expect(minority.acceptedErrorRises).toBe(true);
    expect(minority.gapWidens).toBe(true);
    const majority = reported(unit, 'majority');
    expect(majority.isReference).toBe(true);
    expect(majority.acceptedErrorRises).toBe(false);
    expect(majority.gapWidens).toBe(false);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe('the flag rules at their ties', () => {
  it('does not flag a queue that takes exactly its share of the errors, nor an empty queue', () => {
    // Group a: 20 stays, 4 wrong; the queue takes 5 with 1 error: 3/15 = 4/20 exactly.
    // Group b: 12 stays, 3 wrong, nothing queued: the same rate with and without.
    const { stays, attributes } = cohort('site', [
      { value: 'a', stays: 20, queued: 5, errors: 4, errorsQueued: 1 },
      { value: 'b', stays: 12, queued: 0, errors: 3, errorsQueued: 0 },
    ]);
    const site = only(queueBySubgroup(stays, attributes), 'site');
    const a = reported(site, 'a');
    expect(a.change).toBeCloseTo(0, 12);
    expect(a.acceptedErrorRises).toBe(false);
    const b = reported(site, 'b');
    expect(b.queued).toBe(0);
    expect(b.acceptedErrorRises).toBe(false);
    // |3/12 − 3/15| = 0.05 against |3/12 − 4/20| = 0.05: a tie, not a widening.
    expect(b.gap!.without.estimate).toBeCloseTo(0.05, 12);
    expect(b.gap!.with!.estimate).toBeCloseTo(0.05, 12);
    expect(b.gap!.widens).toBe(false);
    expect(b.gapWidens).toBe(false);
  });

  it('compares the size of the gaps, whichever group is worse', () => {
    // ref: 40 stays, 8 wrong (0.2); the queue takes 10 with all 8 errors: 0 of 30 accepted.
    // widens: 20 stays, 6 wrong (gap +0.1); 4 queued, all wrong: 2/16 = 0.125 accepted,
    //   gap with 0.125 − 0 = 0.125 > 0.1.
    // flips: 20 stays, 2 wrong (gap −0.1); 1 queued, wrong: 1/19, gap with +0.0526: it
    //   changes sign but narrows.
    // overtakes: 25 stays, 3 wrong (gap −0.08); nothing queued: gap with +0.12, wider.
    const { stays, attributes } = cohort('unit', [
      { value: 'ref', stays: 40, queued: 10, errors: 8, errorsQueued: 8 },
      { value: 'widens', stays: 20, queued: 4, errors: 6, errorsQueued: 4 },
      { value: 'flips', stays: 20, queued: 1, errors: 2, errorsQueued: 1 },
      { value: 'overtakes', stays: 25, queued: 0, errors: 3, errorsQueued: 0 },
    ]);
    const unit = only(queueBySubgroup(stays, attributes), 'unit');
    expect(unit.reference.group).toBe('ref');
    const widens = reported(unit, 'widens');
    expect(widens.gap!.without.estimate).toBeCloseTo(0.1, 12);
    expect(widens.gap!.with!.estimate).toBeCloseTo(0.125, 12);
    expect(widens.gap!.widens).toBe(true);
    // Wider in size, but 2 of 16 against 0 of 30 does not exclude a gap of 0: no flag.
    expect(widens.gap!.with!.lower!).toBeLessThan(0);
    expect(widens.gapWidens).toBe(false);
    // Its own accepted error falls (0.3 → 0.125): the gap widens only because the
    // reference's falls further.
    expect(widens.acceptedErrorRises).toBe(false);
    const flips = reported(unit, 'flips');
    expect(flips.gap!.without.estimate).toBeCloseTo(-0.1, 12);
    expect(flips.gap!.with!.estimate).toBeCloseTo(1 / 19, 12);
    expect(flips.gap!.widens).toBe(false);
    expect(flips.gapWidens).toBe(false);
    // Its queue took no error of its own, yet its gap widens: the reference's fell to 0.
    const overtakes = reported(unit, 'overtakes');
    expect(overtakes.gap!.without.estimate).toBeCloseTo(-0.08, 12);
    expect(overtakes.gap!.with!.estimate).toBeCloseTo(0.12, 12);
    expect(overtakes.gap!.widens).toBe(true);
    // 3 of 25 against 0 of 30: the interval with the queue excludes 0, so it is flagged.
    expect(overtakes.gapWidens).toBe(overtakes.gap!.with!.lower! > 0);
    expect(overtakes.acceptedErrorRises).toBe(false);
  });
});

describe('suppression and estimability, as the bias audit', () => {
  // female: 20 stays, 4 wrong, 2 queued (right). male: 14 stays, 3 wrong, 8 queued (the 3
  // wrong among them), so only 6 are accepted. other: 5 stays, suppressed.
  const { stays, attributes } = cohort('sex', [
    { value: 'female', stays: 20, queued: 2, errors: 4, errorsQueued: 0 },
    { value: 'male', stays: 14, queued: 8, errors: 3, errorsQueued: 3 },
    { value: 'other', stays: 5, queued: 1, errors: 1, errorsQueued: 1 },
  ]);
  const result = queueBySubgroup(stays, attributes);
  const sex = only(result, 'sex');

  it('suppresses a group under the minimum size with the bias audit’s reason and size', () => {
    const other = sex.groups.find((g) => g.group === 'other') as QueueSuppressedGroup;
    expect(other.suppressed).toBe(true);
    expect(other.size).toBe('<11');
    expect(Object.keys(other).sort()).toEqual(['group', 'reason', 'size', 'suppressed']);
    // The bias audit of the same stays suppresses the same group in the same words.
    const bias = biasAudit(
      stays.map((s) =>
        stay({ id: s.stayId, p: 0.2, y: 0, pe: 0.2, evidence: 1, exhausted: false }),
      ),
      attributes,
      { threshold: 0.5, seed: 1, resamples: 20 },
    );
    const biasOther = bias.attributes[0]!.groups.find((g) => g.group === 'other');
    expect(biasOther).toEqual({
      group: 'other',
      suppressed: true,
      size: other.size,
      reason: other.reason,
    });
    expect(bias.attributes[0]!.reference.group).toBe(sex.reference.group);
  });

  it('withholds the error among accepted below the minimum of accepted stays, and the gap with it', () => {
    const male = reported(sex, 'male');
    expect(male.accepted).toBe(6);
    expect(male.errorAccepted).toBeNull();
    expect(male.change).toBeNull();
    expect(male.acceptedNotEstimable).toEqual({
      reason: 'not estimable: 6 accepted stays in this group (needs 11)',
      brief: '6 accepted (min 11)',
    });
    expect(male.acceptedErrorRises).toBe(false);
    // Without the queue the gap is still given: 3/14 − 4/20.
    expect(male.gap!.reference).toBe('female');
    expect(male.gap!.without.estimate).toBeCloseTo(3 / 14 - 0.2, 12);
    expect(male.gap!.with).toBeNull();
    expect(male.gap!.widens).toBeNull();
    expect(male.gapWidens).toBe(false);
    expect(male.gap!.notEstimable!.reason).toBe(
      'not estimable: 6 accepted stays in this group (needs 11)',
    );
  });

  it('names the reference when its own accepted stays are too few', () => {
    const { stays: s2, attributes: a2 } = cohort('sex', [
      { value: 'big', stays: 30, queued: 25, errors: 10, errorsQueued: 10 },
      { value: 'small', stays: 12, queued: 0, errors: 1, errorsQueued: 0 },
    ]);
    const small = reported(only(queueBySubgroup(s2, a2), 'sex'), 'small');
    expect(small.errorAccepted).not.toBeNull();
    expect(small.gap!.notEstimable).toEqual({
      reason: 'not estimable: 5 accepted stays in the reference group big (needs 11)',
      brief: 'ref. 5 accepted (min 11)',
    });
  });

  it('lowers the minimum when asked, as the bias audit’s minGroupSize', () => {
    const low = queueBySubgroup(stays, attributes, { minGroupSize: 5 });
    const lowSex = only(low, 'sex');
    expect(lowSex.groups.every((g) => !g.suppressed)).toBe(true);
    expectEstimate(reported(lowSex, 'male').errorAccepted, [0, 0, 0.45925], 'clopper-pearson', 4);
  });
});

describe('the reference rules', () => {
  const { stays, attributes } = cohort('race', [
    { value: 'A', stays: 30, queued: 3, errors: 9, errorsQueued: 1 },
    { value: 'B', stays: 15, queued: 1, errors: 1, errorsQueued: 0 },
    { value: '', stays: 40, queued: 4, errors: 4, errorsQueued: 2 },
  ]);

  it('never takes the Unknown group automatically, even when it is the largest', () => {
    const race = only(queueBySubgroup(stays, attributes), 'race');
    expect(race.groups.map((g) => g.group)).toEqual(['A', 'B', 'Unknown']);
    expect(race.reference.group).toBe('A');
    expect(reported(race, 'Unknown').gap!.reference).toBe('A');
  });

  it('"best" takes the known group with the lowest error rate without the queue', () => {
    const race = only(queueBySubgroup(stays, attributes, { reference: 'best' }), 'race');
    expect(race.reference).toEqual({ rule: 'best', group: 'B', note: null });
    expect(reported(race, 'B').isReference).toBe(true);
    expect(reported(race, 'A').gap!.without.estimate).toBeCloseTo(0.3 - 1 / 15, 12);
  });

  it('honours a requested group, and says why when it cannot', () => {
    const asked = only(
      queueBySubgroup(stays, attributes, { reference: { group: { race: 'Unknown' } } }),
      'race',
    );
    expect(asked.reference).toEqual({ rule: 'requested', group: 'Unknown', note: null });
    const absent = only(
      queueBySubgroup(stays, attributes, { reference: { group: { race: 'C' } } }),
      'race',
    );
    expect(absent.reference).toEqual({
      rule: 'largest',
      group: 'A',
      note: 'requested reference "C" is absent or suppressed; the largest group is used',
    });
  });

  it('crosses attribute pairs on request and refuses a repeated stay', () => {
    const crossed = queueBySubgroup(stays, attributes, { intersections: [['race', 'race']] });
    expect(crossed.attributes.map((a) => [a.attribute, a.kind])).toEqual([
      ['race', 'attribute'],
      ['race & race', 'intersection'],
    ]);
    expect(() => queueBySubgroup([...stays, stays[0]!], attributes)).toThrow(/repeated/);
    expect(() => queueBySubgroup(stays, attributes, { minGroupSize: 0 })).toThrow(RangeError);
  });
});
