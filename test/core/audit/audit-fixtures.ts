/**
 * Hand-written StayAuditResults for the statistics, bias and abstention tests. Confidence
 * and stability are derived from p_full and p_evidence exactly as the search defines them
 * (probability space), so each fixture is a result the search could have returned.
 */
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';

/** Windows are units 0..23; note chunks start at 24. */
export const NOTE_UNIT_START = 24;

export interface StaySketch {
  id: number;
  p: number;
  y: 0 | 1;
  pe: number;
  /** |E|, or the evidence unit ids themselves. */
  evidence: number | number[];
  exhausted: boolean;
  pWithout?: number;
  threshold?: number;
  tauConf?: number;
  tauSuff?: number;
}

export function stay(s: StaySketch): StayAuditResult {
  const threshold = s.threshold ?? 0.5;
  const tauConf = s.tauConf ?? 0.9;
  const tauSuff = s.tauSuff ?? 0.9;
  const yFull = s.p >= threshold ? 1 : 0;
  const conf = yFull === 1 ? s.p : 1 - s.p;
  const evidence =
    typeof s.evidence === 'number' ? Array.from({ length: s.evidence }, (_, i) => i) : s.evidence;
  return {
    stayId: s.id,
    stayKey: `S${s.id}`,
    label: s.y,
    pFull: s.p,
    rawPFull: s.p,
    yFull,
    evidence,
    pEvidence: s.pe,
    pWithoutEvidence: s.pWithout ?? (yFull === 1 ? s.p / 2 : (1 + s.p) / 2),
    confidence: yFull === 1 ? s.pe : 1 - s.pe,
    stability: 1 - Math.abs(s.p - s.pe),
    score: 0,
    status: s.exhausted ? 'exhausted' : 'converged',
    // method.md's reachability in probability space.
    reachable: conf >= tauConf - (1 - tauSuff),
    steps: evidence.length,
    statesScored: 8 * evidence.length,
    noteUnits: evidence.filter((u) => u >= NOTE_UNIT_START).length,
    leaderPath: [s.pe],
    elapsedMs: 10,
  };
}
