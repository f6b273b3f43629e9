import type { CohortDetail } from '../../../../shared/domain';
import { cohortTaskProblem } from '../../../../shared/task-titles';
import { InputError } from '../../errors/input-error';

/**
 * A cohort without labels for the task, refused (bad input) before any audit, its validation
 * audit or an evaluation starts, so that no other refusal (a bundle's schema) gets to suggest
 * a task it lacks. Worded by `cohortTaskProblem`, as `toe train` words it.
 */
export function refuseCohortWithoutTask(cohort: CohortDetail, task: string): void {
  const problem = cohortTaskProblem(cohort, task);
  if (problem === null) return;
  const error = new InputError(`cohort "${cohort.name}"`, null, null, problem);
  // The sentence names the cohort itself: not "cohort "x": cohort "x" has no …".
  error.message = problem;
  throw error;
}
