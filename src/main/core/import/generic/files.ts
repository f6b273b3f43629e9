import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { entryExists, requireReadableFile } from '../csv-reader';
import { InputError } from '../../errors/input-error';

export const MANIFEST_FILE = 'cohort.json';

type RequiredCsv = 'variables' | 'stays' | 'measurements' | 'outcomes';
type OptionalCsv = 'attributes' | 'notes' | 'context' | 'static';

/** Paths of the folder's files; optional ones are null when absent. */
export interface GenericFiles {
  manifest: string;
  variables: string;
  stays: string;
  measurements: string;
  outcomes: string;
  attributes: string | null;
  notes: string | null;
  context: string | null;
  /** Format version 2: values of the static inputs cohort.json declares. */
  static: string | null;
}

/**
 * Finds every file of the format before any is read, so a missing required file fails at
 * once instead of after minutes of streaming measurements.
 */
export function locateFiles(dir: string): GenericFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new InputError(
      dir,
      null,
      null,
      'this is not a folder; point the import at the folder holding cohort.json',
    );
  }
  const manifest = join(dir, MANIFEST_FILE);
  if (!entryExists(manifest)) {
    throw new InputError(MANIFEST_FILE, null, null, `this required file is missing from ${dir}`);
  }
  requireReadableFile(manifest, MANIFEST_FILE);
  const required = (name: RequiredCsv): string => {
    const path = csvPath(dir, name);
    if (path === null) {
      throw new InputError(
        `${name}.csv`,
        null,
        null,
        `this required file is missing from ${dir} (${name}.csv.gz is accepted too)`,
      );
    }
    return path;
  };
  return {
    manifest,
    variables: required('variables'),
    stays: required('stays'),
    measurements: required('measurements'),
    outcomes: required('outcomes'),
    attributes: csvPath(dir, 'attributes'),
    notes: csvPath(dir, 'notes'),
    context: csvPath(dir, 'context'),
    static: csvPath(dir, 'static'),
  };
}

/**
 * `name.csv` or `name.csv.gz`; both at once is ambiguous (which one is current?) and refused.
 * A file that is there but cannot be read (a dangling or looping link, a folder, no
 * permission) is refused too, optional or not: skipping it would import "no notes" silently.
 */
function csvPath(dir: string, name: RequiredCsv | OptionalCsv): string | null {
  const plain = join(dir, `${name}.csv`);
  const gzip = `${plain}.gz`;
  const hasPlain = entryExists(plain);
  const hasGzip = entryExists(gzip);
  if (hasPlain && hasGzip) {
    throw new InputError(
      `${name}.csv`,
      null,
      null,
      `both ${name}.csv and ${name}.csv.gz exist; keep only one`,
    );
  }
  const path = hasPlain ? plain : hasGzip ? gzip : null;
  if (path !== null) requireReadableFile(path, hasPlain ? `${name}.csv` : `${name}.csv.gz`);
  return path;
}
