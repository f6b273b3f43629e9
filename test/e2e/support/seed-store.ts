// Builds a throwaway store for the end-to-end tests. Run under tsx (as the CLI is):
//   node --import tsx test/e2e/support/seed-store.ts <store.sqlite>
// Prints one JSON line: { cohortName, method }. Prefers the real demo generator; while a
// teammate's generator or importer is still a placeholder it falls back, and says so.
import { fileURLToPath } from 'node:url';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { importGeneric } from '../../../src/main/core/import/generic';
import { Store } from '../../../src/main/core/store';
import { writeDirectCohort } from './direct-cohort';

/**
 * 600 stays: a test split of about 100, big enough that the shipped E1 bundle's audit of it
 * has exhausted false positives for the trace specs (16 with seed 7), small enough to audit
 * from the UI in seconds.
 */
export const E2E_COHORT = { name: 'demo', stays: 600, seed: 7, spurious: false } as const;

const notBuiltYet = (error: unknown) =>
  error instanceof Error && /not built yet/.test(error.message);

export async function seedStore(
  dbPath: string,
): Promise<{ cohortName: string; method: 'demo' | 'generic' | 'direct' }> {
  const store = new Store(dbPath);
  try {
    try {
      await createDemoCohort(store, E2E_COHORT, {});
      return { cohortName: E2E_COHORT.name, method: 'demo' };
    } catch (error) {
      if (!notBuiltYet(error)) throw error;
    }
    try {
      const dir = fileURLToPath(new URL('../../fixtures/generic-minimal', import.meta.url));
      await importGeneric(store, dir, { name: E2E_COHORT.name });
      return { cohortName: E2E_COHORT.name, method: 'generic' };
    } catch (error) {
      if (!notBuiltYet(error)) throw error;
    }
    writeDirectCohort(store, E2E_COHORT.name);
    return { cohortName: E2E_COHORT.name, method: 'direct' };
  } finally {
    store.close();
  }
}

const dbPath = process.argv[2];
if (!dbPath) throw new Error('usage: seed-store.ts <store.sqlite>');
process.stdout.write(`${JSON.stringify(await seedStore(dbPath))}\n`);
