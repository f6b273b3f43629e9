/**
 * The model's probabilities against the true labels: the expected calibration error with
 * the per-bin reliability curve it summarises (every bin's observed rate with its interval,
 * bin membership resampled too), and the full-input model's discrimination for context.
 */
import type { CalibrationSection } from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import {
  auroc,
  averagePrecision,
  expectedCalibrationError,
  pick,
  reliabilityCurve,
  type BootstrapOptions,
  type Numbers,
} from '../metrics';
import { jsonNumber, namedEstimates } from './bootstrap-estimates';

/** ECE and reliability curve of `probs` over `bins` equal-width bins (method.md: 10). */
export function calibrationSection(
  probs: Numbers,
  labels: Numbers,
  bins: number,
  boot: BootstrapOptions,
): CalibrationSection {
  const fig = namedEstimates(probs.length, boot, (indices) => {
    const p = pick(probs, indices);
    const y = pick(labels, indices);
    const out: Record<string, number> = { ece: expectedCalibrationError(p, y, bins) };
    reliabilityCurve(p, y, bins).forEach((bin, b) => (out[`bin${b}`] = bin.observedRate));
    return out;
  });
  const curve = reliabilityCurve(probs, labels, bins).map((bin, b) => ({
    lower: bin.lower,
    upper: bin.upper,
    count: bin.count,
    meanPredicted: jsonNumber(bin.meanPredicted),
    observedRate: fig[`bin${b}`]!,
  }));
  return { ece: fig.ece!, curve };
}

/** The full-input model's own discrimination, for context beside the evidence figures. */
export function discriminationSection(
  pFull: Numbers,
  labels: Numbers,
  boot: BootstrapOptions,
): { auroc: Estimate; auprc: Estimate } {
  return namedEstimates(pFull.length, boot, (indices) => {
    const p = pick(pFull, indices);
    const y = pick(labels, indices);
    return { auroc: auroc(p, y), auprc: averagePrecision(p, y) };
  });
}
