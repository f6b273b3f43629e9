import type { CohortDetail } from '../../../src/shared/domain';
import { Store } from '../../../src/main/core/store';

/** Reads one cohort straight from the store file, to compare with what the page shows. */
export function readCohort(dbPath: string, name: string): CohortDetail {
  const store = new Store(dbPath);
  try {
    return store.getCohort(store.resolveCohort(name));
  } finally {
    store.close();
  }
}

export function cohortNames(dbPath: string): string[] {
  const store = new Store(dbPath);
  try {
    return store.listCohorts().map((c) => c.name);
  } finally {
    store.close();
  }
}
