/**
 * Where an evaluation's numbers came from: the bundle (every file's SHA-256 as the loader
 * verified it, and the manifest's) and the cohort (content hash, SYNTHETIC or not, stays evaluated). Printed in
 * every report header, so a table can always be traced to exact model and data.
 */
import {
  bundleHashes,
  trainingContentHash,
  variableMatch,
  type ModelRuntime,
  type VariableMapping,
} from '../models';
import type { Store } from '../store';
import type { BundleProvenance, CohortProvenance } from '../../../shared/charts';
import type { StayRecord } from './stay-record';
import { HOURLY_WINDOWS_ONLY } from '../../../shared/audit';

/** Whether the bundle was trained on this cohort (its manifest's content hash matches). */
function trainedOn(runtime: ModelRuntime, store: Store, cohortId: number): boolean {
  const m = runtime.manifest;
  // The hash reads every stay, so only for the cohort the manifest names.
  if (store.getCohort(cohortId).name !== m.training.cohort) return false;
  return trainingContentHash(store, cohortId, m.task) === m.training.contentSha256;
}

export function bundleProvenance(
  runtime: ModelRuntime,
  store: Store,
  cohortId: number,
): BundleProvenance {
  const m = runtime.manifest;
  return {
    dir: runtime.bundle.dir,
    task: m.task,
    createdAt: m.createdAt,
    decisionThreshold: m.decisionThreshold,
    trainingCohort: m.training.cohort,
    trainingContentSha256: m.training.contentSha256,
    trainedOnEvaluatedCohort: trainedOn(runtime, store, cohortId),
    // Every file's SHA-256 and the manifest's own (its canonical JSON, checked against its
    // signature): the fingerprint an evaluation is stored under covers both.
    files: Object.entries(bundleHashes(m)).map(([path, sha256]) => ({ path, sha256 })),
    ...(runtime.hasNoteStream ? {} : { evidenceUnits: HOURLY_WINDOWS_ONLY }),
  };
}

export interface CohortSelection {
  cohortId: number;
  split: string;
  staysInSplit: number;
  limit: number | null;
}

export function cohortProvenance(
  store: Store,
  selection: CohortSelection,
  records: readonly StayRecord[],
  mapping: VariableMapping,
): CohortProvenance {
  const cohort = store.getCohort(selection.cohortId);
  return {
    name: cohort.name,
    synthetic: cohort.synthetic,
    source: cohort.source,
    contentSha256: store.cohortContentHash(selection.cohortId),
    split: selection.split,
    staysInSplit: selection.staysInSplit,
    staysEvaluated: records.length,
    positives: records.filter((r) => r.label === 1).length,
    limit: selection.limit,
    variableMatch: variableMatch(mapping),
  };
}
