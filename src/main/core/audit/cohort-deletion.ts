import { ConflictError, type Store } from '../store';
import { RunStore } from './run-store';

/**
 * Deletes a cohort with its audit runs and reviews, unless an audit is running on it now:
 * deleting then would pull the stays out from under the live run. An interrupted run (its
 * process is gone) does not block: it can never finish without its cohort anyway.
 */
export function deleteCohort(store: Store, cohortId: number): boolean {
  const live = new RunStore(store)
    .listRuns()
    .filter(
      (run) => run.spec.cohortId === cohortId && run.status === 'running' && !run.interrupted,
    );
  if (live.length > 0) {
    const ids = live.map((run) => run.id).join(', ');
    throw new ConflictError(
      `Cohort ${cohortId} is being audited now (run ${ids}). Cancel the run or wait for it to finish, then delete the cohort.`,
    );
  }
  return store.deleteCohort(cohortId);
}
