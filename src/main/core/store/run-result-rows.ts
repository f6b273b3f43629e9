/**
 * A StayAuditDetail as a run_results row (migration 2) and back. Numbers are REAL columns
 * (IEEE doubles, exact round trip); unit lists and the trace are JSON, which also round-trips
 * doubles exactly, so a result read back equals the one the worker computed.
 */
import type { StayAuditDetail, StayAuditResult } from '../../../shared/audit';

export interface ResultRow {
  run_id: number;
  stay_id: number;
  stay_key: string;
  label: number;
  p_full: number;
  y_full: number;
  evidence: string;
  p_evidence: number;
  p_without_evidence: number;
  confidence: number;
  stability: number;
  score: number;
  status: 'converged' | 'exhausted';
  reachable: number;
  steps: number;
  states_scored: number;
  note_units: number;
  elapsed_ms: number;
  committed_at: string;
  candidates: string;
  trace: string;
}

/** Every column but the two large JSON ones: what listings read. */
export const SUMMARY_COLUMNS = [
  'run_id',
  'stay_id',
  'stay_key',
  'label',
  'p_full',
  'y_full',
  'evidence',
  'p_evidence',
  'p_without_evidence',
  'confidence',
  'stability',
  'score',
  'status',
  'reachable',
  'steps',
  'states_scored',
  'note_units',
  'elapsed_ms',
  'committed_at',
] as const;

export const ALL_COLUMNS = [...SUMMARY_COLUMNS, 'candidates', 'trace'] as const;

export function resultRow(runId: number, detail: StayAuditDetail, committedAt: string): ResultRow {
  return {
    run_id: runId,
    stay_id: detail.stayId,
    stay_key: detail.stayKey,
    label: detail.label,
    p_full: detail.pFull,
    y_full: detail.yFull,
    evidence: JSON.stringify(detail.evidence),
    p_evidence: detail.pEvidence,
    p_without_evidence: detail.pWithoutEvidence,
    confidence: detail.confidence,
    stability: detail.stability,
    score: detail.score,
    status: detail.status,
    reachable: detail.reachable ? 1 : 0,
    steps: detail.steps,
    states_scored: detail.statesScored,
    note_units: detail.noteUnits,
    elapsed_ms: detail.elapsedMs,
    committed_at: committedAt,
    candidates: JSON.stringify(detail.candidates),
    trace: JSON.stringify(detail.trace),
  };
}

/** The run_result_paths row of a result (migration 4); null for results made before it. */
export interface PathColumns {
  raw_p_full: number | null;
  leader_path: string | null;
}

export function pathRow(
  runId: number,
  detail: StayAuditDetail,
): { run_id: number; stay_id: number; raw_p_full: number; leader_path: string } {
  return {
    run_id: runId,
    stay_id: detail.stayId,
    raw_p_full: detail.rawPFull,
    leader_path: JSON.stringify(detail.leaderPath),
  };
}

export function resultFromRow(
  row: Omit<ResultRow, 'candidates' | 'trace'> & PathColumns,
): StayAuditResult {
  return {
    stayId: row.stay_id,
    stayKey: row.stay_key,
    label: row.label === 1 ? 1 : 0,
    pFull: row.p_full,
    // Results from before migration 4 were all decided on the raw probability.
    rawPFull: row.raw_p_full ?? row.p_full,
    yFull: row.y_full === 1 ? 1 : 0,
    evidence: JSON.parse(row.evidence) as number[],
    pEvidence: row.p_evidence,
    pWithoutEvidence: row.p_without_evidence,
    confidence: row.confidence,
    stability: row.stability,
    score: row.score,
    status: row.status,
    reachable: row.reachable === 1,
    steps: row.steps,
    statesScored: row.states_scored,
    noteUnits: row.note_units,
    elapsedMs: row.elapsed_ms,
    leaderPath: row.leader_path === null ? [] : (JSON.parse(row.leader_path) as number[]),
  };
}

export function detailFromRow(row: ResultRow & PathColumns): StayAuditDetail {
  const result = resultFromRow(row);
  const trace = JSON.parse(row.trace) as StayAuditDetail['trace'];
  return {
    ...result,
    // Before migration 4 only the trace's leaders were known.
    leaderPath:
      row.leader_path === null ? trace.map((step) => step.kept[step.leader]!.p) : result.leaderPath,
    candidates: JSON.parse(row.candidates) as number[],
    trace,
  };
}
