// The PHI guard's three modes and false-alarm marks as a user meets them in a terminal:
// `toe import generic` refuses and lists every finding with its mark, --phi-false-alarm
// lets one finding through, --redact-phi imports with placeholders and counts, and
// --allow-phi keeps the text; the two overrides cannot be combined; --phi-level strict adds
// the safe-list pass.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/main/core/store';
import { runToe } from '../support/run-toe';

const FIXTURE = new URL('../fixtures/generic-minimal', import.meta.url).pathname;

describe('toe import with the PHI guard', () => {
  const root = mkdtempSync(join(tmpdir(), 'toe-phi-cli-'));
  const folder = join(root, 'folder');
  cpSync(FIXTURE, folder, { recursive: true });
  // Line 8 of notes.csv: a clinician's eponym the guard takes for a name, and a phone number.
  writeFileSync(
    join(folder, 'notes.csv'),
    's3,2180-04-10 02:00:00,"Swan-Ganz placed by Dr. Foley. Call 617-555-0123 with results."\n',
    { flag: 'a' },
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const db = (name: string) => join(root, `${name}.sqlite`);

  it('refuses by default, listing each finding by mark, kind and masked text, and exits 3', () => {
    const result = runToe(['import', 'generic', folder], db('refuse'));
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/^toe: Refused: 2 possible direct identifiers/m);
    expect(result.stderr).toContain('Findings (mark, kind, masked text):');
    expect(result.stderr).toContain('  notes.csv:8:text:24  name  *****');
    expect(result.stderr).toContain('  notes.csv:8:text:36  phone  61********23');
    expect(result.stderr).not.toContain('617-555-0123');
    expect(result.stderr).toMatch(/--redact-phi/);
  });

  it('imports with one finding marked a false alarm only when nothing else is found', () => {
    const stillRefused = runToe(
      ['import', 'generic', folder, '--phi-false-alarm', 'notes.csv:8:text:24'],
      db('marked'),
    );
    expect(stillRefused.status).toBe(3);
    expect(stillRefused.stderr).toMatch(
      /Refused: 1 possible direct identifier \(notes\.csv:8:text:36 phone/,
    );

    const result = runToe(
      [
        'import',
        'generic',
        folder,
        '--redact-phi',
        '--phi-false-alarm',
        'notes.csv:8:text:24',
        '--phi-false-alarm',
        'notes.csv:9:text:0',
      ],
      db('marked'),
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /PHI guard \(redact\): 1 possible identifier replaced by a placeholder of their kind \(phone 1\); 1 finding marked a false alarm and kept; scanned cohort\.json name, cohort\.json description, stays\.csv stay_id, stays\.csv subject_id, attributes\.csv value, notes\.csv text\./,
    );
    expect(result.stdout).toMatch(/1 false-alarm mark matched no finding \(notes\.csv:9:text:0\)/);
    const store = new Store(db('marked'));
    try {
      const cohortId = store.resolveCohort('generic-minimal');
      const report = store.getCohort(cohortId).report!;
      expect(report.phi!.falseAlarms.map((f) => f.mark)).toEqual(['notes.csv:8:text:24']);
      const stay = store.loadStays(store.stayIds(cohortId, 'val'))[0]!;
      expect(stay.notes.map((n) => n.text).join(' ')).toContain(
        'Swan-Ganz placed by Dr. Foley. Call [**phone**] with results.',
      );
    } finally {
      store.close();
    }
  });

  it('keeps identifiers with --allow-phi and says so', () => {
    const result = runToe(['import', 'generic', folder, '--allow-phi'], db('allow'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /PHI guard \(allow \(identified data permitted\)\): 2 possible identifiers kept as written \(name 1, phone 1\)/,
    );
  });

  it('looks harder with --phi-level strict, and refuses a level it does not know', () => {
    const strictFolder = join(root, 'strict');
    cpSync(FIXTURE, strictFolder, { recursive: true });
    // Issue 28: a hospital's name no list knows, alone, with no cue and no preposition before it.
    writeFileSync(
      join(strictFolder, 'notes.csv'),
      's3,2180-04-10 02:00:00,"Lakeshore Pavilion expects her overnight."\n',
      { flag: 'a' },
    );
    expect(runToe(['import', 'generic', strictFolder], db('rules')).status).toBe(0);
    const strict = runToe(
      ['import', 'generic', strictFolder, '--phi-level', 'strict'],
      db('strict'),
    );
    expect(strict.status).toBe(3);
    expect(strict.stderr).toContain('  notes.csv:8:text:0  name  La*****re');
    const unknown = runToe(['import', 'generic', strictFolder, '--phi-level', 'paranoid'], db('x'));
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/--phi-level.*paranoid.*default, strict/s);
  });

  it('refuses --redact-phi with --allow-phi as a usage error', () => {
    const result = runToe(['import', 'generic', folder, '--redact-phi', '--allow-phi'], db('both'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/cannot be used with/);
  });
});
