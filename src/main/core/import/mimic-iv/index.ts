import { resolve } from 'node:path';
import type { ImportSummary } from '../../../../shared/domain';
import { cohortNameTaken, type NewCohort, type NewStay, type Store } from '../../store';
import {
  CHEXPERT_LABELS,
  CLINICAL_VARIABLES,
  ECG_FIELDS,
  MIMIC_TASKS,
} from '../clinical-variables';
import { checkCohortName } from '../cohort-name';
import { writeCohort } from '../cohort-writer';
import { explainGzip } from '../csv-reader';
import { ImportClock, type WritingPace } from '../import-clock';
import type { ImportOptions } from '../import-options';
import { ImportSummaryBuilder } from '../import-summary';
import { DEFAULT_NOTE_RULE } from '../note-chunks';
import { PhiGuard, REFUSE_PHI } from '../../phi';
import { MIMIC_ATTRIBUTES } from './attributes';
import { readChartEvents } from './chart-events';
import { readCohort } from './cohort-tables';
import { CohortIndex, HOUR_MS, WINDOW_HOURS, type CohortStay } from './cohort-stay';
import { readCxr } from './cxr';
import { readEcg } from './ecg';
import { checkItemDictionaries } from './item-dictionary';
import { readLabEvents } from './lab-events';
import { locateMimicFiles, type MimicLayout } from './layout';
import { readRadiology, stayNoteChunks } from './radiology';
import { MIMIC_STATIC_INPUTS } from './static-inputs';
import type { ImportJob } from './table-stream';

export const DEFAULT_COHORT_NAME = 'mimic-iv';

/** Stays written between progress updates and cancellation checks in the write phase. */
const WRITING: WritingPace = { phase: 'Writing stays', staysPerTick: 2_000, countInMessage: true };

function toNewStay(stay: CohortStay): NewStay {
  const { series, missing } = stay.bins.toTensor();
  return {
    stayKey: String(stay.stayId),
    subjectKey: String(stay.subjectId),
    split: stay.split,
    t0: new Date(stay.intime).toISOString(),
    losHours: (stay.outtime - stay.intime) / HOUR_MS,
    series,
    missing,
    outcomes: stay.outcomes,
    attributes: stay.attributes,
    notes: stayNoteChunks(stay, DEFAULT_NOTE_RULE),
    cxr: stay.cxr?.values ?? null,
    ecg: stay.ecg?.values ?? null,
    staticInputs: {
      ...stay.tableStatics,
      ...Object.fromEntries([...stay.chartedStatics].map(([name, { value }]) => [name, value])),
    },
  };
}

/** Every table of the layout that is present. */
function layoutFiles(layout: MimicLayout): string[] {
  const files = [
    layout.icuStays,
    layout.patients,
    layout.admissions,
    layout.chartEvents,
    layout.labEvents,
    layout.chartItems,
    layout.labItems,
    layout.radiology,
    layout.cxr?.labels,
    layout.cxr?.metadata,
    layout.ecg?.measurements,
    layout.ecg?.records,
  ];
  return files.filter((f) => f != null).map((f) => f.path);
}

/** Reads every source into the cohort's stays; nothing is written to the store here. */
async function readSources(layout: MimicLayout, job: ImportJob): Promise<CohortStay[]> {
  const { report, guard } = job;
  for (const note of layout.notes) report.note(note);
  const stays = await readCohort(layout, job);
  const cohort = new CohortIndex(stays);
  await checkItemDictionaries(layout, job);
  await readChartEvents(layout.chartEvents, cohort, job);
  await readLabEvents(layout.labEvents, cohort, job);

  if (layout.radiology) {
    const kept = await readRadiology(layout.radiology, cohort, job);
    report.note(
      `${kept} radiology report(s) from ${layout.radiology.label} fall inside an included stay's window.`,
    );
  }
  // Refuse before the transaction opens: a refused import must leave no trace.
  guard.check();
  report.screened(guard.screening());
  if (layout.cxr) {
    const unplaced = await readCxr(layout.cxr, cohort, job);
    if (unplaced > 0) {
      report.note(
        `${unplaced} CheXpert row(s) of cohort patients have no study time in ${layout.cxr.metadata.label} and were not used.`,
      );
    }
  }
  if (layout.ecg) {
    const unplaced = await readEcg(layout.ecg, cohort, job);
    if (unplaced > 0) {
      report.note(
        `${unplaced} ECG measurement row(s) of cohort patients have no time in ${layout.ecg.records.label} and were not used.`,
      );
    }
  }
  return stays;
}

/**
 * Imports a MIMIC-IV export (official hosp/ and icu/ layout, plus note/, cxr/ and ecg/ when
 * present) as the paper's cohort (cohort.md). All files are read first, keeping only the
 * cohort's stays in memory; then one transaction writes the cohort, its stays and the report,
 * so any failure (bad input, PHI refusal, cancellation) leaves the store as it was.
 * `reading.exactReader` is internal, for the tests and the benchmark: see ImportJob.
 */
export async function importMimicIv(
  store: Store,
  dir: string,
  options: ImportOptions,
  reading: Pick<ImportJob, 'exactReader'> = {},
): Promise<ImportSummary> {
  store.assertWritable();
  const guard = new PhiGuard(options.phi ?? REFUSE_PHI);
  const name = guard.text(checkCohortName(options.name ?? DEFAULT_COHORT_NAME), {
    file: 'cohort name',
    line: null,
    field: 'name',
  });
  // The description names the folder, which may hold a user's name.
  const description = guard.text(
    `MIMIC-IV ICU stays from ${resolve(dir)}: adults with at least 24 h in the ICU, the first 24 h in hourly bins, outcomes E1-E4.`,
    { file: 'cohort description', line: null, field: 'description' },
  );
  // A refused name is said at once, not after gigabytes of tables.
  guard.check();
  // A folder in another format is named as such before any name clash is.
  const layout = locateMimicFiles(dir);
  // Fail before reading gigabytes; createCohort checks again inside the transaction.
  if (store.findCohortId(name) !== null) throw cohortNameTaken(name);
  const variables = CLINICAL_VARIABLES.map((v) => v.name);
  const report = new ImportSummaryBuilder(
    'mimic-iv',
    resolve(dir),
    name,
    variables,
    WINDOW_HOURS,
    MIMIC_TASKS,
  );
  const clock = new ImportClock(options, 'The MIMIC-IV import', WRITING);
  const job: ImportJob = { report, clock, guard, ...reading };
  let stays: CohortStay[];
  try {
    stays = await readSources(layout, job);
  } catch (error) {
    throw await explainGzip(error, layoutFiles(layout));
  }
  return writeCohort(store, {
    cohort: mimicCohort(name, description),
    stays: newStays(stays, report),
    total: stays.length,
    report,
    clock,
  });
}

/**
 * The paper's cohort: MIMIC-IV's variables, context, tasks E1-E4, and the attributes its
 * stays carry (the bias audit's, then care_unit and anchor_year_group for monitoring).
 */
function mimicCohort(name: string, description: string): NewCohort {
  return {
    name,
    source: 'mimic-iv',
    synthetic: false,
    description,
    featureSchema: {
      hours: WINDOW_HOURS,
      variables: CLINICAL_VARIABLES.map(({ name: variable, unit }) => ({ name: variable, unit })),
      statistics: ['mean', 'min', 'max'],
    },
    noteRule: DEFAULT_NOTE_RULE,
    contextSchema: {
      cxrLabels: [...CHEXPERT_LABELS],
      ecgFields: [...ECG_FIELDS],
      staticInputs: MIMIC_STATIC_INPUTS,
    },
    tasks: [...MIMIC_TASKS],
    attributes: [...MIMIC_ATTRIBUTES],
  };
}

/** The cohort's stays made one at a time, as the cohort writer takes them. */
function* newStays(stays: readonly CohortStay[], report: ImportSummaryBuilder): Generator<NewStay> {
  for (const stay of stays) {
    yield toNewStay(stay);
    for (let v = 0; v < CLINICAL_VARIABLES.length; v++)
      report.countValues(v, stay.bins.valuesOf(v));
  }
}
