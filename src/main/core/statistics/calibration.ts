/**
 * Calibration of p(m_sel) against the true labels: the expected calibration error and the
 * per-bin reliability curve that the report plots beside it.
 */
import { checkBinary, checkProbabilities, sameLength, type Numbers } from './inputs';

/** One equal-width probability bin of a reliability curve. */
export interface ReliabilityBin {
  /** Bin edges: [lower, upper), except the last bin, which is [lower, 1]. */
  lower: number;
  upper: number;
  /** Stays whose probability falls in the bin. */
  count: number;
  /** Mean predicted probability in the bin; NaN for an empty bin (nothing to plot). */
  meanPredicted: number;
  /** Share of positive labels in the bin; NaN for an empty bin. */
  observedRate: number;
}

/**
 * Bin of p among `bins` equal-width bins [i/bins, (i+1)/bins), last bin closed at 1.
 * Edges are the exactly rounded i/bins, and p·bins is corrected against them, so that a
 * probability sitting on an edge (0.3, 0.7...) always opens the upper bin, never by rounding.
 */
export function calibrationBin(p: number, bins: number): number {
  let i = Math.floor(p * bins);
  if (i > 0 && i / bins > p) i--;
  else if (i + 1 < bins && (i + 1) / bins <= p) i++;
  return Math.min(Math.max(i, 0), bins - 1);
}

function checkBins(name: string, bins: number): void {
  if (!Number.isInteger(bins) || bins < 1)
    throw new RangeError(`${name}: bins must be a positive integer, got ${bins}`);
}

/**
 * Reliability curve over `bins` equal-width bins of [0, 1] (last bin closed), every bin
 * listed, empty ones included with NaN means, so plots keep a fixed x-axis.
 */
export function reliabilityCurve(probs: Numbers, labels: Numbers, bins = 10): ReliabilityBin[] {
  sameLength('reliabilityCurve', probs, labels);
  checkProbabilities('reliabilityCurve', probs);
  checkBinary('reliabilityCurve', labels);
  checkBins('reliabilityCurve', bins);
  const count = new Float64Array(bins);
  const sumP = new Float64Array(bins);
  const sumY = new Float64Array(bins);
  for (let i = 0; i < probs.length; i++) {
    const b = calibrationBin(probs[i]!, bins);
    count[b]!++;
    sumP[b]! += probs[i]!;
    sumY[b]! += labels[i]!;
  }
  return Array.from(count, (c, b) => ({
    lower: b / bins,
    upper: (b + 1) / bins,
    count: c,
    meanPredicted: c > 0 ? sumP[b]! / c : NaN,
    observedRate: c > 0 ? sumY[b]! / c : NaN,
  }));
}

/**
 * Expected calibration error: Σ_b (n_b / n) · |mean(p in b) − mean(y in b)| over `bins`
 * equal-width bins of [0, 1] (last bin closed); empty bins weigh 0. NaN for no stays.
 */
export function expectedCalibrationError(probs: Numbers, labels: Numbers, bins = 10): number {
  const curve = reliabilityCurve(probs, labels, bins);
  if (probs.length === 0) return NaN;
  let ece = 0;
  for (const bin of curve) {
    if (bin.count > 0)
      ece += (bin.count / probs.length) * Math.abs(bin.meanPredicted - bin.observedRate);
  }
  return ece;
}
