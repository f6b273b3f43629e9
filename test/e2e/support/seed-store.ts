// Builds a throwaway store for the end-to-end tests. Run under tsx (as the CLI is):
//   node --import tsx test/e2e/support/seed-store.ts <store.sqlite>
// Prints one JSON line: { cohortName }.
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { Store } from '../../../src/main/core/store';

/**
 * 600 stays: a test split of about 100, big enough that the shipped E1 bundle's audit of it
 * has exhausted false positives for the trace specs (16 with seed 7), small enough to audit
 * from the UI in seconds.
 */
export const E2E_COHORT = { name: 'demo', stays: 600, seed: 7, spurious: false } as const;

export async function seedStore(dbPath: string): Promise<{ cohortName: string }> {
  const store = new Store(dbPath);
  try {
    await createDemoCohort(store, E2E_COHORT, {});
    return { cohortName: E2E_COHORT.name };
  } finally {
    store.close();
  }
}

const dbPath = process.argv[2];
if (!dbPath) throw new Error('usage: seed-store.ts <store.sqlite>');
process.stdout.write(`${JSON.stringify(await seedStore(dbPath))}\n`);
