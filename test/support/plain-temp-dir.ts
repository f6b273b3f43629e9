// A temporary folder whose name cannot read as an identifier. mkdtemp's six random letters
// sometimes spell a word the PHI guard's name lists know, and an import screens the folder
// path it names in the cohort's description: one CI run in many then refused the import.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let made = 0;

/** `prefix` followed by digits only (process id, a counter, the time), created empty. */
export function plainTempDir(prefix: string, parent = tmpdir()): string {
  for (;;) {
    const dir = join(parent, `${prefix}${process.pid}-${++made}-${Date.now()}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
