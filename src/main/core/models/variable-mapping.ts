/**
 * Which cohort column feeds each of the bundle's variables. Variables are matched by name, so
 * a bundle trained at one site reads another site's cohort whatever its column order: a
 * bundle variable the cohort lacks is never charted (missing flag 1, standardised value 0, as
 * the manifest's featureSchema encodes missing), and cohort variables the bundle does not
 * know are not read. Units, hours and statistics must still agree (cohort-compatibility.ts).
 */
import type { VariableMatch } from '../../../shared/variable-match';

interface Named {
  name: string;
}

export interface VariableMapping extends VariableMatch {
  /** Cohort column of each bundle variable, in the bundle's order; null where it lacks it. */
  columns: (number | null)[];
  /** Variables per hour in the cohort's stays: the stride of their series and flags. */
  cohortVariables: number;
}

export function mapVariables(
  bundle: readonly Named[],
  cohort: readonly Named[],
  staticInputsMissingInCohort: readonly string[] = [],
): VariableMapping {
  const columnOf = new Map(cohort.map((v, i) => [v.name, i]));
  const known = new Set(bundle.map((v) => v.name));
  const columns = bundle.map((v) => columnOf.get(v.name) ?? null);
  return {
    columns,
    cohortVariables: cohort.length,
    bundleVariables: bundle.length,
    variablesMissingInCohort: bundle.filter((_, v) => columns[v] === null).map((v) => v.name),
    variablesIgnored: cohort.filter((v) => !known.has(v.name)).map((v) => v.name),
    ...(staticInputsMissingInCohort.length > 0
      ? { staticInputsMissingInCohort: [...staticInputsMissingInCohort] }
      : {}),
  };
}

/** The record a run or evaluation keeps: the lists, without the columns. */
export function variableMatch(mapping: VariableMapping): VariableMatch {
  return {
    bundleVariables: mapping.bundleVariables,
    variablesMissingInCohort: [...mapping.variablesMissingInCohort],
    variablesIgnored: [...mapping.variablesIgnored],
    ...(mapping.staticInputsMissingInCohort
      ? { staticInputsMissingInCohort: [...mapping.staticInputsMissingInCohort] }
      : {}),
  };
}
