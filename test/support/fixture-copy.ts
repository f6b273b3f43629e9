// A fresh copy of a fixture folder to change (break a line, add a note) without touching the
// original. The copy is a folder named cohort/, the name an importer takes when none is given.
import { cpSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

export function copyFixture(fixture: string, parent: string): string {
  const dir = join(mkdtempSync(join(parent, 'copy-')), 'cohort');
  cpSync(fixture, dir, { recursive: true });
  return dir;
}
