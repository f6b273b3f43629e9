import { describe, expect, it } from 'vitest';
import { stayDetail } from '../../../src/main/core/audit/stay-detail';
import type { Stay } from '../../../src/main/core/store';
import { tempStore, TINY_SCHEMA, tinyStay } from '../../support/temp-store';

describe('stayDetail', () => {
  it('decodes the tensor, the context and which chunks the model reads', () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort(TINY_SCHEMA);
      const notes = ['First.', 'Second.', 'Third.'].map((text, i) => ({
        charttime: `2150-01-01T0${i}:00:00.000Z`,
        text,
      }));
      const id = temp.store.stayWriter(cohortId)(tinyStay('a', { notes }));
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const detail = stayDetail(stay, temp.store.getCohort(cohortId), 2);
      expect(detail.windows).toBe(2);
      expect(detail.variables).toEqual([
        {
          name: 'heart_rate',
          label: 'Heart rate',
          unit: 'bpm',
          concept: { id: 'heart_rate', group: 'vital signs', short: 'HR' },
          normal: { low: 60, high: 100 },
          mean: [80, null],
          min: [70, null],
          max: [90, null],
        },
        {
          name: 'lactate',
          label: 'Lactate',
          unit: 'mmol/L',
          concept: { id: 'lactate', group: 'blood gas', short: 'lactate' },
          normal: { low: 0.5, high: 2 },
          mean: [null, 2.5],
          min: [null, 2.5],
          max: [null, 2.5],
        },
      ]);
      // Two slots: the two most recent chunks are N1 and N2 (units T + 0, T + 1).
      expect(detail.notes.map((n) => n.unit)).toEqual([null, 2, 3]);
      expect(detail.cxr).toEqual([
        { label: 'Edema', state: 'positive' },
        { label: 'Pneumonia', state: 'negative' },
      ]);
      expect(detail.ecg).toEqual([{ field: 'qtc', label: 'QTc', unit: 'ms', value: 455 }]);
    } finally {
      temp.dispose();
    }
  });

  it("gives the banner's facts from the static inputs first, else the attributes", () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort(TINY_SCHEMA);
      const id = temp.store.stayWriter(cohortId)(
        tinyStay('a', { attributes: { sex: 'F', age_band: '65-79', admission_type: 'URGENT' } }),
      );
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const cohort = temp.store.getCohort(cohortId);
      expect(stayDetail(stay, cohort, 2).patient).toEqual({
        age: null,
        ageBand: '65-79',
        sex: 'F',
        admissionType: 'URGENT',
        careUnit: null,
      });
      const inputs = new Map<string, string | number>([
        ['age', 71],
        ['admission_type', 'EW EMER.'],
        ['first_careunit', 'Coronary Care Unit (CCU)'],
      ]);
      expect(stayDetail(stay, cohort, 2, inputs).patient).toEqual({
        age: 71,
        ageBand: '65-79',
        sex: 'F',
        admissionType: 'EW EMER.',
        careUnit: 'Coronary Care Unit (CCU)',
      });
      // Without the static input, the unit attribute monitoring groups by (the demo's).
      const demoStay = temp.store.stayWriter(cohortId)(
        tinyStay('b', { attributes: { sex: 'M', care_unit: 'MICU' } }),
      );
      const [withUnit] = temp.store.loadStays([demoStay]) as [Stay];
      expect(stayDetail(withUnit, cohort, 2).patient.careUnit).toBe('MICU');
    } finally {
      temp.dispose();
    }
  });

  it('gives a normal range only to a clinical variable charted in its table unit', () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort({
        ...TINY_SCHEMA,
        featureSchema: {
          ...TINY_SCHEMA.featureSchema,
          variables: [
            { name: 'heart_rate', unit: 'beats per 10 s' },
            { name: 'queue_depth', unit: 'jobs' },
          ],
        },
      });
      const id = temp.store.stayWriter(cohortId)(tinyStay('a'));
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const detail = stayDetail(stay, temp.store.getCohort(cohortId), 2);
      expect(detail.variables.map(({ label, normal }) => ({ label, normal }))).toEqual([
        { label: 'heart_rate', normal: null },
        { label: 'queue_depth', normal: null },
      ]);
    } finally {
      temp.dispose();
    }
  });

  it("lists a generic cohort's variables in concept order, vital signs first", () => {
    const temp = tempStore();
    try {
      // PhysioNet-style names in the alphabetical order a generic import keeps.
      const cohortId = temp.store.createCohort({
        ...TINY_SCHEMA,
        featureSchema: {
          ...TINY_SCHEMA.featureSchema,
          variables: [
            { name: 'ALP', unit: 'IU/L' },
            { name: 'HR', unit: 'bpm' },
          ],
        },
      });
      const id = temp.store.stayWriter(cohortId)(tinyStay('a'));
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const detail = stayDetail(stay, temp.store.getCohort(cohortId), 2);
      // The tensor's columns follow the variables: ALP's values stay ALP's.
      expect(
        detail.variables.map(({ name, concept, mean }) => ({ name, group: concept.group, mean })),
      ).toEqual([
        { name: 'HR', group: 'vital signs', mean: [null, 2.5] },
        { name: 'ALP', group: 'chemistry', mean: [80, null] },
      ]);
    } finally {
      temp.dispose();
    }
  });

  it("reads a non-clinical cohort's variables as themselves, in its own order", () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort({
        ...TINY_SCHEMA,
        featureSchema: {
          ...TINY_SCHEMA.featureSchema,
          variables: [
            { name: 'queue_depth', unit: 'jobs' },
            { name: 'temp', unit: '°C' },
          ],
        },
      });
      const id = temp.store.stayWriter(cohortId)(tinyStay('a'));
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const cohort = temp.store.getCohort(cohortId);
      // Only the report's `clinical` is read here; the rest of a report does not matter.
      const report = { clinical: false } as NonNullable<typeof cohort.report>;
      const detail = stayDetail(stay, { ...cohort, report }, 2);
      expect(detail.variables.map((v) => [v.name, v.concept.group])).toEqual([
        ['queue_depth', 'other'],
        ['temp', 'other'],
      ]);
    } finally {
      temp.dispose();
    }
  });
});
