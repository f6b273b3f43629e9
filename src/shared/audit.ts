// Audit runs as they cross IPC and HTTP: what a run audits, where its numbers came from,
// and each stay's outcome, and the search's trace. Plain data only, importable by the
// renderer; the core's search and audit import these types from here.
import type { AbstentionPolicyName, ReviewBudget } from './abstention';
import type { RunDecision } from './calibration';
import type { Split } from './domain';
import type { SearchParams } from './search-params';
import type { VariableMatch } from './variable-match';
import { counted, writtenCount } from './counted';

/** One beam state as the trace records it. */
export interface TraceState {
  units: number[];
  /** The beam state it was expanded from (the first, when several lead to the same set). */
  parent: number[] | null;
  p: number;
  confidence: number;
  stability: number;
  size: number;
  score: number;
}

/** One step of the search: what was kept, how much was scored, which state led. */
export interface TraceStep {
  step: number;
  childrenScored: number;
  kept: TraceState[];
  /** Index in `kept` of the leading state (the beam is sorted, so always 0). */
  leader: number;
}

/** What a run audits: a cohort (or one split of it) with one bundle, task and parameters. */
export interface RunSpec {
  cohortId: number;
  task: string;
  split: Split | null;
  /** Bundle folder (resolved, absolute). */
  bundleDir: string;
  /** Fully resolved: method.md's defaults, the bundle's decision threshold, the caller's choices. */
  params: SearchParams;
  /** Worker threads asked for when the run started (results do not depend on it). */
  workers: number;
  /** Only these stays (by stay key), or null for every stay of the cohort or split. */
  stayKeys?: string[] | null;
  /**
   * How ŷ_full is decided: the paper's raw probability and threshold, or a calibration file's
   * map and validated threshold (params.threshold is then that threshold). Absent on runs
   * made before calibration existed: the paper's mode.
   */
  decision?: RunDecision;
  /** The abstention policy and review budget; absent on older runs (the paper's rule). */
  abstention?: RunAbstention;
  /** How far each stay's search went; absent: 'to-limit' (runs before it was recorded). */
  searchExtent?: SearchExtent;
}

/**
 * How far each stay's search goes. 'to-limit': on past convergence to S_max, recording the
 * leader's path, so that toe-tuned can replay other stopping rules on it. 'to-convergence':
 * stopped where it converges, as the paper's search stops: the same evidence, trace and
 * flags, at about a third of the time per stay (npm run bench -- --only leader-path), without
 * toe-tuned. A request that names none gets defaultSearchExtent's.
 */
export const SEARCH_EXTENTS = ['to-limit', 'to-convergence'] as const;
export type SearchExtent = (typeof SEARCH_EXTENTS)[number];

/** Why toe-tuned is refused or unavailable where searches stopped at convergence. */
export const TOE_TUNED_NEEDS_PATH =
  'toe-tuned replays each search past convergence to S_max, and these searches stopped where they converged; audit with searches that go on to S_max, or choose another policy';

/**
 * How far a new run's searches go when its request does not say: on to S_max only where the
 * chosen policy replays the path (toe-tuned), so that the default audit pays for no path
 * nobody reads (a third of the time at hospital scale; docs/performance.md).
 */
export function defaultSearchExtent(policy: AbstentionPolicyName | undefined): SearchExtent {
  return policy === 'toe-tuned' ? 'to-limit' : 'to-convergence';
}

/** A stored run's search extent, 'to-limit' for runs from before it was recorded. */
export function searchExtentOf(spec: Pick<RunSpec, 'searchExtent'>): SearchExtent {
  return spec.searchExtent ?? 'to-limit';
}

/** How far the run's searches went, in words, for every place that shows a run's settings. */
export function describeSearchExtent(extent: SearchExtent): string {
  return extent === 'to-limit'
    ? 'each went on past the point where it explained the decision, up to its step limit, recording the path toe-tuned replays'
    : 'each stopped where it converged, so toe-tuned is unavailable';
}

/** A run's abstention settings, fixed when it starts. */
export interface RunAbstention {
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  /** The audit of the validation split that fitted policies are fitted on, if any. */
  validationRunId: number | null;
}

/** Where a run's numbers came from, stored with it and printed in every report. */
/** What a run's evidence units are with a TS-only bundle (no note stream). */
export const HOURLY_WINDOWS_ONLY = 'hourly windows only';

export interface RunProvenance {
  appVersion: string;
  bundleTask: string;
  /**
   * HOURLY_WINDOWS_ONLY when the bundle is TS-only: the evidence units are hourly windows,
   * and the stays' note chunks (if the cohort has any) are not units. Absent: hourly windows
   * and note chunks (every run made with a two-stream bundle).
   */
  evidenceUnits?: typeof HOURLY_WINDOWS_ONLY;
  /**
   * SHA-256 of every bundle file, as the manifest lists and the loader verified them, and of
   * the manifest itself (`manifest.json`: the SHA-256 of its canonical JSON, checked against
   * its signature). Runs recorded before manifests were hashed have no `manifest.json` entry.
   */
  bundleHashes: Record<string, string>;
  /**
   * The fingerprint of what the run decided with: over `bundleHashes` and, when the run
   * decides on a calibration file, that file's SHA-256 (docs/model-bundle.md, "Integrity").
   * Absent on runs recorded before it existed.
   */
  bundleFingerprint?: string;
  executionProvider: 'cuda' | 'cpu';
  cohortContentHash: string;
  cohortName: string;
  synthetic: boolean;
  /** How the bundle's variables matched the cohort's by name; absent on runs recorded before. */
  variableMatch?: VariableMatch;
}

export type RunStatus = 'running' | 'cancelled' | 'completed' | 'failed';

export interface RunSummary {
  id: number;
  spec: RunSpec;
  provenance: RunProvenance;
  status: RunStatus;
  createdAt: string;
  startedAt: string;
  finishedAt: string | null;
  totalStays: number;
  doneStays: number;
  error: string | null;
  /** Stays of the cohort (or split) left out because they have no label for the task. */
  excludedStays?: number;
  /** Of those, the ones the run scored (not searched) for monitoring's forecast. */
  awaitingScoredStays?: number;
  convergedStays?: number;
  exhaustedStays?: number;
  /** When the run was last resumed (null if never). */
  resumedAt?: string | null;
  /**
   * Status says running but its lease is not live: the process that ran it is gone (crash,
   * kill) or has not refreshed its heartbeat for LEASE_STALE_SECONDS. Resumable (a stale
   * lease of another host or a live process only with `toe resume RUN --take-over`).
   */
  interrupted?: boolean;
  /** Who holds the run's lease while it is 'running' (null otherwise). */
  lease?: RunLeaseInfo | null;
}

/**
 * A running run's lease (src/main/core/audit/run-store.ts): the process executing it, which
 * refreshes `heartbeatAt` every LEASE_HEARTBEAT_SECONDS.
 * 'live': heartbeat fresh and, on this host, the process exists; 'dead': on this host, the
 * process is gone (taken over automatically); 'stale': no heartbeat for LEASE_STALE_SECONDS
 * (taken over only when asked); 'free': nobody holds it (runs recorded before leases).
 */
export interface RunLeaseInfo {
  pid: number | null;
  host: string | null;
  /** The last heartbeat, else when the run was started or last resumed. */
  heartbeatAt: string;
  heartbeatAgeSeconds: number;
  state: 'live' | 'dead' | 'stale' | 'free';
}

/** How often a running run's owner refreshes its heartbeat. */
export const LEASE_HEARTBEAT_SECONDS = 10;
/** A lease whose heartbeat is older than this may be taken over (`toe resume --take-over`). */
export const LEASE_STALE_SECONDS = 120;

/** A stay in a run's scope whose outcome is not in yet: scored by the run's model, not searched. */
export interface AwaitingStayRisk {
  stayId: number;
  /** On the scale the run decides on, as StayAuditResult.pFull. */
  pFull: number;
  rawPFull: number;
  yFull: 0 | 1;
}

/** One stay's audit outcome: committed the moment the stay finishes. */
export interface StayAuditResult {
  stayId: number;
  stayKey: string;
  /** The true label for the run's task. */
  label: 0 | 1;
  /** p_full on the scale the run decided on (calibrated when the run used a calibration). */
  pFull: number;
  /** The model's own p_full before calibration (equal to pFull in the paper's mode). */
  rawPFull: number;
  yFull: 0 | 1;
  /** Unit ids of the evidence set (windows 0..T-1, then note chunks T..). */
  evidence: number[];
  /** p(evidence only). */
  pEvidence: number;
  /** p(all units except the evidence): for comprehensiveness. */
  pWithoutEvidence: number;
  confidence: number;
  stability: number;
  score: number;
  status: 'converged' | 'exhausted';
  reachable: boolean;
  steps: number;
  statesScored: number;
  /** Evidence units that are note chunks. */
  noteUnits: number;
  elapsedMs: number;
  /**
   * The leading state's p after each step up to S_max, continued past a convergence, so that
   * other stopping rules can be replayed (abstention policies). Runs from before this was
   * recorded have only the trace's leaders.
   */
  leaderPath: number[];
}

export interface StayAuditDetail extends StayAuditResult {
  trace: TraceStep[];
  candidates: number[];
}

/** A run's progress, pushed as `run.progress` events while it executes. */
export interface RunProgress {
  runId: number;
  /** Note chunks are embedded first (once per stay, cached), then the stays are searched. */
  phase: 'embedding' | 'auditing';
  /** Embedding: stays embedded this session. Auditing: stays with a result, in all sessions. */
  done: number;
  total: number;
  /** This session's rate, once it can be measured. */
  staysPerSecond: number | null;
  etaSeconds: number | null;
}

export type ReviewVerdict = 'agree' | 'disagree' | 'discuss';

/** A clinician's verdict on one stay's evidence in one run. */
export interface StayReview {
  runId: number;
  stayId: number;
  verdict: ReviewVerdict;
  comment: string;
  reviewedAt: string;
}

/** What runs made before abstention policies did: flag every exhausted search. */
const PAPER_RULE: RunAbstention = {
  policy: 'exhausted',
  budget: { kind: 'share', share: 1 },
  validationRunId: null,
};

/** A run's review settings; runs from before policies existed keep the paper's rule. */
export function runAbstention(run: Pick<RunSummary, 'spec'>): RunAbstention {
  return run.spec.abstention ?? PAPER_RULE;
}

/** A run's decision; runs from before calibration existed decided in the paper's mode. */
export function runDecision(run: Pick<RunSummary, 'spec'>): RunDecision {
  return run.spec.decision ?? { mode: 'paper', threshold: run.spec.params.threshold };
}

/** Whether a run's evidence units are hourly windows only (a TS-only bundle). */
export function hourlyWindowsOnly(provenance: Pick<RunProvenance, 'evidenceUnits'>): boolean {
  return provenance.evidenceUnits === HOURLY_WINDOWS_ONLY;
}

/**
 * "183 stays with no E1 outcome yet: scored for monitoring's forecast, not searched", for
 * the CLI, the app and the PDF alike; null when the run left none out.
 */
export function unsearchedStaysWords(
  run: Pick<RunSummary, 'excludedStays' | 'awaitingScoredStays' | 'spec'>,
): string | null {
  const left = run.excludedStays ?? 0;
  if (left === 0) return null;
  const scored = run.awaitingScoredStays ?? 0;
  const stays = `${counted(left, 'stay')} with no ${run.spec.task} outcome yet`;
  if (scored === left) return `${stays}: scored for monitoring's forecast, not searched`;
  if (scored === 0) return `${stays}: not searched`;
  return `${stays}: ${writtenCount(scored)} scored for monitoring's forecast so far, none searched`;
}
