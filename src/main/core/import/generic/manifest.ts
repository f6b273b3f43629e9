import { readFile, stat } from 'node:fs/promises';
import { COHORT_NAME_MAX, cohortNameProblem } from '../cohort-name';
import { InputError, shown } from '../../errors/input-error';
import { MANIFEST_FILE } from './files';
import { readStaticDeclarations } from './static-declarations';
import type { CohortManifest } from './types';

export const DEFAULT_HOURS = 24;
export const MAX_HOURS = 168;
const MAX_TASKS = 32;
/** cohort.json is a few lines of metadata; anything larger is the wrong file. */
const MAX_MANIFEST_BYTES = 1 << 20;
/** Task names appear in the CLI and in file names of reports: keep them plain. */
export const TASK_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const KEYS = new Set([
  'formatVersion',
  'name',
  'description',
  'hours',
  'tasks',
  'synthetic',
  'clinical',
  'staticInputs',
]);
/** Version 2 added static inputs (staticInputs, static.csv); version 1 folders read as before. */
export const FORMAT_VERSIONS = [1, 2] as const;

/** Reads and checks cohort.json; every problem names the key at fault. */
export async function readManifest(path: string): Promise<CohortManifest> {
  const text = (await readManifestText(path)).replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError(
      MANIFEST_FILE,
      lineOfJsonError(text, message),
      null,
      `not valid JSON (${message})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InputError(
      MANIFEST_FILE,
      null,
      null,
      'expected one JSON object such as {"description": …, "tasks": […]}',
    );
  }
  const json = parsed as Record<string, unknown>;
  // An unknown key is most often a misspelt one ("hour", "task"): refuse it rather than ignore it.
  for (const key of Object.keys(json)) {
    if (!KEYS.has(key)) {
      throw new InputError(
        MANIFEST_FILE,
        null,
        key,
        `unknown key; the keys are ${[...KEYS].join(', ')}`,
      );
    }
  }
  const problem = (field: string, what: string): InputError =>
    new InputError(MANIFEST_FILE, null, field, what);
  const formatVersion = json.formatVersion ?? 1;
  if (formatVersion !== 1 && formatVersion !== 2) {
    throw problem(
      'formatVersion',
      `this build reads format versions ${FORMAT_VERSIONS.join(' and ')}`,
    );
  }
  if (json.staticInputs !== undefined && formatVersion < 2) {
    throw problem('staticInputs', 'static inputs need "formatVersion": 2');
  }
  const name = json.name;
  // The same rule as a name typed in the app or on the command line (cohort-name.ts).
  if (name !== undefined) {
    const why = typeof name === 'string' ? cohortNameProblem(name) : 'not a string';
    if (why !== null) {
      throw problem('name', `expected a string of 1 to ${COHORT_NAME_MAX} characters (${why})`);
    }
  }
  const description = json.description;
  if (typeof description !== 'string' || description.trim() === '') {
    throw problem(
      'description',
      'a non-empty string is required: say what the cohort is and where it comes from',
    );
  }
  const hours = json.hours ?? DEFAULT_HOURS;
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) {
    throw problem('hours', `expected a whole number of hours from 1 to ${MAX_HOURS}`);
  }
  const synthetic = json.synthetic ?? false;
  if (typeof synthetic !== 'boolean') throw problem('synthetic', 'expected true or false');
  const clinical = json.clinical ?? true;
  if (typeof clinical !== 'boolean') throw problem('clinical', 'expected true or false');
  return {
    name: typeof name === 'string' ? name.trim() : null,
    description: description.trim(),
    hours,
    tasks: readTasks(json.tasks),
    synthetic,
    clinical,
    formatVersion,
    staticInputs: json.staticInputs === undefined ? [] : readStaticDeclarations(json.staticInputs),
  };
}

async function readManifestText(path: string): Promise<string> {
  let size: number;
  try {
    size = (await stat(path)).size;
    if (size <= MAX_MANIFEST_BYTES) return await readFile(path, 'utf8');
  } catch (error) {
    // A folder named cohort.json, a permission problem: still the user's file to fix.
    const code = (error as { code?: string }).code ?? String(error);
    throw new InputError(MANIFEST_FILE, null, null, `the file cannot be read (${code})`);
  }
  throw new InputError(
    MANIFEST_FILE,
    null,
    null,
    `the file has ${size} bytes; it should hold a few lines of metadata (at most 1 MB)`,
  );
}

function readTasks(tasks: unknown): string[] {
  if (!Array.isArray(tasks) || tasks.length === 0 || tasks.length > MAX_TASKS) {
    throw new InputError(
      MANIFEST_FILE,
      null,
      'tasks',
      `a list of 1 to ${MAX_TASKS} task names is required, e.g. ["mortality"]`,
    );
  }
  const seen = new Set<string>();
  for (const task of tasks as unknown[]) {
    if (typeof task !== 'string' || !TASK_NAME.test(task)) {
      throw new InputError(
        MANIFEST_FILE,
        null,
        'tasks',
        `${typeof task === 'string' ? shown(task) : String(JSON.stringify(task)).slice(0, 60)} is not a task name (letters, digits, "_", "-", "."; at most 64; starting with a letter or digit)`,
      );
    }
    if (seen.has(task))
      throw new InputError(MANIFEST_FILE, null, 'tasks', `task ${shown(task)} is listed twice`);
    seen.add(task);
  }
  return [...seen];
}

/** V8 says "at position N"; a user wants the line. */
function lineOfJsonError(text: string, message: string): number | null {
  const match = /position (\d+)/.exec(message);
  if (!match) return null;
  const position = Math.min(Number(match[1]), text.length);
  let line = 1;
  for (let i = 0; i < position; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
