/**
 * The per-(method, k) table every section reads from: sufficiency AUROC / AUPRC, fidelity
 * MAE, comprehensiveness (via the complement mask), ECE and decision agreement, each with a
 * bootstrap 95% CI over stays (method.md, "Faithfulness metrics"), but the decision
 * agreement, a share of stays, with its exact Clopper–Pearson interval.
 */
import {
  auroc,
  averagePrecision,
  comprehensiveness,
  expectedCalibrationError,
  fidelityMae,
  mean,
  type BootstrapOptions,
  estimate,
  flaggedShareEstimate,
} from '../statistics';
import {
  ABLATION_METHODS,
  COMPARED_METHODS,
  type MethodRow,
  type RowMethod,
} from '../../../shared/charts';
import type { Estimate } from '../../../shared/estimate';
import { methodBudgets, outcomeColumns, selectionColumns, type StayRecord } from './stay-record';

/** Full-model AUROC, AUPRC and ECE of p_full against the labels. */
export function fullModelFigures(
  records: readonly StayRecord[],
  ci: BootstrapOptions,
): { auroc: Estimate; auprc: Estimate; ece: Estimate } {
  const { labels, pFull } = outcomeColumns(records);
  return {
    auroc: estimate((p, y) => auroc(p, y), [pFull, labels], ci),
    auprc: estimate((p, y) => averagePrecision(p, y), [pFull, labels], ci),
    ece: estimate((p, y) => expectedCalibrationError(p, y), [pFull, labels], ci),
  };
}

/** Row order of every table and CSV: the compared explainers, the ablations, exhaustive. */
const ROW_ORDER: readonly RowMethod[] = [...COMPARED_METHODS, ...ABLATION_METHODS, 'exhaustive'];

/** One row per (method, k) the records hold, in ROW_ORDER then by k. */
export function methodRows(
  records: readonly StayRecord[],
  threshold: number,
  ci: BootstrapOptions,
): MethodRow[] {
  const { labels, pFull, yFull } = outcomeColumns(records);
  const pairs = methodBudgets(records).sort(
    (a, b) => ROW_ORDER.indexOf(a.method) - ROW_ORDER.indexOf(b.method) || a.k - b.k,
  );
  return pairs.map(({ method, k }) => {
    const columns = selectionColumns(records, method, k)!;
    const { p, pRemoved } = columns;
    return {
      method,
      k,
      auroc: estimate((s, y) => auroc(s, y), [p, labels], ci),
      auprc: estimate((s, y) => averagePrecision(s, y), [p, labels], ci),
      fidelityMae: estimate((f, s) => fidelityMae(f, s), [pFull, p], ci),
      comprehensiveness: estimate(
        (f, r, yf) => comprehensiveness(f, r, yf),
        [pFull, pRemoved, yFull],
        ci,
      ),
      ece: estimate((s, y) => expectedCalibrationError(s, y), [p, labels], ci),
      decisionAgreement: flaggedShareEstimate(
        Float64Array.from(p, (s, i) => ((s >= threshold ? 1 : 0) === yFull[i] ? 1 : 0)),
        undefined,
        ci.level,
      ),
      meanSize: mean(columns.sizes),
    };
  });
}
