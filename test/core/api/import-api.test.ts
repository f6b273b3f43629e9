/**
 * Imports through dispatch, as both transports reach them: bad input arrives with where it
 * is, a PHI-guard refusal with every finding, both leaving the store unchanged; the override
 * imports; and a native folder dialog is refused as unavailable outside the desktop app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { ImportSummary } from '../../../src/shared/domain';
import { storeFingerprint, tempStore } from '../../support/temp-store';
import { copyFixture } from '../../support/fixture-copy';

const CLINICAL = resolve(import.meta.dirname, '../../fixtures/generic-minimal');
const temp = tempStore();
afterAll(temp.dispose);
const handlers = createHandlers({ store: temp.store, transport: 'http', emit: () => {} });
const call = (name: string, args: unknown) => dispatch(handlers, name, args);

const fixtureCopy = () => copyFixture(CLINICAL, temp.dir);

describe('cohorts.import over the API', () => {
  it('reports bad input with its file, line and field, and changes nothing', async () => {
    const dir = fixtureCopy();
    const lines = readFileSync(join(dir, 'measurements.csv'), 'utf8').split('\n');
    const header = lines[0]!.split(',');
    const valueAt = header.indexOf('value');
    const broken = lines[1]!.split(',');
    broken[valueAt] = 'twelve';
    lines[1] = broken.join(',');
    writeFileSync(join(dir, 'measurements.csv'), lines.join('\n'));

    const before = storeFingerprint(temp.store);
    const outcome = await call('cohorts.import', { format: 'generic', dir });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('bad-input');
    expect(outcome.error.location).toEqual({ file: 'measurements.csv', line: 2, field: 'value' });
    expect(outcome.error.message).toContain('measurements.csv, line 2, field "value"');
    expect(storeFingerprint(temp.store)).toEqual(before);
  });

  it('refuses identified note text with every finding, masked, then imports on the override', async () => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'notes.csv'), 's3,2180-04-10 02:00:00,"Mail jane.doe@example.org."\n', {
      flag: 'a',
    });
    const noteLines = readFileSync(join(dir, 'notes.csv'), 'utf8').trimEnd().split('\n').length;
    const before = storeFingerprint(temp.store);
    const refused = await call('cohorts.import', { format: 'generic', dir, name: 'phi' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('bad-input');
    expect(refused.error.phiFindings).toEqual([
      {
        mark: `notes.csv:${noteLines}:text:5`,
        file: 'notes.csv',
        line: noteLines,
        field: 'text',
        kind: 'email',
        start: 5,
        end: 25,
        excerpt: `ja${'*'.repeat(16)}rg`,
      },
    ]);
    expect(refused.error.phiTotal).toBe(1);
    expect(JSON.stringify(refused.error)).not.toContain('jane.doe');
    expect(storeFingerprint(temp.store)).toEqual(before);

    const allowed = await call('cohorts.import', {
      format: 'generic',
      dir,
      name: 'phi',
      phi: { mode: 'allow', falseAlarms: [] },
    });
    expect(allowed.ok).toBe(true);
    expect((allowed as { value: ImportSummary }).value.cohortName).toBe('phi');
  });
});

describe('folders.choose outside the desktop app', () => {
  it('is refused as unavailable, saying what to do instead', async () => {
    const outcome = await call('folders.choose', { title: 'Choose the folder to import' });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'unavailable',
        message:
          "Choosing a folder needs the desktop app. Here, type the folder's path: toe serve reads it on this computer.",
      },
    });
  });
});
