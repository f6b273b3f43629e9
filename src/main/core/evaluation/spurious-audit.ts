/**
 * The spurious-feature audit (paper appendix "Spurious Feature Injection"): dynamic-mode ToE
 * on the clean model (clean cohort) and on the model trained with the injected artefact
 * (spurious cohort), then evidence size and convergence rate by the stay's spurious_flag.
 * The two demo cohorts share seed and stays (the spurious one only adds the artefact), so
 * stays are matched by key and the flag of a clean stay is its twin's; comparisons between
 * the models are paired over those matched stays.
 */
import type { Split } from '../../../shared/domain';
import { silentProgress, type ProgressSink } from '../jobs/progress';
import type { ModelRuntime } from '../models';
import { DEFAULT_SEARCH_PARAMS, treeOfEvidenceSearch, type SearchParams } from '../search';
import type { Store } from '../store';
import type { CohortProvenance } from '../../../shared/charts';
import { labelledStays, splitCounts } from './split-stays';

/** The demo attribute naming the artefact (docs/demo-cohort.md). */
export const SPURIOUS_ATTRIBUTE = 'spurious_flag';

/** One stay of one model's dynamic-mode audit. */
export interface ArmStay {
  stayKey: string;
  label: 0 | 1;
  pFull: number;
  /** spurious_flag of the stay, or of its twin in the spurious cohort. */
  flag: 'yes' | 'no' | null;
  converged: boolean;
  reachable: boolean;
  size: number;
}

export interface ArmInput {
  role: 'clean' | 'corrupted';
  store: Store;
  runtime: ModelRuntime;
  cohortId: number;
  split: Split;
  limit: number | null;
}

export interface AuditedArm {
  input: ArmInput;
  stays: ArmStay[];
  provenance: CohortProvenance;
}

/** Search parameters of an arm: method.md's, with the bundle's decision threshold. */
export function armParams(runtime: ModelRuntime): SearchParams {
  return { ...DEFAULT_SEARCH_PARAMS, threshold: runtime.manifest.decisionThreshold };
}

const flagOf = (value: string | undefined): 'yes' | 'no' | null =>
  value === 'yes' || value === 'no' ? value : null;

/** Dynamic-mode ToE on every labelled stay of the arm's split (or its first N). */
export async function auditArm(
  input: ArmInput,
  progress: ProgressSink = silentProgress,
  signal?: AbortSignal,
): Promise<AuditedArm> {
  const { store, runtime } = input;
  const task = runtime.manifest.task;
  const cohort = store.getCohort(input.cohortId);
  runtime.checkCohort(cohort);
  const selection = { cohortId: input.cohortId, split: input.split, task, limit: input.limit };
  const { ids, planned } = splitCounts(store, selection);
  const params = armParams(runtime);
  const phase = `auditing the ${input.role} model (dynamic ToE)`;
  const stays: ArmStay[] = [];
  progress({ phase, done: 0, total: planned });
  for await (const { stay, label, model } of labelledStays(store, runtime, selection, signal)) {
    const result = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, params);
    stays.push({
      stayKey: stay.stayKey,
      label,
      pFull: result.pFull,
      flag: flagOf(stay.attributes[SPURIOUS_ATTRIBUTE]),
      converged: result.status === 'converged',
      reachable: result.reachable,
      size: result.size,
    });
    progress({ phase, done: stays.length, total: planned });
  }
  return {
    input,
    stays,
    provenance: {
      name: cohort.name,
      synthetic: cohort.synthetic,
      source: cohort.source,
      contentSha256: store.cohortContentHash(input.cohortId),
      split: input.split,
      staysInSplit: ids.length,
      staysEvaluated: stays.length,
      positives: stays.filter((s) => s.label === 1).length,
      limit: input.limit,
    },
  };
}

/** Gives the clean arm's stays the flag of their twins in the corrupted arm. */
export function borrowFlags(clean: AuditedArm, corrupted: AuditedArm): void {
  const flags = new Map(corrupted.stays.map((s) => [s.stayKey, s.flag]));
  for (const stay of clean.stays) stay.flag ??= flags.get(stay.stayKey) ?? null;
}
