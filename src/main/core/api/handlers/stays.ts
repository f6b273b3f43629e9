// Stays: a cohort's listing, and one stay's raw data for the trace view.
import type { StayDetail } from '../../../../shared/stay-detail';
import { RunStore } from '../../audit/run-store';
import { stayDetail } from '../../audit/stay-detail';
import { readManifest } from '../../models';
import { NotFoundError, type Store } from '../../store';
import type { HandlerContext, HandlerGroup } from '../handler-types';

/**
 * Within a run, the run's bundle decides which chunks are note units (its Mmax); a bundle
 * that can no longer be read falls back to the cohort's cap, which every bundle that ran
 * on the cohort was checked to cover.
 */
function runStayDetail(store: Store, runId: number, stayId: number): StayDetail {
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  if (!runs.plansStay(runId, stayId)) {
    throw new NotFoundError(`Stay ${stayId} is not one of the stays audit run ${runId} audits.`);
  }
  const cohort = store.getCohort(run.spec.cohortId);
  let noteSlots = cohort.noteRule.maxChunks;
  try {
    noteSlots = readManifest(run.spec.bundleDir).units.notes.Mmax;
  } catch {
    // Keep the cohort's cap (see above).
  }
  const [stay] = store.loadStays([stayId]);
  return stayDetail(stay!, cohort, noteSlots);
}

function cohortStayDetail(store: Store, cohortId: number, stayId: number): StayDetail {
  const cohort = store.getCohort(cohortId);
  const [stay] = store.loadStays([stayId]);
  if (stay!.cohortId !== cohortId) {
    throw new NotFoundError(`Stay ${stayId} is not in cohort "${cohort.name}".`);
  }
  return stayDetail(stay!, cohort, cohort.noteRule.maxChunks);
}

export function stayHandlers({
  store,
}: HandlerContext): HandlerGroup<'stays.list' | 'stays.detail'> {
  return {
    'stays.list': async ({ cohortId, split, offset, limit }) =>
      store.listStays(cohortId, { split, offset, limit }),
    'stays.detail': async ({ stayId, runId, cohortId }) =>
      runId !== undefined
        ? runStayDetail(store, runId, stayId)
        : cohortStayDetail(store, cohortId!, stayId),
  };
}
