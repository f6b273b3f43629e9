/**
 * The longest cohort name, wherever a name comes from (the API's `name` arguments, --name,
 * cohort.json, a folder's name); the rule itself is core/import/cohort-name.ts.
 */
export const COHORT_NAME_MAX = 100;
