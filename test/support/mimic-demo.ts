// The MIMIC-IV demo (../shared/data beside the repository) and changed copies of it for the
// importer's tests: a copy's hosp/ and icu/ are symlinks to the demo's files, except those
// a test replaces or leaves out, so a broken copy costs a few small files.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const MIMIC_IV_DEMO = resolve(__dirname, '../../../shared/data/mimic-iv-demo');

/** A table's name without its extension: a replacement may be written .csv or .csv.gz. */
const tableOf = (relative: string) => relative.replace(/\.csv(\.gz)?$/, '');

/**
 * A copy of the demo in `parent`/`name` with each file of `changes` (relative path → new
 * content, or null to leave the table out) in place of the demo's table of that name.
 */
export function demoCopy(
  parent: string,
  name: string,
  changes: Record<string, string | Buffer | null>,
): string {
  const dir = join(parent, name);
  const changed = new Set(Object.keys(changes).map(tableOf));
  for (const folder of ['hosp', 'icu']) {
    mkdirSync(join(dir, folder), { recursive: true });
    for (const file of readdirSync(join(MIMIC_IV_DEMO, folder))) {
      const relative = `${folder}/${file}`;
      if (!changed.has(tableOf(relative))) {
        symlinkSync(join(MIMIC_IV_DEMO, relative), join(dir, relative));
      }
    }
  }
  for (const [relative, content] of Object.entries(changes)) {
    if (content !== null) writeFileSync(join(dir, relative), content);
  }
  return dir;
}

/** One of the demo's tables, inflated. */
export function demoTable(relative: string): Buffer {
  return gunzipSync(readFileSync(join(MIMIC_IV_DEMO, relative)));
}

/** One of the demo's tables as lines, the header first. */
export function demoLines(relative: string): string[] {
  return demoTable(relative).toString('utf8').trimEnd().split('\n');
}
