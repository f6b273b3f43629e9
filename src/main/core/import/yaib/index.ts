import { resolve } from 'node:path';
import type { ImportSummary } from '../../../../shared/domain';
import { cohortNameTaken, type NewCohort, type NewStay, type Store } from '../../store';
import { PhiGuard, REFUSE_PHI } from '../../phi';
import { writeCohort } from '../cohort-writer';
import { HourlyBins } from '../hourly-bins';
import { ImportClock, WRITING_STAYS } from '../import-clock';
import type { ImportOptions } from '../import-options';
import { ImportSummaryBuilder } from '../import-summary';
import { DEFAULT_NOTE_RULE } from '../note-chunks';
import { splitForSubject } from '../patient-split';
import { counted } from '../../../../shared/counted';
import { checkDynamicColumns, readDynamic } from './dynamic-file';
import { describeRule, type LabelRule } from '../../../../shared/label-rule';
import { labelRuleOption } from './label-rule';
import {
  cohortName,
  databaseName,
  DYNAMIC_FILE,
  locateYaibFiles,
  OUTCOME_FILE,
  STATIC_FILE,
  taskMeaning,
  type YaibLayout,
} from './layout';
import { checkOutcomeColumns, readOutcomes } from './outcome-file';
import { openParquet } from './parquet-table';
import type { YaibSchema } from './ricu-variables';
import { checkStaticColumns, readStatic, YAIB_ATTRIBUTES } from './static-file';
import type { YaibStay, YaibStays } from './types';

/** The observation window: the first 24 h after ICU admission, as YAIB's mortality24. */
export const WINDOW_HOURS = 24;
/** A YAIB stay has no clock time, only hours since admission: t0 says so in words. */
export const YAIB_T0 = 'ICU admission';

export interface YaibImportOptions extends ImportOptions {
  /** How hourly labels become one per stay (`onset-within:N`); required for hourly labels. */
  labelRule?: string | undefined;
}

export const EXCLUDED = {
  noLabel: `no label in ${OUTCOME_FILE}`,
  noRows: `no rows in ${DYNAMIC_FILE}`,
  noWindowRows: `no rows in ${DYNAMIC_FILE} in hours 0-${WINDOW_HOURS - 1}`,
} as const;

/**
 * Imports one YAIB cohort folder (TASK/SOURCE holding sta, dyn and outc .parquet, as YAIB
 * writes them with ricu): docs/data-format.md, "YAIB / ricu cohorts". Every file's footer
 * and columns are checked first, then every row is read and checked (dyn.parquet one row
 * group at a time); only then is the cohort written, in one transaction with its import
 * report. Bad input throws an InputError naming file, row and column; it, a name already
 * taken or a cancel leaves the store exactly as it was.
 */
export async function importYaib(
  store: Store,
  dir: string,
  options: YaibImportOptions,
): Promise<ImportSummary> {
  const layout = locateYaibFiles(resolve(dir));
  const rule = labelRuleOption(options.labelRule);
  // YAIB's files hold numbers only; the texts the store keeps are the name and description.
  const guard = new PhiGuard(options.phi ?? REFUSE_PHI);
  const name = guard.text(cohortName(layout, options.name), {
    file: 'cohort name',
    line: null,
    field: 'name',
  });
  const description = guard.text(describeCohort(layout, rule), {
    file: 'cohort description',
    line: null,
    field: 'description',
  });
  guard.check();
  // Fail before reading anything; createCohort checks again inside the transaction.
  if (store.findCohortId(name) !== null) throw cohortNameTaken(name);

  const sta = await openParquet(layout.sta, STATIC_FILE);
  const outc = await openParquet(layout.outc, OUTCOME_FILE);
  const dyn = await openParquet(layout.dyn, DYNAMIC_FILE);
  const staticInputs = checkStaticColumns(sta);
  checkOutcomeColumns(outc);
  const schema = checkDynamicColumns(dyn);
  const clock = new ImportClock(options, 'The YAIB import', WRITING_STAYS, {
    rows: sta.rows + outc.rows + dyn.rows,
  });
  clock.check();

  const report = new ImportSummaryBuilder(
    'yaib',
    layout.root,
    name,
    schema.variables.map((v) => v.name),
    WINDOW_HOURS,
    [layout.task],
  );
  report.note(
    `Source: YAIB's ${layout.task} cohort from the ${databaseName(layout.source)} database, processed by ricu (folder ${layout.task}/${layout.source}); real patient data, not synthetic.`,
  );
  noteSchema(report, schema);
  report.screened(guard.screening());
  const stays = await readStatic(sta, staticInputs, report, clock);
  report.staysSeen = stays.size;
  await readOutcomes(outc, stays, layout.task, rule, report, clock);
  await readDynamic(dyn, stays, schema, WINDOW_HOURS, report, clock);
  report.note(
    "Splits by a stable hash of stay_id (70 / 15 / 15), so re-imports give the same split. YAIB's files carry no patient id: each stay is its own subject, so two stays of one patient may fall in different splits.",
  );
  report.note(
    'YAIB cohorts hold no radiology notes, chest X-ray or ECG: every stay has empty note units and no context.',
  );

  const cohort: NewCohort = {
    name,
    source: 'yaib',
    synthetic: false,
    description,
    featureSchema: {
      hours: WINDOW_HOURS,
      variables: schema.variables.map((v) => ({ name: v.name, unit: v.unit })),
      statistics: ['mean', 'min', 'max'],
    },
    noteRule: DEFAULT_NOTE_RULE,
    contextSchema: { cxrLabels: [], ecgFields: [], staticInputs },
    tasks: [layout.task],
    attributes: [...YAIB_ATTRIBUTES],
  };
  const included = includedStays(stays, report);
  return writeCohort(store, {
    cohort,
    stays: newStays(included, layout.task, schema.variables.length, report),
    total: included.length,
    report,
    clock,
  });
}

function describeCohort(layout: YaibLayout, rule: LabelRule | null): string {
  const meaning = taskMeaning(layout.task);
  const label = rule
    ? `hourly labels made one per stay by the rule ${describeRule(rule)}`
    : 'one label per stay';
  return `YAIB ${layout.task} from ${databaseName(layout.source)} (ricu)${meaning ? `: ${meaning}` : ''}, ${label}; the first ${WINDOW_HOURS} h after ICU admission in hourly bins. Imported from ${layout.root}.`;
}

function noteSchema(report: ImportSummaryBuilder, schema: YaibSchema): void {
  const mapped = schema.variables.filter((v) => v.mapped);
  const own = schema.variables.filter((v) => !v.mapped);
  report.note(
    `${DYNAMIC_FILE}: ${counted(mapped.length, 'ricu concept')} mapped onto the product's variables (${mapped.map((v) => `${v.column} → ${v.name}`).join(', ')}); ${counted(own.length, 'concept')} kept under ricu's names and units (${own.map((v) => v.name).join(', ')}). Units are ricu's, the same as the product's: nothing converted.`,
  );
  if (schema.unknown.length > 0) {
    report.note(
      `${DYNAMIC_FILE}: ${schema.unknown.join(', ')} ${schema.unknown.length === 1 ? 'is not a ricu concept' : 'are not ricu concepts'} YAIB exports; kept without unit or plausible range.`,
    );
  }
  if (schema.absent.length > 0) {
    report.note(
      `Product variables with no ricu concept in the files, so not in this cohort: ${schema.absent.join(', ')}.`,
    );
  }
}

/** The stays that enter the cohort; every other is counted in the report with its reason. */
function includedStays(stays: YaibStays, report: ImportSummaryBuilder): YaibStay[] {
  const included: YaibStay[] = [];
  for (const stay of stays.values()) {
    const reason = exclusionOf(stay);
    if (reason === null) included.push(stay);
    else report.exclude(reason);
  }
  return included;
}

function exclusionOf(stay: YaibStay): string | null {
  if (stay.label === null) return EXCLUDED.noLabel;
  if (stay.dynRows === 0) return EXCLUDED.noRows;
  if (stay.windowRows === 0) return EXCLUDED.noWindowRows;
  return null;
}

function toNewStay(stay: YaibStay, task: string, hours: number, variables: number): NewStay {
  const { series, missing } = (stay.bins ?? new HourlyBins(hours, variables)).toTensor();
  return {
    stayKey: stay.key,
    // No patient id in YAIB's files: the stay is its own subject.
    subjectKey: stay.key,
    split: splitForSubject(stay.key),
    t0: YAIB_T0,
    losHours: null,
    series,
    missing,
    outcomes: { [task]: stay.label! },
    // The onset of a stay labelled 1 by the rule: its first positive hour, before the rule's.
    ...(stay.label === 1 && stay.onsetHour !== null ? { onsets: { [task]: stay.onsetHour } } : {}),
    attributes: stay.attributes,
    notes: [],
    cxr: null,
    ecg: null,
    staticInputs: stay.staticInputs,
  };
}

/** The included stays made one at a time, as the cohort writer takes them. */
function* newStays(
  included: readonly YaibStay[],
  task: string,
  variables: number,
  report: ImportSummaryBuilder,
): Generator<NewStay> {
  for (const stay of included) {
    const bins = stay.bins;
    yield toNewStay(stay, task, WINDOW_HOURS, variables);
    for (let v = 0; v < variables; v++) report.countValues(v, bins ? bins.valuesOf(v) : 0);
    // The bins are in the store now; let them go so memory falls as the write proceeds.
    stay.bins = null;
  }
}
