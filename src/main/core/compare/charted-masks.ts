/**
 * What was charted in each stay of a run, as the store holds it (the missing mask, hours ×
 * variables), with its cohort's layout: the input of the evidence composition. One query
 * over the run's plan, so no series, note or context is loaded.
 */
import type { RunSummary } from '../../../shared/audit';
import type { Store } from '../store';
import { blobToUint8 } from '../store/codec';
import type { ChartedMasks } from './evidence-composition';

export function runChartedMasks(store: Store, run: RunSummary): ChartedMasks {
  const { hours, variables } = store.getCohort(run.spec.cohortId).featureSchema;
  const rows = store.db
    .prepare(
      `SELECT s.id, s.missing FROM run_stays p JOIN stays s ON s.id = p.stay_id
       WHERE p.run_id = ?`,
    )
    .iterate(run.id) as IterableIterator<{ id: number; missing: Buffer }>;
  const missing = new Map<number, Uint8Array>();
  for (const row of rows) missing.set(row.id, blobToUint8(row.missing));
  return { hours, variables, missing };
}
