/**
 * The spurious-feature audit (paper appendix "Spurious Feature Injection"): dynamic-mode ToE
 * on the clean model (clean cohort) and on the model trained with the injected artefact
 * (spurious cohort), then evidence size and convergence rate by the stay's spurious_flag.
 * The two demo cohorts share seed and stays (the spurious one only adds the artefact), so
 * stays are matched by key and the flag of a clean stay is its twin's; comparisons between
 * the models are paired over those matched stays.
 */
import type { Split } from '../../../shared/domain';
import { CancelledError, silentProgress, type ProgressSink } from '../jobs/progress';
import type { ModelRuntime } from '../models';
import { SEARCH_PARAM_DEFAULTS, treeOfEvidenceSearch, type SearchParams } from '../search';
import type { Store } from '../store';
import type { CohortProvenance } from '../../../shared/charts';
import { runStayMethodPool, StayPoolAbortedError } from './evaluation-pool';
import { embedLabelledStays, labelledStays, splitCounts } from './split-stays';

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
  /**
   * Search the stays on this many worker threads (evaluation-pool.ts), each opening
   * `bundleDir` (the runtime's bundle) and the store's file; absent, on this thread.
   */
  pool?: { workers: number; bundleDir: string };
}

export interface AuditedArm {
  input: ArmInput;
  stays: ArmStay[];
  provenance: CohortProvenance;
}

/** Search parameters of an arm: method.md's, with the bundle's decision threshold. */
export function armParams(runtime: ModelRuntime): SearchParams {
  return { ...SEARCH_PARAM_DEFAULTS, threshold: runtime.manifest.decisionThreshold };
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
  if (input.pool) stays.push(...(await poolArm(input, input.pool, progress, signal)));
  else progress({ phase, done: 0, total: planned });
  const inProcess = input.pool ? [] : labelledStays(store, runtime, selection, signal);
  for await (const { stay, label, model } of inProcess) {
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

/** auditArm's stays on a worker pool: notes embedded here first, results in id order. */
async function poolArm(
  input: ArmInput,
  pool: { workers: number; bundleDir: string },
  progress: ProgressSink,
  signal: AbortSignal | undefined,
): Promise<ArmStay[]> {
  const { store, runtime } = input;
  if (store.path === ':memory:') {
    throw new Error('An audit on worker threads needs a store file; this store is in memory.');
  }
  const task = runtime.manifest.task;
  const selection = { cohortId: input.cohortId, split: input.split, task, limit: input.limit };
  const { planned } = splitCounts(store, selection);
  const embedding = `embedding notes for the ${input.role} model`;
  progress({ phase: embedding, done: 0, total: planned });
  const { stayIds, kept } = await embedLabelledStays(
    store,
    runtime,
    selection,
    (stay, label) => ({
      stayKey: stay.stayKey,
      label,
      flag: flagOf(stay.attributes[SPURIOUS_ATTRIBUTE]),
    }),
    { signal, onStay: (done) => progress({ phase: embedding, done, total: planned }) },
  );
  const phase = `auditing the ${input.role} model (dynamic ToE)`;
  const total = kept.length;
  progress({ phase, done: 0, total });
  try {
    const results = await runStayMethodPool(stayIds, {
      size: pool.workers,
      data: {
        dbPath: store.path,
        bundleDir: pool.bundleDir,
        executionProvider: runtime.provider,
        job: { kind: 'dynamic', params: armParams(runtime) },
      },
      signal,
      onDone: (done) => progress({ phase, done, total }),
    });
    return kept.map((k, i) => ({
      stayKey: k.stayKey,
      label: k.label,
      pFull: results[i]!.pFull,
      flag: k.flag,
      converged: results[i]!.converged,
      reachable: results[i]!.reachable,
      size: results[i]!.size,
    }));
  } catch (error) {
    if (error instanceof StayPoolAbortedError) throw new CancelledError('The evaluation');
    throw error;
  }
}

/** Gives the clean arm's stays the flag of their twins in the corrupted arm. */
export function borrowFlags(clean: AuditedArm, corrupted: AuditedArm): void {
  const flags = new Map(corrupted.stays.map((s) => [s.stayKey, s.flag]));
  for (const stay of clean.stays) stay.flag ??= flags.get(stay.stayKey) ?? null;
}
