/**
 * The figures of one policy at the budget, computed on stays counted with multiplicities so
 * that the same code gives the estimate (every stay once) and each bootstrap resample.
 *
 * - error rate flagged = errors among flagged ÷ flagged; accepted = errors among accepted ÷
 *   accepted; enrichment = flagged rate ÷ accepted rate (how much the queue concentrates
 *   errors; Infinity when the accepted stays hold no error, undefined with no error at all).
 * - "with abstention" = every flagged POSITIVE prediction is withdrawn (held back for
 *   review, no longer counted as a positive): precision with = TP kept ÷ (TP kept + FP kept),
 *   sensitivity with = TP kept ÷ all stays with label 1. Flagged negative predictions change
 *   neither figure. "Without" are the run's own precision and sensitivity.
 * - Reachable-only figures restrict every count to stays whose convergence was reachable.
 */
import type { PolicyStay } from './policy-stay';

export const BUDGET_FIGURE_KEYS = [
  'errorRateFlagged',
  'errorRateAccepted',
  'enrichment',
  'precisionWithout',
  'precisionWith',
  'sensitivityWithout',
  'sensitivityWith',
] as const;
export type BudgetFigureKey = (typeof BUDGET_FIGURE_KEYS)[number];

export const BUDGET_FIGURE_LABELS: Record<BudgetFigureKey, string> = {
  errorRateFlagged: 'error rate among flagged',
  errorRateAccepted: 'error rate among accepted',
  enrichment: 'error enrichment',
  precisionWithout: 'precision without abstention',
  precisionWith: 'precision with abstention',
  sensitivityWithout: 'sensitivity without abstention',
  sensitivityWith: 'sensitivity with abstention',
};

/** Per-stay columns the figures read, built once per run. */
export interface StayColumns {
  n: number;
  error: Uint8Array;
  label: Uint8Array;
  predicted: Uint8Array;
  reachable: Uint8Array;
}

export function stayColumns(stays: readonly PolicyStay[]): StayColumns {
  return {
    n: stays.length,
    error: Uint8Array.from(stays, (s) => (s.yFull !== s.label ? 1 : 0)),
    label: Uint8Array.from(stays, (s) => s.label),
    predicted: Uint8Array.from(stays, (s) => s.yFull),
    reachable: Uint8Array.from(stays, (s) => (s.reachable ? 1 : 0)),
  };
}

export interface BudgetCounts {
  stays: number;
  flagged: number;
  errors: number;
  errorsFlagged: number;
  alertsWithdrawn: number;
  positives: number;
  tp: number;
  fp: number;
  tpFlagged: number;
  fpFlagged: number;
}

/** Counts over the stays, each counted weights[i] times (null: once), optionally reachable only. */
export function budgetCounts(
  columns: StayColumns,
  flagged: Uint8Array,
  weights: ArrayLike<number> | null,
  reachableOnly: boolean,
): BudgetCounts {
  const c: BudgetCounts = {
    stays: 0,
    flagged: 0,
    errors: 0,
    errorsFlagged: 0,
    alertsWithdrawn: 0,
    positives: 0,
    tp: 0,
    fp: 0,
    tpFlagged: 0,
    fpFlagged: 0,
  };
  const { n, error, label, predicted, reachable } = columns;
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i]! : 1;
    if (w === 0 || (reachableOnly && !reachable[i])) continue;
    const f = flagged[i]! * w;
    c.stays += w;
    c.flagged += f;
    c.errors += error[i]! * w;
    c.errorsFlagged += error[i]! * f;
    c.positives += label[i]! * w;
    if (predicted[i]) {
      c.alertsWithdrawn += f;
      if (label[i]) {
        c.tp += w;
        c.tpFlagged += f;
      } else {
        c.fp += w;
        c.fpFlagged += f;
      }
    }
  }
  return c;
}

/** The figures of BUDGET_FIGURE_KEYS from counts (IEEE division: 0/0 NaN, x/0 Infinity). */
export function budgetRates(c: BudgetCounts): Record<BudgetFigureKey, number> {
  const errorRateFlagged = c.errorsFlagged / c.flagged;
  const errorRateAccepted = (c.errors - c.errorsFlagged) / (c.stays - c.flagged);
  const tpKept = c.tp - c.tpFlagged;
  const fpKept = c.fp - c.fpFlagged;
  return {
    errorRateFlagged,
    errorRateAccepted,
    enrichment: errorRateFlagged / errorRateAccepted,
    precisionWithout: c.tp / (c.tp + c.fp),
    precisionWith: tpKept / (tpKept + fpKept),
    sensitivityWithout: c.tp / c.positives,
    sensitivityWith: tpKept / c.positives,
  };
}
