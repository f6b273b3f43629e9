import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLINICAL_VARIABLES } from '../../../src/main/core/import/clinical-variables';
import { RICU_CONCEPTS } from '../../../src/main/core/import/yaib/ricu-variables';
import type { VariableSpec } from '../../../src/shared/domain';
import {
  CONCEPT_GROUPS,
  conceptOf,
  conceptSections,
  inConceptOrder,
  nameKey,
  VARIABLE_CONCEPTS,
} from '../../../src/shared/variable-concepts';

/** The PhysioNet/CinC 2012 challenge's time series, as its files spell them. */
const PHYSIONET_2012 = [
  'Albumin', 'ALP', 'ALT', 'AST', 'Bilirubin', 'BUN', 'Cholesterol', 'Creatinine',
  'DiasABP', 'FiO2', 'GCS', 'Glucose', 'HCO3', 'HCT', 'HR', 'K', 'Lactate', 'Mg', 'MAP',
  'MechVent', 'Na', 'NIDiasABP', 'NIMAP', 'NISysABP', 'PaCO2', 'PaO2', 'pH', 'Platelets',
  'RespRate', 'SaO2', 'SysABP', 'Temp', 'TroponinI', 'TroponinT', 'Urine', 'WBC',
]; // prettier-ignore

/** The PhysioNet/CinC 2019 (sepsis) challenge's hourly vitals and labs. */
const PHYSIONET_2019 = [
  'HR', 'O2Sat', 'Temp', 'SBP', 'MAP', 'DBP', 'Resp', 'EtCO2', 'BaseExcess', 'HCO3', 'FiO2',
  'pH', 'PaCO2', 'SaO2', 'AST', 'BUN', 'Alkalinephos', 'Calcium', 'Chloride', 'Creatinine',
  'Bilirubin_direct', 'Glucose', 'Lactate', 'Magnesium', 'Phosphate', 'Potassium',
  'Bilirubin_total', 'TroponinI', 'Hct', 'Hgb', 'PTT', 'WBC', 'Fibrinogen', 'Platelets',
]; // prettier-ignore

const groupOf = (name: string) => conceptOf(name).group;

describe('variable concepts', () => {
  it('knows every variable of the demo and MIMIC-IV cohorts and of the shipped bundle', () => {
    const manifest = JSON.parse(
      readFileSync(join(process.cwd(), 'resources/models/E1/manifest.json'), 'utf8'),
    ) as { featureSchema: { variables: VariableSpec[] } };
    const names = [
      ...CLINICAL_VARIABLES.map((v) => v.name),
      ...manifest.featureSchema.variables.map((v) => v.name),
    ];
    expect(names.filter((n) => conceptOf(n).id === null)).toEqual([]);
    // The product's own names are the concepts' ids.
    expect(CLINICAL_VARIABLES.filter((v) => conceptOf(v.name).id !== v.name)).toEqual([]);
  });

  it("knows every ricu concept YAIB exports, onto the product's concept where ricu maps it", () => {
    expect(RICU_CONCEPTS.filter((c) => conceptOf(c.concept).id === null)).toEqual([]);
    for (const c of RICU_CONCEPTS.filter((c) => c.product !== null))
      expect(conceptOf(c.concept).id, c.concept).toBe(c.product);
  });

  it('knows the PhysioNet 2012 and 2019 challenge names', () => {
    const unknown = [...PHYSIONET_2012, ...PHYSIONET_2019].filter((n) => conceptOf(n).id === null);
    expect(unknown).toEqual([]);
    expect(conceptOf('NIDiasABP')).toEqual({ id: 'nidbp', group: 'vital signs', short: 'NI DBP' });
    expect(conceptOf('O2Sat')).toEqual({ id: 'spo2', group: 'vital signs', short: 'SpO₂' });
    expect(groupOf('GCS')).toBe('neurological');
    expect(groupOf('FiO2')).toBe('respiratory support');
    expect(groupOf('MechVent')).toBe('respiratory support');
    expect(groupOf('PaCO2')).toBe('blood gas');
    expect(groupOf('SaO2')).toBe('blood gas');
    expect(groupOf('HCO3')).toBe('chemistry');
    expect(groupOf('ALP')).toBe('chemistry');
    expect(groupOf('HCT')).toBe('haematology');
    expect(groupOf('PTT')).toBe('coagulation');
    expect(groupOf('Urine')).toBe('fluids');
  });

  it('matches names whatever their case, spacing or subscripts, and through aliases', () => {
    for (const name of ['heart_rate', 'HEART_RATE', 'Heart Rate', 'heart-rate', 'HR', 'hr'])
      expect(conceptOf(name).id, name).toBe('heart_rate');
    for (const name of ['SpO₂', 'spo2', 'O2Sat', 'o2sat']) expect(conceptOf(name).id).toBe('spo2');
    expect(conceptOf('Haemoglobin').id).toBe('hemoglobin');
    expect(nameKey('PaCO₂')).toBe('paco2');
  });

  it('puts an unknown name under "other", under its own name', () => {
    expect(conceptOf('queue_depth')).toEqual({ id: null, group: 'other', short: 'queue_depth' });
    expect(conceptOf('Weight').group).toBe('other');
  });

  it('gives every name one concept, and every concept its id among its names', () => {
    const names = VARIABLE_CONCEPTS.flatMap((g) => g.concepts.flatMap((c) => c.names.map(nameKey)));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // The mapping's sections come in the groups' display order, "other" last.
    expect([...VARIABLE_CONCEPTS.map((g) => g.group), 'other']).toEqual(CONCEPT_GROUPS);
    const concepts = VARIABLE_CONCEPTS.flatMap((g) => g.concepts);
    expect(concepts.filter((c) => !c.names.includes(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('orders an alphabetical PhysioNet cohort vital signs first, unknown names last as given', () => {
    const ordered = inConceptOrder([...PHYSIONET_2012, 'Weight', 'Age'].sort(), (n) => n);
    expect(ordered.slice(0, 10)).toEqual([
      'HR', 'SysABP', 'DiasABP', 'MAP', 'NISysABP', 'NIDiasABP', 'NIMAP', 'RespRate', 'Temp',
      'GCS',
    ]); // prettier-ignore
    expect(ordered.slice(-2)).toEqual(['Age', 'Weight']);
    expect(conceptSections(ordered, groupOf).map((s) => s.group)).toEqual([
      'vital signs',
      'neurological',
      'respiratory support',
      'blood gas',
      'chemistry',
      'haematology',
      'fluids',
      'other',
    ]);
  });
});
