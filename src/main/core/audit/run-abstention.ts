/**
 * A run's abstention: its per-stay results as the policies read them, its review queue (the
 * stays its policy flags at its budget, most likely wrong first), the proof against the
 * model's own confidence, and the queue by subgroup (whose errors the queue leaves standing).
 * Fitted policies learn from the run's validation-split audit, read from the same store.
 * Runs from before abstention policies existed keep the paper's rule.
 */
import type { AbstentionAnalysis } from '../../../shared/abstention';
import type { QueueBySubgroup } from '../../../shared/queue-subgroups';
import { runAbstention, searchExtentOf, type RunAbstention } from '../../../shared/audit';
import {
  analyseAbstention,
  queueOrder,
  type AbstentionInput,
  type PolicyStay,
  type ReviewQueue,
} from '../abstention';
import { isError } from '../abstention/margin';
import { queueBySubgroup } from './queue-subgroups';
import type { Store } from '../store';
import {
  abstentionQueue,
  type AbstentionQueueOptions,
  type AbstentionRow,
} from './abstention-queue';
import type { RunSummary, StayAuditResult } from './audit-types';
import { ReviewStore } from './review-store';
import { runStayAttributes } from './run-attributes';
import { RunStore } from './run-store';

/** One audited stay as the policies read it, at the run's decision threshold. */
export function policyStay(result: StayAuditResult, threshold: number): PolicyStay {
  return {
    stayId: result.stayId,
    label: result.label,
    pFull: result.pFull,
    yFull: result.yFull,
    threshold,
    status: result.status,
    reachable: result.reachable,
    steps: result.steps,
    confidence: result.confidence,
    stability: result.stability,
    evidenceSize: result.evidence.length,
    noteUnits: result.noteUnits,
    pEvidence: result.pEvidence,
    pWithoutEvidence: result.pWithoutEvidence,
    leaderPath: result.leaderPath,
  };
}

function policyStays(run: RunSummary, results: readonly StayAuditResult[]): PolicyStay[] {
  const threshold = run.spec.params.threshold;
  return results.map((r) => policyStay(r, threshold));
}

/**
 * The validation audit's stays, when the run names one that is complete and decided the
 * same way (same threshold and calibration); else null, and the fitted policies say why.
 */
function validationAudit(store: Store, run: RunSummary, settings: RunAbstention) {
  if (settings.validationRunId === null) return null;
  const validation = new RunStore(store).getRun(settings.validationRunId);
  if (validation.status !== 'completed') return null;
  if (JSON.stringify(validation.spec.decision) !== JSON.stringify(run.spec.decision)) return null;
  return {
    stays: policyStays(validation, new RunStore(store).results(validation.id)),
    extent: searchExtentOf(validation.spec),
  };
}

type RunInput = Pick<
  AbstentionInput,
  'runId' | 'test' | 'validation' | 'validationRunId' | 'policy' | 'budget' | 'stoppedAtConvergence'
>;

export function runAbstentionInput(store: Store, runId: number): RunInput {
  const runs = new RunStore(store);
  return inputOf(store, runs.getRun(runId), runs.results(runId));
}

/** The policies' input from a run and its results, read by the caller once. */
function inputOf(store: Store, run: RunSummary, results: readonly StayAuditResult[]): RunInput {
  const settings = runAbstention(run);
  const validation = validationAudit(store, run, settings);
  const extents = [searchExtentOf(run.spec), ...(validation ? [validation.extent] : [])];
  return {
    runId: run.id,
    test: policyStays(run, results),
    validation: validation?.stays ?? null,
    validationRunId: validation ? settings.validationRunId : null,
    policy: settings.policy,
    budget: settings.budget,
    stoppedAtConvergence: extents.includes('to-convergence'),
  };
}

/** Every audited stay of the run in review order, the flagged ones marked. */
export function runReviewQueue(store: Store, runId: number): ReviewQueue {
  return queueOrder(runAbstentionInput(store, runId));
}

/** Every policy's figures on the run, with paired bootstrap intervals (seeded). */
export function runAbstentionAnalysis(
  store: Store,
  runId: number,
  options: { seed: number; resamples?: number },
): AbstentionAnalysis {
  const input = runAbstentionInput(store, runId);
  const analysis = analyseAbstention({ ...input, ...options });
  return { ...analysis, subgroups: queueBySubgroupOf(store, runId, input) };
}

/**
 * The run's queue by group of each attribute the bias audit groups by, at the bias audit's
 * defaults (largest group as reference, groups under 11 stays suppressed). Null when the
 * policy has no queue on this run, it queues no stay, or the stays have no attributes.
 */
function queueBySubgroupOf(store: Store, runId: number, input: RunInput): QueueBySubgroup | null {
  // The same scores and flags as the analysis's chosen policy (queueOrder shares its code).
  const queue = queueOrder(input);
  if (queue.unavailable !== null || queue.queueSize === 0) return null;
  const attributes = runStayAttributes(store, runId);
  if (attributes.size === 0) return null;
  const flagged = new Set(queue.entries.filter((e) => e.flagged).map((e) => e.stayId));
  const stays = input.test.map((s) => ({
    stayId: s.stayId,
    error: isError(s),
    queued: flagged.has(s.stayId),
  }));
  return queueBySubgroup(stays, attributes);
}

type QueueOrder = Pick<AbstentionQueueOptions, 'scope' | 'sort' | 'filter'>;

/** The run's review queue as rows: in scope, filtered and sorted (abstention-queue.ts). */
export function runQueueRows(store: Store, runId: number, order: QueueOrder = {}): AbstentionRow[] {
  const runs = new RunStore(store);
  return queueRowsOf(store, runs.getRun(runId), runs.results(runId))(order);
}

/**
 * The queue's rows in any order asked, from results the caller read once and the queue
 * ordered once: the report lists two scopes of a run whose results may be many.
 */
export function queueRowsOf(
  store: Store,
  run: RunSummary,
  results: readonly StayAuditResult[],
): (order: QueueOrder) => AbstentionRow[] {
  const { entries } = queueOrder(inputOf(store, run, results));
  const reviews = new ReviewStore(store).list(run.id);
  const { params } = run.spec;
  return (order) =>
    abstentionQueue(results, entries, reviews, {
      tauConf: params.tauConf,
      tauSuff: params.tauSuff,
      stability: params.stability,
      ...order,
    });
}
