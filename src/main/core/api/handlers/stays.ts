// Stays: a cohort's listing, and one stay's raw data for the trace view.
import { hourlyWindowsOnly } from '../../../../shared/audit';
import type { StayDetail } from '../../../../shared/stay-detail';
import { RunStore } from '../../audit/run-store';
import { stayDetail } from '../../audit/stay-detail';
import { readManifest } from '../../models';
import { NotFoundError, type Store } from '../../store';
import type { HandlerContext, HandlerGroup } from '../handler-types';

/**
 * Within a run, the run's bundle decides which chunks are note units (its Mmax); a bundle
 * that can no longer be read falls back to the cohort's cap, which every bundle that ran
 * on the cohort was checked to cover. A run of a TS-only bundle (hourly windows only, as
 * its provenance records) had no note units at all.
 */
function runStayDetail(store: Store, runId: number, stayId: number): StayDetail {
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  if (!runs.plansStay(runId, stayId)) {
    throw new NotFoundError(`Stay ${stayId} is not one of the stays audit run ${runId} audits.`);
  }
  const cohort = store.getCohort(run.spec.cohortId);
  const windowsOnly = hourlyWindowsOnly(run.provenance);
  let noteSlots = windowsOnly ? 0 : cohort.noteRule.maxChunks;
  // Which static inputs the run's model reads; null (not known) when it cannot be read.
  let modelInputs: string[] | null = null;
  try {
    const manifest = readManifest(run.spec.bundleDir);
    noteSlots = windowsOnly ? 0 : (manifest.units.notes?.Mmax ?? noteSlots);
    modelInputs = manifest.context.static?.inputs.map((input) => input.name) ?? [];
  } catch {
    // Keep the cohort's cap (see above).
  }
  const [stay] = store.loadStays([stayId]);
  return stayDetail(
    stay!,
    cohort,
    noteSlots,
    store.staticInputsOf([stayId]).get(stayId),
    modelInputs,
  );
}

function cohortStayDetail(store: Store, cohortId: number, stayId: number): StayDetail {
  const cohort = store.getCohort(cohortId);
  const [stay] = store.loadStays([stayId]);
  if (stay!.cohortId !== cohortId) {
    throw new NotFoundError(`Stay ${stayId} is not in cohort "${cohort.name}".`);
  }
  return stayDetail(
    stay!,
    cohort,
    cohort.noteRule.maxChunks,
    store.staticInputsOf([stayId]).get(stayId),
  );
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
