// Last-resort seed for the end-to-end tests: a small cohort written straight through the
// store, with an import report that matches what was written. Only used while both the
// demo generator and the generic importer are still placeholders.
import type { ImportReport } from '../../../src/shared/domain';
import type { NewStay, Store } from '../../../src/main/core/store';

const HOURS = 4;
const VARIABLES = [
  { name: 'heart_rate', unit: 'bpm' },
  { name: 'lactate', unit: 'mmol/L' },
];

export function writeDirectCohort(store: Store, name: string, stays = 40): void {
  const cohortId = store.createCohort({
    name,
    source: 'demo',
    synthetic: true,
    description: 'SYNTHETIC end-to-end test cohort written directly (generator not built yet).',
    featureSchema: { hours: HOURS, variables: VARIABLES, statistics: ['mean', 'min', 'max'] },
    noteRule: { sentencesPerChunk: 3, maxChunks: 4 },
    contextSchema: { cxrLabels: ['Edema'], ecgFields: ['qtc'] },
    tasks: ['E1'],
    attributes: ['sex'],
  });
  const write = store.stayWriter(cohortId);
  let positives = 0;
  let testStays = 0;
  let testPositives = 0;
  for (let i = 0; i < stays; i++) {
    const label = i % 4 === 0 ? 1 : 0;
    const split = i % 5 === 0 ? 'test' : i % 5 === 1 ? 'val' : 'train';
    positives += label;
    if (split === 'test') {
      testStays++;
      testPositives += label;
    }
    const stay: NewStay = {
      stayKey: `s${i}`,
      subjectKey: `p${i}`,
      split,
      t0: '2150-01-01T00:00:00.000Z',
      losHours: 48,
      series: new Float32Array(HOURS * VARIABLES.length * 3).fill(80),
      missing: new Uint8Array(HOURS * VARIABLES.length),
      outcomes: { E1: label },
      attributes: { sex: i % 2 ? 'F' : 'M' },
      notes: [],
      cxr: null,
      ecg: null,
    };
    write(stay);
  }
  const now = new Date().toISOString();
  const report: ImportReport = {
    format: 'demo',
    source: 'test/e2e direct seed',
    cohortName: name,
    startedAt: now,
    finishedAt: now,
    staysSeen: stays + 3,
    staysIncluded: stays,
    exclusions: [{ reason: 'shorter than the observation window', stays: 3 }],
    tasks: [
      { task: 'E1', positives, stays, byTestSplit: { positives: testPositives, stays: testStays } },
    ],
    coverage: VARIABLES.map((v) => ({
      variable: v.name,
      stayCoverage: 1,
      hourCoverage: 1,
      values: stays * HOURS,
      droppedImplausible: 0,
    })),
    rowsRead: { 'direct seed': stays * HOURS * VARIABLES.length },
    valuesDroppedImplausible: 0,
    staysWithoutNotes: stays,
    staysWithoutCxr: stays,
    staysWithoutEcg: stays,
    notes: ['Written directly by the end-to-end set-up.'],
  };
  store.saveImportReport(cohortId, report);
}
