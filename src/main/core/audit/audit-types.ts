import type { SearchParams, TraceStep } from '../search';

/** What a run audits: a cohort (or one split of it) with one bundle, task and parameters. */
export interface RunSpec {
  cohortId: number;
  task: string;
  split: 'train' | 'val' | 'test' | null;
  /** Bundle folder (resolved, absolute). */
  bundleDir: string;
  params: SearchParams;
  workers: number;
}

/** Where a run's numbers came from, stored with it and printed in every report. */
export interface RunProvenance {
  appVersion: string;
  bundleTask: string;
  /** SHA-256 of every bundle file, as the manifest lists and the loader verified them. */
  bundleHashes: Record<string, string>;
  executionProvider: 'cuda' | 'cpu';
  cohortContentHash: string;
  cohortName: string;
  synthetic: boolean;
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
}

/** One stay's audit outcome: committed the moment the stay finishes. */
export interface StayAuditResult {
  stayId: number;
  stayKey: string;
  /** The true label for the run's task. */
  label: 0 | 1;
  pFull: number;
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
}

export interface StayAuditDetail extends StayAuditResult {
  trace: TraceStep[];
  candidates: number[];
}
