/**
 * The model's probabilities against the true labels: the expected calibration error with
 * the per-bin reliability curve it summarises (every bin's observed rate with its exact
 * interval), and the full-input model's discrimination for context.
 */
import type { CalibrationSection } from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import { auroc, averagePrecision } from './ranking';
import { calibrationBin, expectedCalibrationError, reliabilityCurve } from './calibration';
import { pick, type BootstrapOptions } from './bootstrap';
import { type Numbers } from './inputs';
import { jsonNumber, namedEstimates } from './bootstrap-estimates';
import { proportionEstimate } from './exact-intervals';

/**
 * ECE and reliability curve of `probs` over `bins` equal-width bins (method.md: 10). The ECE
 * has no closed form and is bootstrapped over stays; each bin's observed rate is its
 * positives over its stays, with the Clopper–Pearson interval of those counts (a bootstrap
 * of a one-stay bin reads "1.000 (1.000–1.000)"), and the bin's count travels with it.
 */
export function calibrationSection(
  probs: Numbers,
  labels: Numbers,
  bins: number,
  boot: BootstrapOptions,
): CalibrationSection {
  const { ece } = namedEstimates(probs.length, boot, (indices) => ({
    ece: expectedCalibrationError(pick(probs, indices), pick(labels, indices), bins),
  }));
  const positives = new Array<number>(bins).fill(0);
  for (let i = 0; i < probs.length; i++)
    if (labels[i] === 1) positives[calibrationBin(probs[i]!, bins)]!++;
  const curve = reliabilityCurve(probs, labels, bins).map((bin, b) => ({
    lower: bin.lower,
    upper: bin.upper,
    count: bin.count,
    meanPredicted: jsonNumber(bin.meanPredicted),
    observedRate: proportionEstimate(positives[b]!, bin.count, boot.level ?? 0.95),
  }));
  return { ece, curve };
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
