import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { COHORT_NAME_MAX } from '../../../../shared/cohort-name';
import { InputError } from '../../errors/input-error';
import { TASK_NAME } from '../generic/manifest';

export const STATIC_FILE = 'sta.parquet';
export const DYNAMIC_FILE = 'dyn.parquet';
export const OUTCOME_FILE = 'outc.parquet';

/** Where a YAIB cohort folder's files are, and what its path says about it. */
export interface YaibLayout {
  root: string;
  /** YAIB's task: the folder's parent's name (mortality24, aki, sepsis …). */
  task: string;
  /** ricu's data source: the folder's own name (eicu_demo, mimic_demo, miiv …). */
  source: string;
  sta: string;
  dyn: string;
  outc: string;
}

/** ricu's source names, and the databases they are. */
const DATABASES: Record<string, string> = {
  eicu_demo: 'eICU-CRD demo',
  mimic_demo: 'MIMIC-III demo',
  eicu: 'eICU-CRD',
  mimic: 'MIMIC-III',
  miiv: 'MIMIC-IV',
  hirid: 'HiRID',
  aumc: 'AmsterdamUMCdb',
  sic: 'SICdb',
};

/** YAIB's tasks, in words for the cohort's description. */
const TASKS: Record<string, string> = {
  mortality24: 'death after the first 24 h in the ICU',
  aki: 'acute kidney injury (KDIGO)',
  sepsis: 'sepsis onset (Sepsis-3)',
  kidney_function: 'kidney function (creatinine) after the first 24 h',
  los: 'remaining length of stay',
};

export function databaseName(source: string): string {
  return Object.hasOwn(DATABASES, source) ? DATABASES[source]! : source;
}

export function taskMeaning(task: string): string | null {
  return Object.hasOwn(TASKS, task) ? TASKS[task]! : null;
}

/**
 * Checks the folder is a YAIB TASK/SOURCE folder holding the three Parquet files, before
 * anything is read. attrition.csv (YAIB's inclusion counts) may be there; it is not read.
 */
export function locateYaibFiles(root: string): YaibLayout {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new InputError(
      root,
      null,
      null,
      'this is not a folder; point the import at a YAIB TASK/SOURCE folder such as mortality24/eicu_demo',
    );
  }
  const path = (file: string): string => {
    const full = join(root, file);
    if (!existsSync(full)) {
      throw new InputError(
        file,
        null,
        null,
        `this required file is missing from ${root}; a YAIB cohort folder (TASK/SOURCE, e.g. mortality24/eicu_demo) holds ${STATIC_FILE}, ${DYNAMIC_FILE} and ${OUTCOME_FILE}`,
      );
    }
    return full;
  };
  const sta = path(STATIC_FILE);
  const dyn = path(DYNAMIC_FILE);
  const outc = path(OUTCOME_FILE);
  const task = basename(dirname(root));
  if (!TASK_NAME.test(task)) {
    throw new InputError(
      root,
      null,
      null,
      `the task is the name of the folder's parent, and "${task}" is not a task name (letters, digits, "_", "-", "."; at most 64); keep YAIB's TASK/SOURCE layout`,
    );
  }
  return { root, task, source: basename(root), sta, dyn, outc };
}

/** `--name`, else `yaib-<task>-<source>`; at most 100 characters either way. */
export function cohortName(layout: YaibLayout, requested: string | undefined): string {
  const name = requested?.trim() || `yaib-${layout.task}-${layout.source}`;
  if (name.length > COHORT_NAME_MAX) {
    throw new InputError(
      '--name',
      null,
      null,
      `the cohort name "${name.slice(0, 40)}…" has ${name.length} characters; give one of at most ${COHORT_NAME_MAX} with --name`,
    );
  }
  return name;
}
