import { COHORT_NAME_MAX } from '../../../shared/cohort-name';
import { InputError, shown } from '../errors/input-error';
import { writtenCount } from '../../../shared/counted';

export { COHORT_NAME_MAX };

/**
 * The one rule for a cohort name, wherever it comes from (--name, the app's Name field,
 * cohort.json, a folder's name): 1 to 100 characters once blanks around it are trimmed.
 * Returns the problem in words, or null when the name is fine.
 */
export function cohortNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'a cohort name cannot be empty';
  if (trimmed.length > COHORT_NAME_MAX) {
    return `a cohort name has at most ${COHORT_NAME_MAX} characters; ${shown(trimmed, 40)} has ${writtenCount(trimmed.length)}`;
  }
  return null;
}

/**
 * Checks a name given by the user (--name, or the Name field) and returns it trimmed; an
 * InputError (bad input, nothing written) when it breaks the rule.
 */
export function checkCohortName(name: string, source = 'cohort name'): string {
  const problem = cohortNameProblem(name);
  if (problem !== null) {
    throw new InputError(
      source,
      null,
      null,
      `${problem}. Choose a name of 1 to ${COHORT_NAME_MAX} characters (--name, or the Name field).`,
    );
  }
  return name.trim();
}
