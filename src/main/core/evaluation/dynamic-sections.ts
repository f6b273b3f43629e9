/**
 * The sections of dynamic-mode ToE (audit mode) at each step limit the records hold: the
 * evidence-size distribution by outcome and correctness (paper appendix "Evidence Size
 * Distribution"), TP/FP exhaustion and abstention (paper, "Auditing Model Reliability").
 * The figures are an audit run's own, made by the same statistics layer (../statistics)
 * from the records' outcomes, reachability always beside exhaustion.
 */
import type { EvidenceSizeSection } from '../../../shared/audit-statistics';
import type { DynamicExhaustion } from '../../../shared/charts';
import {
  type BootstrapOptions,
  abstentionSection,
  evidenceSizeSection,
  exhaustionSection,
  type SearchOutcomes,
} from '../statistics';
import { outcomeColumns, type StayRecord } from './stay-record';

/** Every record's outcome of dynamic ToE at its `limit`-th step limit, and that S_max. */
function dynamicOutcomes(
  records: readonly StayRecord[],
  limit: number,
): { maxSteps: number; outcomes: SearchOutcomes } {
  const { labels, pFull, yFull } = outcomeColumns(records);
  const at = records.map((r) => r.dynamic[limit]!);
  return {
    maxSteps: at[0]?.maxSteps ?? 0,
    outcomes: {
      pFull,
      labels,
      yFull,
      sizes: Float64Array.from(at, (o) => o.size),
      exhausted: at.map((o) => o.status === 'exhausted'),
      reachable: at.map((o) => o.reachable),
    },
  };
}

/** Evidence size of dynamic ToE at the records' `limit`-th step limit, on a 0..S_max axis. */
export function dynamicEvidenceSize(
  records: readonly StayRecord[],
  limit: number,
  ci: BootstrapOptions,
): EvidenceSizeSection {
  const { maxSteps, outcomes } = dynamicOutcomes(records, limit);
  return evidenceSizeSection(outcomes, ci, maxSteps);
}

/** TP/FP exhaustion and the abstention rules, at the records' `limit`-th step limit. */
export function dynamicExhaustion(
  records: readonly StayRecord[],
  limit: number,
  threshold: number,
  ci: BootstrapOptions,
): DynamicExhaustion {
  const { maxSteps, outcomes } = dynamicOutcomes(records, limit);
  return {
    maxSteps,
    threshold,
    exhaustion: exhaustionSection(outcomes, threshold, ci.level),
    abstention: abstentionSection(outcomes, threshold, ci),
  };
}
