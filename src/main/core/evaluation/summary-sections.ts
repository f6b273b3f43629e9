/**
 * The sections that compare two columns of the same stays — retention against the full
 * model, ToE against Top-k, ToE against the exhaustive optimum, calibration — each with a
 * PAIRED bootstrap (both columns resampled by the same stay indices), so the interval of a
 * ratio or a gap reflects the stays, not two independent samples.
 */
import {
  auroc,
  expectedCalibrationError,
  fidelityMae,
  mean,
  type BootstrapOptions,
  calibrationSection,
  estimate,
  flaggedShareEstimate,
} from '../statistics';
import type { CalibrationComparison, HeadlineSection, OptimalityRow } from '../../../shared/charts';
import { EVIDENCE_SIZE_BUDGET } from './evaluation-plan';
import { outcomeColumns, selectionColumns, type StayRecord } from './stay-record';

/** Budgets of the headline comparison of fidelity MAE (paper: k = 1 and 5). */
const HEADLINE_BUDGETS = [1, 5];

/**
 * A beam state counts as the optimum when its score is within this of the best. Wider than
 * the search's 1e-9 tie because the two searches score the same set in different batches,
 * and float32 model outputs may differ in the last bits between batch layouts.
 */
export const OPTIMUM_TOLERANCE = 1e-6;

export function headlineSection(
  records: readonly StayRecord[],
  ci: BootstrapOptions,
): HeadlineSection {
  const { labels, pFull } = outcomeColumns(records);
  const toe5 = selectionColumns(records, 'toe', 5);
  const retentionAt5 = toe5
    ? estimate((s, f, y) => auroc(s, y) / auroc(f, y), [toe5.p, pFull, labels], ci)
    : null;
  const maeComparison = HEADLINE_BUDGETS.flatMap((k) => {
    const toe = selectionColumns(records, 'toe', k);
    const topk = selectionColumns(records, 'topk', k);
    if (!toe || !topk) return [];
    return [
      {
        k,
        toe: estimate((f, s) => fidelityMae(f, s), [pFull, toe.p], ci),
        topk: estimate((f, s) => fidelityMae(f, s), [pFull, topk.p], ci),
        ratio: estimate(
          (f, a, b) => fidelityMae(f, a) / fidelityMae(f, b),
          [pFull, toe.p, topk.p],
          ci,
        ),
      },
    ];
  });
  return { retentionAt5, maeComparison };
}

/** ToE at k = 1..3 against exhaustive enumeration of every k-set under the same objective. */
export function optimalityRows(
  records: readonly StayRecord[],
  ci: BootstrapOptions,
): OptimalityRow[] {
  const { labels } = outcomeColumns(records);
  const ks = records[0]?.optimality.map((o) => o.k) ?? [];
  return ks.map((k) => {
    const at = records.map((r) => r.optimality.find((o) => o.k === k)!);
    const toeP = Float64Array.from(at, (o) => o.toeP);
    const optimumP = Float64Array.from(at, (o) => o.optimumP);
    const shortfall = Float64Array.from(at, (o) => Math.max(0, o.optimumScore - o.toeScore));
    const found = Float64Array.from(shortfall, (s) => (s <= OPTIMUM_TOLERANCE ? 1 : 0));
    const sameSet = Float64Array.from(at, (o) => (o.sameSet ? 1 : 0));
    return {
      k,
      toeAuroc: estimate((s, y) => auroc(s, y), [toeP, labels], ci),
      exhaustiveAuroc: estimate((s, y) => auroc(s, y), [optimumP, labels], ci),
      gap: estimate((a, b, y) => auroc(a, y) - auroc(b, y), [toeP, optimumP, labels], ci),
      optimumFound: flaggedShareEstimate(found, undefined, ci.level),
      scoreShortfall: estimate((s) => mean(s), [shortfall], ci),
      sameSet: flaggedShareEstimate(sameSet, undefined, ci.level),
    };
  });
}

/** Equal-width bins of the calibration comparison (method.md). */
const CALIBRATION_BINS = 10;

/** ECE and reliability curves of the full model and of ToE at k = 5 (or the nearest k run). */
export function calibrationComparison(
  records: readonly StayRecord[],
  ks: readonly number[],
  ci: BootstrapOptions,
): CalibrationComparison | null {
  const k = [...ks].sort(
    (a, b) => Math.abs(a - EVIDENCE_SIZE_BUDGET) - Math.abs(b - EVIDENCE_SIZE_BUDGET) || a - b,
  )[0];
  const toe = k === undefined ? null : selectionColumns(records, 'toe', k);
  if (k === undefined || !toe) return null;
  const { labels, pFull } = outcomeColumns(records);
  return {
    k,
    full: calibrationSection(pFull, labels, CALIBRATION_BINS, ci),
    toe: calibrationSection(toe.p, labels, CALIBRATION_BINS, ci),
    difference: estimate(
      (a, f, y) =>
        expectedCalibrationError(a, y, CALIBRATION_BINS) -
        expectedCalibrationError(f, y, CALIBRATION_BINS),
      [toe.p, pFull, labels],
      ci,
    ),
  };
}
