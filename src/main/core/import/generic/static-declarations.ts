import type { StaticInputSpec } from '../../../../shared/domain';
import { InputError, shown } from '../../errors/input-error';
import { MANIFEST_FILE } from './files';

const MAX_STATIC_INPUTS = 64;
const MAX_CATEGORIES = 256;
/** Static input names reach the model's manifest and the trace: kept plain, like task names. */
const STATIC_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const NUMERIC_KEYS = ['name', 'kind', 'unit'];
const CATEGORICAL_KEYS = ['name', 'kind', 'categories'];

/**
 * Reads cohort.json's `staticInputs` (format version 2): the per-stay inputs the model reads
 * as fixed priors, each `{"name", "kind": "numeric", "unit"}` or `{"name", "kind":
 * "categorical", "categories": [...]}`. Every problem names the key and the entry.
 */
export function readStaticDeclarations(value: unknown): StaticInputSpec[] {
  const problem = (what: string): InputError =>
    new InputError(MANIFEST_FILE, null, 'staticInputs', what);
  if (!Array.isArray(value) || value.length > MAX_STATIC_INPUTS) {
    throw problem(
      `expected a list of at most ${MAX_STATIC_INPUTS} inputs such as [{"name": "age", "kind": "numeric", "unit": "years"}]`,
    );
  }
  const names = new Set<string>();
  return (value as unknown[]).map((entry, index) => {
    const at = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw problem(`${at} is not an object with name, kind and unit or categories`);
    }
    const spec = entry as Record<string, unknown>;
    const name = spec.name;
    if (typeof name !== 'string' || !STATIC_NAME.test(name)) {
      throw problem(
        `${at}: name ${typeof name === 'string' ? shown(name) : 'is missing or not text'}; a name is letters, digits, "_", "-", "." (at most 64, starting with a letter)`,
      );
    }
    if (names.has(name)) throw problem(`${at}: ${shown(name)} is declared twice`);
    names.add(name);
    if (spec.kind !== 'numeric' && spec.kind !== 'categorical') {
      throw problem(`${shown(name)}: kind must be "numeric" or "categorical"`);
    }
    const keys = spec.kind === 'numeric' ? NUMERIC_KEYS : CATEGORICAL_KEYS;
    const unknown = Object.keys(spec).find((key) => !keys.includes(key));
    if (unknown !== undefined) {
      throw problem(
        `${shown(name)}: unknown key ${shown(unknown)}; a ${spec.kind} input has ${keys.join(', ')}`,
      );
    }
    if (spec.kind === 'numeric') {
      // An empty unit is allowed: a score or a count has none.
      if (typeof spec.unit !== 'string') {
        throw problem(`${shown(name)}: a numeric input needs "unit" (text; "" for none)`);
      }
      return { name, kind: 'numeric', unit: spec.unit.trim() };
    }
    return { name, kind: 'categorical', categories: readCategories(name, spec.categories) };
  });
}

function readCategories(name: string, value: unknown): string[] {
  const problem = (what: string): InputError =>
    new InputError(MANIFEST_FILE, null, 'staticInputs', `${shown(name)}: ${what}`);
  if (!Array.isArray(value) || value.length < 2 || value.length > MAX_CATEGORIES) {
    throw problem(
      `a categorical input needs "categories", a list of 2 to ${MAX_CATEGORIES} values such as ["Female", "Male"]`,
    );
  }
  const categories = new Set<string>();
  for (const category of value as unknown[]) {
    if (typeof category !== 'string' || category.trim() === '') {
      throw problem('every category is non-empty text');
    }
    // static.csv values are trimmed, so a category is too.
    const trimmed = category.trim();
    if (categories.has(trimmed)) throw problem(`category ${shown(trimmed)} is listed twice`);
    categories.add(trimmed);
  }
  return [...categories];
}
