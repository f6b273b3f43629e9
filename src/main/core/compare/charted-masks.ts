/**
 * What was charted in each stay of a run, as the store holds it (the missing mask, hours ×
 * variables), with its cohort's layout: the input of the evidence composition. One query
 * over the run's plan, so no series, note or context is loaded.
 */
import type { RunSummary } from '../../../shared/audit';
import { missingMasksOfPlannedStays, type Store } from '../store';
import type { ChartedMasks } from './evidence-composition';

export function runChartedMasks(store: Store, run: RunSummary): ChartedMasks {
  const { hours, variables } = store.getCohort(run.spec.cohortId).featureSchema;
  return { hours, variables, missing: missingMasksOfPlannedStays(store, run.id) };
}
