/**
 * How many units the search kept (|E|), split by true outcome and by whether the full-input
 * decision was right: the paper's diagnostic that wrong predictions exhaust the budget.
 */
import { checkBinary, sameLength, type Numbers } from './inputs';
import { median } from './quantile';

/** Distribution of |E| within one group of stays. */
export interface SizeSummary {
  /** Stays in the group. */
  n: number;
  /** histogram[s] = stays with |E| = s, for s = 0..maxSize (same axis for every group). */
  histogram: number[];
  /** Mean and median |E| (median of an even count: mean of the middle two); NaN if n = 0. */
  mean: number;
  median: number;
}

export interface EvidenceSizeDistribution {
  /** Last histogram bin: the given maxSize (e.g. the budget), else the largest |E| seen. */
  maxSize: number;
  all: SizeSummary;
  /** By true label: positive = outcome 1. */
  byOutcome: { positive: SizeSummary; negative: SizeSummary };
  /** By the full-input decision y_full against the true label. */
  byCorrectness: { correct: SizeSummary; incorrect: SizeSummary };
}

/** Summary of the sizes of the stays where `keep` holds, on a 0..maxSize axis. */
function sizeSummary(
  sizes: Numbers,
  maxSize: number,
  keep: (i: number) => boolean = () => true,
): SizeSummary {
  const histogram = new Array<number>(maxSize + 1).fill(0);
  const kept: number[] = [];
  for (let i = 0; i < sizes.length; i++) {
    if (!keep(i)) continue;
    const s = sizes[i]!;
    histogram[s]!++;
    kept.push(s);
  }
  const n = kept.length;
  return {
    n,
    histogram,
    mean: n > 0 ? kept.reduce((a, b) => a + b, 0) / n : NaN,
    median: median(kept),
  };
}

/**
 * |E| histograms with mean and median, overall, by outcome and by correctness.
 * `sizes` are non-negative integers; `labels` the true outcomes; `yFull` the full-input
 * decisions (0/1). A size above `maxSize` is refused rather than silently clipped.
 */
export function evidenceSizeDistribution(
  sizes: Numbers,
  labels: Numbers,
  yFull: Numbers,
  maxSize?: number,
): EvidenceSizeDistribution {
  const n = sameLength('evidenceSizeDistribution', sizes, labels, yFull);
  checkBinary('evidenceSizeDistribution', labels);
  checkBinary('evidenceSizeDistribution', yFull);
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const s = sizes[i]!;
    if (!Number.isInteger(s) || s < 0)
      throw new RangeError(`evidenceSizeDistribution: size ${i} is ${s}`);
    largest = Math.max(largest, s);
  }
  const top = maxSize ?? largest;
  if (!Number.isInteger(top) || top < 0)
    throw new RangeError(`evidenceSizeDistribution: maxSize ${top}`);
  if (largest > top)
    throw new RangeError(`evidenceSizeDistribution: a size of ${largest} exceeds maxSize ${top}`);
  const summary = (keep: (i: number) => boolean): SizeSummary => sizeSummary(sizes, top, keep);
  return {
    maxSize: top,
    all: summary(() => true),
    byOutcome: {
      positive: summary((i) => labels[i] === 1),
      negative: summary((i) => labels[i] === 0),
    },
    byCorrectness: {
      correct: summary((i) => yFull[i] === labels[i]),
      incorrect: summary((i) => yFull[i] !== labels[i]),
    },
  };
}
