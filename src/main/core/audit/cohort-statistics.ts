/**
 * Cohort statistics of one audit run: the figures a quality-improvement team reads on the
 * dashboard, in the CLI and in the PDF. Pure: results in, a JSON-safe object out. The run's
 * results become per-stay columns and the statistics layer (../statistics) makes every
 * section; here they are put together at the run's own parameters, with the reachability
 * band its τ give. A rate of counts of stays comes with its exact interval (Clopper–Pearson,
 * a ratio of two rates Katz's log interval); every other figure with a seeded percentile
 * bootstrap interval over stays (method.md: 1,000 resamples, 95%), the same stay-level
 * resamples for every figure, since all use one seed.
 */
import type {
  CohortStatistics,
  ReachabilityBand,
  StabilitySpace,
} from '../../../shared/audit-statistics';
import {
  confusionCounts,
  type BootstrapOptions,
  abstentionSection,
  calibrationSection,
  careSection,
  discriminationSection,
  evidenceSizeSection,
  exhaustionSection,
  faithfulnessSection,
  modalitySection,
} from '../statistics';
import { convergenceReachable } from '../search/objective';
import type { StayAuditResult } from './audit-types';
import { cohortSummary } from './cohort-summary';
import { stayColumns } from './stay-columns';

// The output's shape crosses the API, so it lives in src/shared.
export type { CohortStatistics, ReachabilityBand, StabilitySpace };

export interface CohortStatisticsOptions {
  /** The run's decision threshold: y_full = 1 iff p_full >= threshold. */
  threshold: number;
  /** Bootstrap seed, an integer in [0, 2^32): stored with the report to reproduce it. */
  seed: number;
  /** Bootstrap resamples of stays (default 1000). */
  resamples?: number;
  /** The run's convergence thresholds, for the reachability band and its consistency check. */
  tauConf: number;
  tauSuff: number;
  /** The run's stability space (default 'probability'). */
  stability?: StabilitySpace;
  /** Equal-width calibration bins (default 10, method.md). */
  bins?: number;
  /** Last evidence-size histogram bin (default: the largest |E| seen), e.g. S_max. */
  maxEvidenceSize?: number;
}

/**
 * The lowest confidence in the full-input class from which convergence can be reached.
 * Probability space: τc − (1 − τs). Logit space: logit(conf) >= logit(τc) − (1 − τs), i.e.
 * conf >= τc / (τc + (1 − τc)·e^(1−τs)).
 */
export function reachableConfidence(
  tauConf: number,
  tauSuff: number,
  space: StabilitySpace,
): number {
  const slack = 1 - tauSuff;
  if (space === 'probability') return tauConf - slack;
  return tauConf / (tauConf + (1 - tauConf) * Math.exp(slack));
}

function reachabilityBand(
  results: readonly StayAuditResult[],
  options: CohortStatisticsOptions,
  stability: StabilitySpace,
): ReachabilityBand {
  const { tauConf, tauSuff } = options;
  const confMin = reachableConfidence(tauConf, tauSuff, stability);
  let mismatches = 0;
  for (const r of results) {
    const expected = convergenceReachable(r, { tauConf, tauSuff, stability });
    if (expected !== r.reachable) mismatches++;
  }
  return {
    stability,
    positiveAtLeast: confMin,
    negativeAtMost: 1 - confMin,
    unreachableStays: results.filter((r) => !r.reachable).length,
    mismatches,
  };
}

export function cohortStatistics(
  results: readonly StayAuditResult[],
  options: CohortStatisticsOptions,
): CohortStatistics {
  const { threshold, seed, resamples = 1000, bins = 10, stability = 'probability' } = options;
  const c = stayColumns(results, threshold);
  const boot: BootstrapOptions = { seed, resamples, level: 0.95 };
  const confusion = confusionCounts(c.pFull, c.labels, threshold);
  const partial: Omit<CohortStatistics, 'summary'> = {
    stays: c.n,
    parameters: {
      threshold,
      tauConf: options.tauConf,
      tauSuff: options.tauSuff,
      stability,
      seed,
      resamples,
      level: 0.95,
      bins,
    },
    confusion,
    care: careSection(
      confusion,
      c.pFull.reduce((sum, p) => sum + p, 0),
      0.95,
    ),
    discrimination: discriminationSection(c.pFull, c.labels, boot),
    reachability: reachabilityBand(results, options, stability),
    exhaustion: exhaustionSection(c, threshold, boot.level),
    abstention: abstentionSection(c, threshold, boot),
    evidenceSize: evidenceSizeSection(c, boot, options.maxEvidenceSize),
    modality: modalitySection(c, boot),
    calibration: {
      full: calibrationSection(c.pFull, c.labels, bins, boot),
      evidence: calibrationSection(c.pEvidence, c.labels, bins, boot),
    },
    faithfulness: faithfulnessSection(c, threshold, boot),
  };
  return { ...partial, summary: cohortSummary(partial) };
}
