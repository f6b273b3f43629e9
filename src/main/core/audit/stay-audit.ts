/**
 * One stay's audit: the dynamic-mode ToE search (continued past convergence to record the
 * leader's path for the abstention policies, unless the run stops at convergence), plus one evaluation of the complement (every
 * valid unit except the evidence) for comprehensiveness. A pure function of the stay's model,
 * its label and the parameters, so a stay gives the same result in any worker, in any order,
 * before or after an interruption; only elapsedMs measures the machine.
 */
import { allUnits, fusedProbabilities, type StayModel } from '../models/stay-model';
import { treeOfEvidenceSearch, type ProbabilityMap, type SearchParams } from '../search';
import type { SearchExtent } from '../../../shared/audit';
import type { StayAuditDetail } from './audit-types';

export interface AuditedStay {
  id: number;
  stayKey: string;
  outcomes: Record<string, 0 | 1>;
}

export async function auditStay(
  model: StayModel,
  stay: AuditedStay,
  task: string,
  params: SearchParams,
  calibration: ProbabilityMap | undefined,
  extent: SearchExtent,
): Promise<StayAuditDetail> {
  const label = stay.outcomes[task];
  if (label !== 0 && label !== 1) {
    throw new Error(`Stay ${stay.stayKey} has no ${task} label; the run's plan should exclude it.`);
  }
  const started = performance.now();
  const result = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, params, {
    continuePastConvergence: extent === 'to-limit',
    ...(calibration ? { calibration } : {}),
  });
  if (result.status === 'budget') throw new Error('a dynamic search returned a budget status');
  const evidence = new Set(result.evidence);
  const complement = allUnits(model).filter((unit) => !evidence.has(unit));
  const [rawWithoutEvidence] = await fusedProbabilities(model, [complement]);
  const pWithoutEvidence = calibration ? calibration(rawWithoutEvidence!) : rawWithoutEvidence!;
  const elapsedMs = performance.now() - started;
  return {
    stayId: stay.id,
    stayKey: stay.stayKey,
    label,
    pFull: result.pFull,
    rawPFull: result.rawPFull,
    yFull: result.yFull,
    evidence: result.evidence,
    pEvidence: result.p,
    pWithoutEvidence,
    confidence: result.confidence,
    stability: result.stability,
    score: result.score,
    status: result.status,
    reachable: result.reachable,
    steps: result.steps,
    statesScored: result.statesScored,
    noteUnits: result.evidence.filter((unit) => unit >= model.hours).length,
    elapsedMs,
    leaderPath: result.leaderPath,
    trace: result.trace,
    candidates: result.candidates,
  };
}
