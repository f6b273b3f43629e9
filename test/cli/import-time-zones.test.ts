// A folder mixing a time-zone offset into zone-less times, imported as a user would: refused
// with exit code 3 and a message naming the value's place and where the convention was set.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';

const FIXTURE = new URL('../fixtures/generic-minimal', import.meta.url).pathname;

describe('toe import generic with mixed time zones', () => {
  const root = mkdtempSync(join(tmpdir(), 'toe-zones-cli-'));
  const folder = join(root, 'folder');
  cpSync(FIXTURE, folder, { recursive: true });
  // Line 20 of measurements.csv: the only time with an offset.
  writeFileSync(join(folder, 'measurements.csv'), 's1,2180-03-01 09:30:00+05:00,heart_rate,85\n', {
    flag: 'a',
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses with exit code 3 and a located message', () => {
    const result = runToe(['import', 'generic', folder], join(root, 'store.sqlite'));
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(
      'measurements.csv, line 20, field "time": "2180-03-01 09:30:00+05:00" is written with a time-zone offset, ' +
        `but this folder's times are zone-less (set by stays.csv:2, field "t0"); ` +
        'write every time of the folder with an offset, or none',
    );
  });
});
