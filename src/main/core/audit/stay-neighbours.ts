/**
 * Stepping through a run's stays in the trace view: the stays of one outcome class and/or
 * search status (e.g. exhausted false positives), in plan order, and where one stay sits
 * among them. Pure, over the run's results.
 */
import type { StayAuditResult } from '../../../shared/audit';
import { outcomeOf } from '../../../shared/audit-statistics';
import type { StayFilter, StayLink, StayNeighbours } from '../../../shared/stay-detail';

export function matchesFilter(result: StayAuditResult, filter: StayFilter): boolean {
  if (filter.outcome && outcomeOf(result) !== filter.outcome) return false;
  return !filter.status || result.status === filter.status;
}

const link = (r: StayAuditResult | undefined): StayLink | null =>
  r ? { stayId: r.stayId, stayKey: r.stayKey } : null;

export function stayNeighbours(
  results: readonly StayAuditResult[],
  filter: StayFilter,
  stayId: number | undefined,
): StayNeighbours {
  const matching = results.filter((r) => matchesFilter(r, filter));
  const at = stayId === undefined ? -1 : matching.findIndex((r) => r.stayId === stayId);
  if (at >= 0) {
    return {
      total: matching.length,
      position: at + 1,
      previous: link(matching[at - 1]),
      next: link(matching[at + 1]),
      first: link(matching[0]),
    };
  }
  // A stay outside the filter still gets a way in: the first match after it in plan order.
  const planIndex = results.findIndex((r) => r.stayId === stayId);
  const after =
    planIndex < 0 ? undefined : results.slice(planIndex + 1).find((r) => matchesFilter(r, filter));
  const before =
    planIndex < 0
      ? undefined
      : results.slice(0, planIndex).findLast((r) => matchesFilter(r, filter));
  return {
    total: matching.length,
    position: null,
    previous: link(before),
    next: link(after ?? (planIndex < 0 ? matching[0] : undefined)),
    first: link(matching[0]),
  };
}
