import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { findCsv } from '../csv-reader';
import { InputError } from '../../errors/input-error';

/** One table of the export: where it is, and how the report and error messages name it. */
export interface SourceFile {
  path: string;
  /** Path relative to the import folder ("icu/chartevents.csv.gz"): the report's name for it. */
  label: string;
  /** The file's own name, as csv-reader names it in its errors. */
  name: string;
}

/** Where each table of a MIMIC-IV export (and the optional linked modules) lives. */
export interface MimicLayout {
  icuStays: SourceFile;
  patients: SourceFile;
  admissions: SourceFile;
  chartEvents: SourceFile;
  labEvents: SourceFile;
  /** The item dictionaries are only used to check the variable table, so they may be absent. */
  chartItems: SourceFile | null;
  labItems: SourceFile | null;
  radiology: SourceFile | null;
  cxr: { labels: SourceFile; metadata: SourceFile } | null;
  ecg: { measurements: SourceFile; records: SourceFile } | null;
  /** What was looked for and not found, in words for the import summary. */
  notes: string[];
}

function locate(dir: string, folder: string, table: string): SourceFile | null {
  // A file that is there but unreadable (a dangling link, no permission) is refused here.
  const path = findCsv(join(dir, folder), table, (file) => `${folder}/${file}`);
  // Labels use / on every platform: they name files in reports, not paths to open.
  return path === null
    ? null
    : { path, label: `${folder}/${basename(path)}`, name: basename(path) };
}

function required(dir: string, folder: string, table: string): SourceFile {
  const file = locate(dir, folder, table);
  if (file === null) {
    throw new InputError(
      `${folder}/${table}.csv.gz`,
      null,
      null,
      `required file is missing: neither ${folder}/${table}.csv nor ${folder}/${table}.csv.gz exists in ${dir} (a MIMIC-IV export has hosp/ and icu/ folders)`,
    );
  }
  return file;
}

/**
 * Finds the official hosp/ and icu/ tables (missing ones are an input error) and the
 * optional MIMIC-IV-Note, MIMIC-CXR-JPG and MIMIC-IV-ECG tables (absent ones are noted).
 */
export function locateMimicFiles(dir: string): MimicLayout {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new InputError(dir, null, null, 'the import folder does not exist or is not a folder');
  }
  const notes: string[] = [];
  const chartItems = locate(dir, 'icu', 'd_items');
  const labItems = locate(dir, 'hosp', 'd_labitems');
  if (chartItems === null) notes.push('icu/d_items is absent: chart item ids were not checked.');
  if (labItems === null) notes.push('hosp/d_labitems is absent: lab item ids were not checked.');

  const radiology = locate(dir, 'note', 'radiology');
  if (radiology === null) {
    notes.push(
      'No radiology reports (note/radiology.csv(.gz) is absent): every stay has empty note units.',
    );
  }

  const cxrLabels = locate(dir, 'cxr', 'mimic-cxr-2.0.0-chexpert');
  const cxrMetadata = locate(dir, 'cxr', 'mimic-cxr-2.0.0-metadata');
  let cxr: MimicLayout['cxr'] = null;
  if (cxrLabels && cxrMetadata) cxr = { labels: cxrLabels, metadata: cxrMetadata };
  else if (cxrLabels || cxrMetadata) {
    notes.push(
      `CXR labels skipped: cxr/${cxrLabels ? 'mimic-cxr-2.0.0-metadata' : 'mimic-cxr-2.0.0-chexpert'}.csv(.gz) is absent, and labels cannot be placed in time without the study metadata: every stay has has_cxr = 0.`,
    );
  } else {
    notes.push(
      'No CXR labels (cxr/mimic-cxr-2.0.0-chexpert.csv(.gz) is absent): every stay has has_cxr = 0.',
    );
  }

  const ecgMeasurements = locate(dir, 'ecg', 'machine_measurements');
  const ecgRecords = locate(dir, 'ecg', 'record_list');
  let ecg: MimicLayout['ecg'] = null;
  if (ecgMeasurements && ecgRecords) ecg = { measurements: ecgMeasurements, records: ecgRecords };
  else if (ecgMeasurements || ecgRecords) {
    notes.push(
      `ECG skipped: ecg/${ecgMeasurements ? 'record_list' : 'machine_measurements'}.csv is absent, and both are needed: every stay has has_ecg = 0.`,
    );
  } else {
    notes.push(
      'No ECG measurements (ecg/machine_measurements.csv is absent): every stay has has_ecg = 0.',
    );
  }

  return {
    icuStays: required(dir, 'icu', 'icustays'),
    patients: required(dir, 'hosp', 'patients'),
    admissions: required(dir, 'hosp', 'admissions'),
    chartEvents: required(dir, 'icu', 'chartevents'),
    labEvents: required(dir, 'hosp', 'labevents'),
    chartItems,
    labItems,
    radiology,
    cxr,
    ecg,
    notes,
  };
}
