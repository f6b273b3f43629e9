/**
 * `toe evaluate` as a job: every method on every stay of a cohort split (or its first N),
 * then the paper's tables with bootstrap CIs. Progress is reported per stay so the CLI can
 * show done / total / ETA; the figures are pure functions of the per-stay records.
 */
import type { Split } from '../../../shared/domain';
import { APP_VERSION } from '../app-version';
import { CancelledError, silentProgress, type ProgressSink } from '../jobs/progress';
import type { BootstrapOptions } from '../statistics';
import type { ExecutionProviderRequest, ModelRuntime } from '../models';
import type { Store } from '../store';
import { EVALUATION_SCHEMA, type EvaluationResult } from '../../../shared/charts';
import {
  conceptBottleneckSection,
  conceptProbability,
  trainOnTrainSplit,
  type TrainedConceptBottleneck,
} from './concept-bottleneck-run';
import { dynamicEvidenceSize, dynamicExhaustion } from './dynamic-sections';
import { runStayMethodPool, StayPoolAbortedError } from './evaluation-pool';
import type { EvaluationPlan } from './evaluation-plan';
import { fullModelFigures, methodRows } from './method-rows';
import { bundleProvenance, cohortProvenance } from './provenance';
import { embedLabelledStays, labelledStays, splitCounts } from './split-stays';
import { runStayMethods } from './stay-method-runner';
import type { StayRecord } from './stay-record';
import { calibrationComparison, headlineSection, optimalityRows } from './summary-sections';

export interface EvaluationInput {
  store: Store;
  runtime: ModelRuntime;
  cohortId: number;
  split: Split;
  plan: EvaluationPlan;
  limit: number | null;
  /** The command line, recorded in the result and the report. */
  command: string;
  progress?: ProgressSink;
  signal?: AbortSignal;
  /**
   * Run the stays on this many worker threads (evaluation-pool.ts), each opening `bundleDir`
   * (the runtime's bundle) and the store's file; absent, they run on this thread.
   */
  pool?: { workers: number; bundleDir: string };
}

export interface EvaluationOutput {
  result: EvaluationResult;
  records: StayRecord[];
}

/** Runs every method of the plan on the split's stays; the records, one per stay. */
export async function evaluateStays(
  input: EvaluationInput,
  cbm: TrainedConceptBottleneck | null,
): Promise<StayRecord[]> {
  if (input.pool) return evaluateStaysOnPool(input, input.pool, cbm);
  const { store, runtime, plan } = input;
  const progress = input.progress ?? silentProgress;
  const task = runtime.manifest.task;
  const selection = { cohortId: input.cohortId, split: input.split, task, limit: input.limit };
  const { planned } = splitCounts(store, selection);
  const records: StayRecord[] = [];
  progress({ phase: 'evaluating stays', done: 0, total: planned });
  for await (const { stay, label, model } of labelledStays(
    store,
    runtime,
    selection,
    input.signal,
  )) {
    const results = await runStayMethods(model, plan, stay.id);
    records.push({
      ...results,
      stayId: stay.id,
      stayKey: stay.stayKey,
      label,
      attributes: stay.attributes,
      cbmP: cbm ? conceptProbability(cbm, stay) : null,
    });
    progress({ phase: 'evaluating stays', done: records.length, total: planned });
  }
  return records;
}

type StayFacts = Pick<StayRecord, 'stayId' | 'stayKey' | 'label' | 'attributes' | 'cbmP'>;

/**
 * evaluateStays on a worker pool. This thread first embeds each stay's note chunks into the
 * store's cache, one stay per run (as an audit does: a stay's embeddings then do not depend
 * on its neighbours), and keeps what a record needs besides the methods' results; the
 * workers only read the cache. The records come back in the stays' order.
 */
async function evaluateStaysOnPool(
  input: EvaluationInput,
  pool: { workers: number; bundleDir: string },
  cbm: TrainedConceptBottleneck | null,
): Promise<StayRecord[]> {
  const { store, runtime, plan } = input;
  if (store.path === ':memory:') {
    throw new Error('An evaluation on worker threads needs a store file; this store is in memory.');
  }
  const progress = input.progress ?? silentProgress;
  const task = runtime.manifest.task;
  const selection = { cohortId: input.cohortId, split: input.split, task, limit: input.limit };
  const { planned } = splitCounts(store, selection);
  progress({ phase: 'embedding notes', done: 0, total: planned });
  const { stayIds, kept: facts } = await embedLabelledStays(
    store,
    runtime,
    selection,
    (stay, label): StayFacts => ({
      stayId: stay.id,
      stayKey: stay.stayKey,
      label,
      attributes: stay.attributes,
      cbmP: cbm ? conceptProbability(cbm, stay) : null,
    }),
    {
      signal: input.signal,
      onStay: (done) => progress({ phase: 'embedding notes', done, total: planned }),
    },
  );
  const total = facts.length;
  progress({ phase: 'evaluating stays', done: 0, total });
  let results;
  try {
    results = await runStayMethodPool(stayIds, {
      size: pool.workers,
      data: {
        dbPath: store.path,
        bundleDir: pool.bundleDir,
        executionProvider: runtime.provider satisfies ExecutionProviderRequest,
        job: { kind: 'methods', plan },
      },
      signal: input.signal,
      onDone: (done) => progress({ phase: 'evaluating stays', done, total }),
    });
  } catch (error) {
    if (error instanceof StayPoolAbortedError) throw new CancelledError('The evaluation');
    throw error;
  }
  return facts.map((f, i) => ({ ...results[i]!, ...f }));
}

/** The result's tables and figures from the records. */
export function summarise(
  records: readonly StayRecord[],
  plan: EvaluationPlan,
  cbm: TrainedConceptBottleneck | null,
): Omit<EvaluationResult, 'schema' | 'provenance' | 'settings'> {
  if (records.length === 0) throw new RangeError('no labelled stays were evaluated');
  const ci: BootstrapOptions = { seed: plan.seed, resamples: plan.resamples };
  const threshold = plan.params.threshold;
  const limits = records[0]!.dynamic;
  return {
    full: fullModelFigures(records, ci),
    headline: headlineSection(records, ci),
    rows: methodRows(records, threshold, ci),
    cbm: conceptBottleneckSection(records, cbm, ci),
    optimality: optimalityRows(records, ci),
    calibration: calibrationComparison(records, plan.ks, ci),
    evidenceSize: limits.map((_, i) => dynamicEvidenceSize(records, i, ci)),
    exhaustion:
      limits.length > 0 ? dynamicExhaustion(records, limits.length - 1, threshold, ci) : null,
  };
}

export async function runEvaluation(input: EvaluationInput): Promise<EvaluationOutput> {
  const started = performance.now();
  const { store, runtime, plan } = input;
  const progress = input.progress ?? silentProgress;
  const cohort = store.getCohort(input.cohortId);
  const mapping = runtime.checkCohort(cohort);
  let cbm: TrainedConceptBottleneck | null = null;
  if (plan.methods.includes('cbm')) {
    progress({ phase: 'training the concept bottleneck on the train split', done: 0, total: 1 });
    cbm = trainOnTrainSplit(store, input.cohortId, runtime.manifest.task, cohort.featureSchema);
  }
  const records = await evaluateStays(input, cbm);
  progress({ phase: 'bootstrap confidence intervals', done: 0, total: 1 });
  const sections = summarise(records, plan, cbm);
  const selection = {
    cohortId: input.cohortId,
    split: input.split,
    staysInSplit: store.stayIds(input.cohortId, input.split).length,
    limit: input.limit,
  };
  const result: EvaluationResult = {
    schema: EVALUATION_SCHEMA,
    provenance: {
      command: input.command,
      date: new Date().toISOString(),
      appVersion: APP_VERSION,
      executionProvider: runtime.provider,
      cohort: cohortProvenance(store, selection, records, mapping),
      bundle: bundleProvenance(runtime, store, input.cohortId),
      seconds: (performance.now() - started) / 1000,
    },
    settings: {
      task: runtime.manifest.task,
      ks: plan.ks,
      methods: plan.methods,
      seed: plan.seed,
      resamples: plan.resamples,
      limeSamples: plan.limeSamples,
      shapBudget: plan.shapBudget,
      search: { ...plan.params },
    },
    ...sections,
  };
  return { result, records };
}
