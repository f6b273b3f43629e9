import { basename, resolve } from 'node:path';
import type { ImportSummary } from '../../../../shared/domain';
import { cohortNameTaken, type NewCohort, type Store } from '../../store';
import { CHEXPERT_LABELS, ECG_FIELDS } from '../clinical-variables';
import { checkCohortName } from '../cohort-name';
import { writeCohort } from '../cohort-writer';
import { explainGzip } from '../csv-reader';
import { ImportClock, WRITING_STAYS } from '../import-clock';
import type { ImportOptions } from '../import-options';
import { ImportSummaryBuilder } from '../import-summary';
import { DEFAULT_NOTE_RULE } from '../note-chunks';
import { PhiGuard, REFUSE_PHI } from '../../phi';
import { readAttributes } from './attributes-file';
import { readContext } from './context-file';
import { InputError } from '../../errors/input-error';
import { locateFiles, MANIFEST_FILE, type GenericFiles } from './files';
import { readManifest } from './manifest';
import { readMeasurements, type MeasurementsReading } from './measurements-file';
import { readNotes } from './notes-file';
import { readOutcomes } from './outcomes-file';
import { readStaticInputs } from './static-file';
import { assembledStays, includedStays } from './stay-assembly';
import { readStays } from './stays-file';
import { FolderTimeConvention } from '../time-convention';
import { readVariables } from './variables-file';

/**
 * Imports a folder in the generic interchange format (docs/data-format.md): any hospital,
 * eICU, or a non-clinical domain, without code changes. Every file is read and checked
 * first; only then is the cohort written, in one transaction. Bad input throws an
 * InputError naming file, line and field, and leaves the store exactly as it was. The name
 * (options.name, else cohort.json's, else the folder's) follows cohort-name.ts's rule.
 * `reading.exactReader` is internal, for the tests and the benchmark that hold the fast path
 * for measurements.csv to the exact reader.
 */
export async function importGeneric(
  store: Store,
  dir: string,
  options: ImportOptions,
  reading: MeasurementsReading = {},
): Promise<ImportSummary> {
  store.assertWritable();
  const given = options.name === undefined ? null : checkCohortName(options.name);
  const root = resolve(dir);
  const files = locateFiles(root);
  try {
    return await importFolder(store, root, files, given, options, reading);
  } catch (error) {
    throw await explainGzip(error, csvFiles(files));
  }
}

async function importFolder(
  store: Store,
  root: string,
  files: GenericFiles,
  given: string | null,
  options: ImportOptions,
  reading: MeasurementsReading,
): Promise<ImportSummary> {
  const clock = new ImportClock(options, 'The import', WRITING_STAYS, {
    files: csvFiles(files).length,
  });
  clock.check();
  const manifest = await readManifest(files.manifest);
  // A version 1 folder never had static.csv: one found there is a file meant for version 2.
  if (files.static && manifest.formatVersion < 2) {
    throw new InputError(
      MANIFEST_FILE,
      null,
      'formatVersion',
      `${basename(files.static)} holds static inputs, which need "formatVersion": 2 and their declaration in staticInputs`,
    );
  }
  const guard = new PhiGuard(options.phi ?? REFUSE_PHI);
  const name = guard.text(
    given ?? manifest.name ?? checkCohortName(basename(root)),
    nameSource(given, manifest.name),
  );
  const description = guard.text(manifest.description, {
    file: MANIFEST_FILE,
    line: null,
    field: 'description',
  });
  // Fail before streaming millions of rows, not after; the store checks again on insert.
  if (store.findCohortId(name) !== null) throw cohortNameTaken(name);

  const variables = await readVariables(files.variables, clock);
  const report = new ImportSummaryBuilder(
    'generic',
    root,
    name,
    variables.map((v) => v.name),
    manifest.hours,
    manifest.tasks,
  );
  report.clinical = manifest.clinical;
  report.countRows(basename(files.variables), variables.length);
  const times = new FolderTimeConvention();
  const { stays, splitsFromFile } = await readStays(files.stays, guard, clock, times);
  report.staysSeen = stays.size;
  report.countRows(basename(files.stays), stays.size);
  await readMeasurements(
    files.measurements,
    stays,
    variables,
    manifest.hours,
    report,
    clock,
    times,
    reading,
  );
  await readOutcomes(files.outcomes, stays, manifest.tasks, report, clock);
  const attributes = files.attributes
    ? await readAttributes(files.attributes, stays, guard, report, clock)
    : [];
  if (files.notes) {
    await readNotes(files.notes, stays, manifest.hours, guard, report, clock, times);
  }
  if (files.context) {
    await readContext(files.context, stays, manifest.hours, report, clock, times);
  }
  if (files.static) {
    await readStaticInputs(files.static, stays, manifest.staticInputs, report, clock);
  } else if (manifest.staticInputs.length > 0) {
    report.note(
      'cohort.json declares static inputs, but there is no static.csv: no stay has a value.',
    );
  }
  // Refuse before the transaction opens: a refused import leaves no trace.
  guard.check();
  report.screened(guard.screening());

  report.note(
    splitsFromFile
      ? 'Splits as given in stays.csv.'
      : 'Splits by a stable hash of subject_id (70 / 15 / 15), so re-imports give the same split.',
  );
  if (manifest.synthetic) report.note('cohort.json declares this cohort synthetic.');
  if (!files.context && manifest.clinical) {
    report.note('No context.csv: this cohort has no CXR or ECG context.');
  }
  const cohort: NewCohort = {
    name,
    source: 'generic',
    synthetic: manifest.synthetic,
    description,
    featureSchema: {
      hours: manifest.hours,
      variables: variables.map((v) => ({ name: v.name, unit: v.unit })),
      statistics: ['mean', 'min', 'max'],
    },
    noteRule: DEFAULT_NOTE_RULE,
    // Without context.csv the cohort has no context at all, rather than clinical slots that
    // a non-clinical domain could never fill; a header-only context.csv keeps the slots.
    contextSchema: {
      ...(files.context
        ? { cxrLabels: [...CHEXPERT_LABELS], ecgFields: [...ECG_FIELDS] }
        : { cxrLabels: [], ecgFields: [] }),
      // Left out when none are declared, so a version 1 folder's cohort is as it always was.
      ...(manifest.staticInputs.length > 0 ? { staticInputs: manifest.staticInputs } : {}),
    },
    tasks: manifest.tasks,
    attributes,
  };
  const included = includedStays(stays, cohort.tasks, report);
  return writeCohort(store, {
    cohort,
    stays: assembledStays(included, manifest.hours, variables.length, report),
    total: included.length,
    report,
    clock,
  });
}

/** Where the cohort's name came from, for a PHI finding in it. */
function nameSource(given: string | null, fromManifest: string | null) {
  if (given !== null) return { file: 'cohort name', line: null, field: 'name' };
  if (fromManifest !== null) return { file: MANIFEST_FILE, line: null, field: 'name' };
  return { file: 'folder name', line: null, field: 'name' };
}

function csvFiles(files: GenericFiles): string[] {
  const { variables, stays, measurements, outcomes, attributes, notes, context } = files;
  return [
    variables,
    stays,
    measurements,
    outcomes,
    attributes,
    notes,
    context,
    files.static,
  ].filter((f): f is string => f !== null);
}
