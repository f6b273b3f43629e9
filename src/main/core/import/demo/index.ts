import type { DemoScenario, ImportSummary } from '../../../../shared/domain';
import type { NewCohort, NewStay, Store } from '../../store';
import {
  BIAS_ATTRIBUTES,
  CHEXPERT_LABELS,
  CLINICAL_VARIABLES,
  ECG_FIELDS,
  MIMIC_TASKS,
} from '../clinical-variables';
import { checkCohortName } from '../cohort-name';
import { writeCohort } from '../cohort-writer';
import { ImportClock, type WritingPace } from '../import-clock';
import type { ImportOptions } from '../import-options';
import { ImportSummaryBuilder } from '../import-summary';
import { DEFAULT_NOTE_RULE } from '../note-chunks';
import { WINDOW_HOURS } from './charting';
import { describeSpuriousArtefact } from './spurious';
import { describeScenario, scenarioRules } from './scenario';
import { DemoStayGenerator } from './stay-generator';
import { writtenCount } from '../../../../shared/counted';

/**
 * The built-in demo: a deterministic SYNTHETIC cohort with MIMIC-IV's schema (variables,
 * 24 hourly bins, CXR/ECG context, tasks E1-E4, bias attributes), generated from a hidden
 * patient state per stay. See docs/demo-cohort.md for what it simulates and how hard it is.
 */
export interface DemoCohortOptions {
  name: string;
  stays: number;
  seed: number;
  spurious: boolean;
  /** A monitoring scenario (scenario.ts); absent or 'none', the plain demo. */
  scenario?: DemoScenario;
  /** Stays admitted on or after this day (YYYY-MM-DD) are written without outcomes. */
  outcomesPendingFrom?: string | undefined;
}

/** Bumped whenever the same seed would give different content: recorded in every report. */
export const DEMO_GENERATOR_VERSION = 1;
export const DEMO_MAX_STAYS = 100_000;

/** The job's one phase; its name says what the counts are, so no message repeats them. */
const GENERATING: WritingPace = {
  phase: 'generating stays',
  staysPerTick: 250,
  countInMessage: false,
};

export function demoCohortDescription({
  stays,
  seed,
  spurious,
  scenario = 'none',
  outcomesPendingFrom,
}: DemoCohortOptions): string {
  const base =
    `SYNTHETIC demo cohort: ${writtenCount(stays)} simulated ICU stays from ToE Audit's built-in generator ` +
    `(version ${DEMO_GENERATOR_VERSION}, seed ${seed}). This is NOT patient data: every vital sign, lab value, radiology ` +
    'report, date and attribute is simulated from a hidden patient state, and no real person is described. Use it to learn ' +
    'the app and to try audits, never to draw clinical conclusions.';
  const pending =
    outcomesPendingFrom === undefined
      ? null
      : `Stays admitted on or after ${outcomesPendingFrom} have no outcome yet, as the latest stays of a model in service.`;
  return [base, spurious ? describeSpuriousArtefact() : null, describeScenario(scenario), pending]
    .filter((part) => part !== null)
    .join(' ');
}

function demoCohort(options: DemoCohortOptions): NewCohort {
  return {
    name: options.name,
    source: 'demo',
    synthetic: true,
    description: demoCohortDescription(options),
    featureSchema: {
      hours: WINDOW_HOURS,
      variables: CLINICAL_VARIABLES.map(({ name, unit }) => ({ name, unit })),
      statistics: ['mean', 'min', 'max'],
    },
    noteRule: DEFAULT_NOTE_RULE,
    contextSchema: { cxrLabels: [...CHEXPERT_LABELS], ecgFields: [...ECG_FIELDS] },
    tasks: [...MIMIC_TASKS],
    attributes: [
      ...BIAS_ATTRIBUTES,
      ...(scenarioRules(options.scenario ?? 'none').careUnits ? ['care_unit'] : []),
      ...(options.spurious ? ['spurious_flag'] : []),
    ],
  };
}

function checkOptions({ stays, seed, outcomesPendingFrom }: DemoCohortOptions): void {
  if (
    outcomesPendingFrom !== undefined &&
    !(
      /^\d{4}-\d{2}-\d{2}$/.test(outcomesPendingFrom) &&
      !Number.isNaN(Date.parse(`${outcomesPendingFrom}T00:00:00Z`))
    )
  ) {
    throw new RangeError(
      `The day from which outcomes are pending must be a date as YYYY-MM-DD; got "${outcomesPendingFrom}".`,
    );
  }
  if (!Number.isInteger(stays) || stays < 1 || stays > DEMO_MAX_STAYS) {
    throw new RangeError(
      `The demo cohort takes 1 to ${writtenCount(DEMO_MAX_STAYS)} stays; got ${stays}.`,
    );
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) {
    throw new RangeError(`The demo seed must be an integer from 0 to 2147483647; got ${seed}.`);
  }
}

/**
 * Generates the demo cohort into the store in one transaction, streaming stays so memory
 * stays flat at any size; a cancelled or failed run leaves the store as it was.
 */
export async function createDemoCohort(
  store: Store,
  options: DemoCohortOptions,
  job: Pick<ImportOptions, 'signal' | 'progress' | 'beginCommit'>,
): Promise<ImportSummary> {
  store.assertWritable();
  // The same name rule as every importer and the API (cohort-name.ts).
  options = { ...options, name: checkCohortName(options.name) };
  checkOptions(options);
  const cohort = demoCohort(options);
  const clock = new ImportClock(job, `Generating the demo cohort "${options.name}"`, GENERATING);
  const report = new ImportSummaryBuilder(
    'demo',
    `synthetic generator v${DEMO_GENERATOR_VERSION}, seed ${options.seed}` +
      (options.scenario && options.scenario !== 'none' ? `, scenario ${options.scenario}` : ''),
    options.name,
    cohort.featureSchema.variables.map((v) => v.name),
    WINDOW_HOURS,
    cohort.tasks,
  );
  return writeCohort(store, {
    cohort,
    stays: generatedStays(options, cohort, report),
    total: options.stays,
    report,
    clock,
  });
}

/**
 * Generates the stays one at a time, counting each into the report, and once the last is
 * written the report's totals: memory stays flat at any size.
 */
function* generatedStays(
  options: DemoCohortOptions,
  cohort: NewCohort,
  report: ImportSummaryBuilder,
): Generator<NewStay> {
  const generator = new DemoStayGenerator(
    options.seed,
    options.spurious,
    cohort.noteRule,
    scenarioRules(options.scenario ?? 'none'),
  );
  let values = 0;
  let reports = 0;
  let dropped = 0;
  let awaiting = 0;
  for (let index = 0; index < options.stays; index++) {
    const generated = generator.generate(index);
    report.staysSeen++;
    for (const variable of generated.dropped) report.dropImplausible(variable);
    dropped += generated.dropped.length;
    generated.valuesPerVariable.forEach((n, variable) => {
      report.countValues(variable, n);
      values += n;
    });
    reports += generated.reports;
    // ISO 8601 starts compare as strings: the same day or later is pending.
    const pending =
      options.outcomesPendingFrom !== undefined && generated.stay.t0 >= options.outcomesPendingFrom;
    if (pending) awaiting++;
    yield pending ? { ...generated.stay, outcomes: {} } : generated.stay;
  }
  report.countRows('simulated charted values', values + dropped);
  report.countRows('simulated radiology reports', reports);
  report.note(demoCohortDescription(options));
  if (options.outcomesPendingFrom !== undefined)
    report.note(
      `${writtenCount(awaiting)} stays were admitted on or after ${options.outcomesPendingFrom} and have no outcome yet.`,
    );
}
