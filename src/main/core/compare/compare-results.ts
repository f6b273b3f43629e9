/**
 * Two runs' per-stay results compared figure by figure (docs/audit-metrics.md, "Comparing two
 * runs"). Pure: results in, a JSON-safe RunComparison out. Each figure is contrasted by the
 * test that suits it (figure-tests.ts): DeLong's for the AUROC (paired when both runs scored
 * the same stays), Newcombe's interval with Fisher's exact test for rates of counts, the
 * conditional binomial for observed ÷ expected events; the rest (AUPRC, ECE, evidence size,
 * note share) from independent bootstrap resamples of each run, its own seed each, draw r of
 * the difference being draw r of B minus draw r of A (figure-difference.ts). A difference that
 * only reflects data a run lacks (no alerts, no notes) is labelled so and not tested.
 * Benjamini–Hochberg then runs over every tested figure, run-level and per subgroup, and each
 * is read as worse, better, higher, lower or not shown to differ; the evidence composition
 * (evidence-composition.ts), when the stays' charted masks are given, is its own family. Each
 * run's own figures are printed as its dashboard prints them (its cohort statistics at the
 * comparison's seed; a rate of counts with its exact interval), so one run's interval for one
 * figure reads the same everywhere; only the contrast comes from this comparison.
 */
import {
  auroc,
  averagePrecision,
  confusionCounts,
  expectedCalibrationError,
  pick,
  pickFlags,
  type BootstrapOptions,
  calibrationSection,
  discriminationSection,
  evidenceSizeSection,
  exhaustionSection,
  jointBootstrap,
  jointIntervals,
  modalitySection,
  proportionEstimate,
  toEstimate,
} from '../statistics';
import { observedExpectedEstimate } from '../statistics/observed-expected';
import { countShortfall, DEFAULT_MINIMUMS, type Minimums } from '../statistics/bias-estimability';
import {
  GROUP_FIGURES,
  groupCounts,
  groupFigures,
  PROPORTIONS,
  type GroupCounts,
} from '../statistics/group-metrics';
import { stayColumns, type StayColumns } from '../audit/stay-columns';
import { auditedAttributes, partitionBy, type AttributesByStay } from '../audit/subgroups';
import type { StayAuditResult } from '../audit/audit-types';
import type { CohortStatistics } from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import {
  COMPARED_FIGURE_BETTER,
  COMPARED_FIGURE_LABELS,
  COMPARED_FIGURES,
  COMPARED_GROUP_FIGURE_BETTER,
  COMPARED_GROUP_FIGURES,
  COMPARED_RATE_FIGURES,
  type ComparedFigure,
  type ComparedRunInfo,
  type FigureDifference,
  type RunComparison,
  type RunFigureComparison,
  type SubgroupFigureComparison,
} from '../../../shared/run-comparison';
import { comparisonAdvice } from './comparison-advice';
import { evidenceComposition, type ChartedMasks } from './evidence-composition';
import {
  difference,
  exactDifference,
  flagFamily,
  LEVEL,
  readFamily,
  sideOf,
} from './figure-difference';
import {
  aurocContrast,
  observedExpectedContrast,
  rateContrast,
  type ScoredStays,
} from './figure-tests';

/** One run as the comparison takes it. */
export interface ComparisonSide {
  info: ComparedRunInfo;
  results: readonly StayAuditResult[];
  /** Attributes of its stays, for the per-subgroup figures (none: no subgroups compared). */
  attributes?: AttributesByStay;
  /** What was charted in its stays, for the evidence composition (none: not compared). */
  charted?: ChartedMasks;
  /**
   * The run's cohort statistics as its dashboard shows them (stored-figures.ts), at the
   * comparison's seed and resamples: each figure of the run is printed from them, so it reads
   * the same in both places. Without them they are computed here the same way.
   */
  statistics?: RunFigureSource;
}

/** The parts of a run's cohort statistics its compared figures are read from. */
export type RunFigureSource = Pick<
  CohortStatistics,
  'confusion' | 'discrimination' | 'exhaustion' | 'evidenceSize' | 'modality'
> & {
  parameters: Pick<CohortStatistics['parameters'], 'level' | 'bins'>;
  calibration: Pick<CohortStatistics['calibration'], 'full'>;
};

export interface CompareOptions {
  /** Bootstrap seed, an integer in [0, 2^32); run B's resamples use a seed derived from it. */
  seed: number;
  /** Resamples of each run (default 1000). */
  resamples?: number;
  /** Calibration bins (default 10). */
  bins?: number;
  /** Benjamini–Hochberg FDR level (default 0.05). */
  fdrLevel?: number;
  /** Subgroups smaller than this in either run are not compared (default 11, as the bias audit). */
  minGroupSize?: number;
  /** Estimability minimums of the subgroup figures (default the bias audit's). */
  minimums?: Minimums;
  /** Differences and notes worded by the caller (how the runs differ). */
  differences?: string[];
  notes?: string[];
}

/** Run B's seed: a fixed odd offset from A's, so the two runs' resamples are independent. */
export function secondSeed(seed: number): number {
  return (seed + 0x9e3779b9) >>> 0;
}

/** Every COMPARED_FIGURES value over the stays at `indices` (repeats allowed). */
export function runFigureValues(
  c: StayColumns,
  indices: ArrayLike<number>,
  threshold: number,
  bins: number,
): number[] {
  const n = indices.length;
  const p = pick(c.pFull, indices);
  const y = pick(c.labels, indices);
  const exhausted = pickFlags(c.exhausted, indices);
  const sizes = pick(c.sizes, indices);
  const notes = pick(c.noteUnits, indices);
  const counts = confusionCounts(p, y, threshold);
  let exhaustedAll = 0;
  let exhaustedTp = 0;
  let exhaustedFp = 0;
  let units = 0;
  let noteUnits = 0;
  let expected = 0;
  for (let i = 0; i < n; i++) {
    expected += p[i]!;
    units += sizes[i]!;
    noteUnits += notes[i]!;
    if (!exhausted[i]) continue;
    exhaustedAll++;
    if (p[i]! >= threshold) {
      if (y[i] === 1) exhaustedTp++;
      else exhaustedFp++;
    }
  }
  const { tp, fp, tn, fn } = counts;
  const values: Record<ComparedFigure, number> = {
    auroc: auroc(p, y),
    auprc: averagePrecision(p, y),
    observedExpected: (tp + fn) / expected,
    ece: n > 0 ? expectedCalibrationError(p, y, bins) : NaN,
    predictedPositiveRate: (tp + fp) / n,
    tpr: tp / (tp + fn),
    fpr: fp / (fp + tn),
    ppv: tp / (tp + fp),
    exhaustionRate: exhaustedAll / n,
    exhaustionRateTp: exhaustedTp / tp,
    exhaustionRateFp: exhaustedFp / fp,
    alertWithdrawalRate: (exhaustedTp + exhaustedFp) / (tp + fp),
    meanEvidenceSize: units / n,
    noteShare: noteUnits / units,
  };
  return COMPARED_FIGURES.map((f) => values[f]);
}

/**
 * The sections of a run's cohort statistics the comparison reads, made by the same
 * statistics-layer functions as cohort-statistics.ts with the same seed, so they equal the
 * dashboard's to the last digit (a comparison given no stored statistics).
 */
export function runFigureSource(
  c: StayColumns,
  threshold: number,
  bins: number,
  boot: BootstrapOptions,
): RunFigureSource {
  const level = boot.level ?? LEVEL;
  return {
    parameters: { level, bins },
    confusion: confusionCounts(c.pFull, c.labels, threshold),
    discrimination: discriminationSection(c.pFull, c.labels, boot),
    exhaustion: exhaustionSection(c, threshold, level),
    evidenceSize: evidenceSizeSection(c, boot),
    modality: modalitySection(c, boot),
    calibration: { full: calibrationSection(c.pFull, c.labels, bins, boot) },
  };
}

/**
 * Each compared figure of a run as its own report shows it: the bootstrapped ones read from
 * its cohort statistics, the rates of counts with their Clopper–Pearson intervals.
 */
export function comparedEstimates(
  s: RunFigureSource,
  expectedEvents: number,
): Record<ComparedFigure, Estimate> {
  const { tp, fp, tn, fn } = s.confusion;
  const { level } = s.parameters;
  const share = (k: number, n: number) => proportionEstimate(k, n, level);
  const { TP, FP } = s.exhaustion.byClass;
  return {
    auroc: s.discrimination.auroc,
    auprc: s.discrimination.auprc,
    observedExpected: observedExpectedEstimate(tp + fn, expectedEvents, level),
    ece: s.calibration.full.ece,
    predictedPositiveRate: share(tp + fp, tp + fp + tn + fn),
    tpr: share(tp, tp + fn),
    fpr: share(fp, fp + tn),
    ppv: share(tp, tp + fp),
    exhaustionRate: s.exhaustion.overall,
    exhaustionRateTp: TP.rate,
    exhaustionRateFp: FP.rate,
    alertWithdrawalRate: share(TP.exhausted + FP.exhausted, TP.stays + FP.stays),
    meanEvidenceSize: s.evidenceSize.all.mean,
    noteShare: s.modality.noteUnitShare,
  };
}

function subgroupComparisons(
  a: ComparisonSide,
  b: ComparisonSide,
  ca: StayColumns,
  cb: StayColumns,
  options: Required<Pick<CompareOptions, 'resamples' | 'bins' | 'minGroupSize' | 'minimums'>> & {
    seedA: number;
    seedB: number;
  },
): SubgroupFigureComparison[] {
  if (!a.attributes || !b.attributes) return [];
  const inB = new Set(auditedAttributes(b.results, b.attributes));
  const shared = auditedAttributes(a.results, a.attributes).filter((x) => inB.has(x));
  const out: SubgroupFigureComparison[] = [];
  const figureIndex = COMPARED_GROUP_FIGURES.map((f) => GROUP_FIGURES.indexOf(f));
  for (const attribute of shared) {
    const groupsB = new Map(
      partitionBy(b.results, b.attributes, attribute).groups.map((g) => [g.name, g]),
    );
    for (const groupA of partitionBy(a.results, a.attributes, attribute).groups) {
      const groupB = groupsB.get(groupA.name);
      if (!groupB) continue;
      if (groupA.members.length < options.minGroupSize) continue;
      if (groupB.members.length < options.minGroupSize) continue;
      const sides = (
        [
          [ca, groupA.members, options.seedA, a.info.threshold],
          [cb, groupB.members, options.seedB, b.info.threshold],
        ] as const
      ).map(([c, members, seed, threshold]) => {
        const mapped = new Uint32Array(members.length);
        const draws = jointBootstrap(
          members.length,
          { seed, resamples: options.resamples, level: LEVEL },
          (indices) => {
            for (let i = 0; i < indices.length; i++) mapped[i] = members[indices[i]!]!;
            return groupFigures(c, mapped.subarray(0, indices.length), threshold, options.bins);
          },
        );
        return {
          draws,
          intervals: jointIntervals(draws, LEVEL),
          counts: groupCounts(c, members, threshold),
        };
      });
      const [sa, sb] = sides as [(typeof sides)[number], (typeof sides)[number]];
      COMPARED_GROUP_FIGURES.forEach((figure, k) => {
        const f = figureIndex[k]!;
        const shortA = countShortfall(figure, sa.counts, options.minimums);
        const shortB = countShortfall(figure, sb.counts, options.minimums);
        const refused =
          shortA || shortB
            ? `not estimable: ${[
                shortA && `run A: ${shortA.brief}`,
                shortB && `run B: ${shortB.brief}`,
              ]
                .filter(Boolean)
                .join('; ')}`
            : null;
        // A rate of counts is shown with its exact interval, as the bias audit shows it.
        const proportion = PROPORTIONS[figure];
        const bootstrapped = sideOf(sa.draws, sa.intervals, f);
        const shown = {
          a: proportion
            ? proportionEstimate(...proportion(sa.counts), LEVEL)
            : toEstimate(bootstrapped.ci),
          b: proportion
            ? proportionEstimate(...proportion(sb.counts), LEVEL)
            : toEstimate(sideOf(sb.draws, sb.intervals, f).ci),
        };
        const contrast = proportion
          ? rateContrast(proportion(sa.counts), proportion(sb.counts))
          : aurocContrast(scored(a, ca, groupA.members), scored(b, cb, groupB.members));
        const absent =
          refused === null
            ? groupAbsentData(figure, [
                { run: 'A', counts: sa.counts },
                { run: 'B', counts: sb.counts },
              ])
            : null;
        out.push({
          attribute,
          group: groupA.name,
          figure,
          staysA: groupA.members.length,
          staysB: groupB.members.length,
          ...exactDifference(shown, contrast, refused, absent),
        });
      });
    }
  }
  return out;
}

type RateFigure = (typeof COMPARED_RATE_FIGURES)[number];

function isRateFigure(figure: ComparedFigure): figure is RateFigure {
  return (COMPARED_RATE_FIGURES as readonly ComparedFigure[]).includes(figure);
}

/** Each rate figure of a run as [k, n], and how many stays raised an alert. */
interface RateCounts extends Record<RateFigure, [number, number]> {
  stays: number;
  alerts: number;
}

function rateCounts(c: StayColumns, threshold: number): RateCounts {
  const { tp, fp, tn, fn } = confusionCounts(c.pFull, c.labels, threshold);
  let exhausted = 0;
  let exhaustedTp = 0;
  let exhaustedFp = 0;
  for (let i = 0; i < c.n; i++) {
    if (!c.exhausted[i]) continue;
    exhausted++;
    if (c.pFull[i]! >= threshold) {
      if (c.labels[i] === 1) exhaustedTp++;
      else exhaustedFp++;
    }
  }
  return {
    stays: c.n,
    alerts: tp + fp,
    predictedPositiveRate: [tp + fp, c.n],
    tpr: [tp, tp + fn],
    fpr: [fp, fp + tn],
    ppv: [tp, tp + fp],
    exhaustionRate: [exhausted, c.n],
    exhaustionRateTp: [exhaustedTp, tp],
    exhaustionRateFp: [exhaustedFp, fp],
    alertWithdrawalRate: [exhaustedTp + exhaustedFp, tp + fp],
  };
}

/** Figures that exist only among a run's alerts. */
const AMONG_ALERTS: readonly ComparedFigure[] = [
  'ppv',
  'exhaustionRateTp',
  'exhaustionRateFp',
  'alertWithdrawalRate',
];

/** One run as the absent-data rules read it. */
interface RunSide {
  run: 'A' | 'B';
  counts: RateCounts;
  info: ComparedRunInfo;
}

/** "run B raised no alerts" of one run, "neither run raised an alert" of both. */
function lackingIn<S extends { run: 'A' | 'B' }>(
  sides: readonly S[],
  lacks: (side: S) => boolean,
  one: (run: string) => string,
  both: string,
): { words: string; both: boolean } | null {
  const lacking = sides.filter(lacks);
  if (lacking.length === 0) return null;
  return lacking.length === 2
    ? { words: both, both: true }
    : { words: one(`run ${lacking[0]!.run}`), both: false };
}

/**
 * Why a figure's difference would only reflect data a run lacks, or null: a run that
 * raised no alerts has a false-alarm rate of 0 by construction and nothing among alerts to
 * compare; one that alerted on every stay has a sensitivity of 1 by construction; a cohort
 * without notes has no notes in its evidence. The real finding (the alert rate, the missed
 * outcomes) is compared on its own row.
 */
function absentData(figure: ComparedFigure, sides: readonly RunSide[]): string | null {
  if (figure === 'fpr' || AMONG_ALERTS.includes(figure)) {
    const none = lackingIn(
      sides,
      (s) => s.counts.alerts === 0,
      (run) => `${run} raised no alerts`,
      'neither run raised an alert',
    );
    if (none === null) return null;
    if (figure !== 'fpr') return none.words;
    return `${none.words}, so ${none.both ? 'both false-alarm rates are' : 'its false-alarm rate is'} 0 by construction`;
  }
  if (figure === 'tpr') {
    const all = lackingIn(
      sides,
      (s) => s.counts.stays > 0 && s.counts.alerts === s.counts.stays,
      (run) => `${run} alerted on every stay`,
      'both runs alerted on every stay',
    );
    return (
      all &&
      `${all.words}, so ${all.both ? 'both sensitivities are' : 'its sensitivity is'} 1 by construction`
    );
  }
  if (figure === 'noteShare') {
    const cohort = (run: string) => sides.find((s) => `run ${s.run}` === run)!.info.cohortName;
    const noNotes = lackingIn(
      sides,
      (s) => s.info.noteChunks === 0,
      (run) => `${run}'s cohort "${cohort(run)}" has no notes`,
      "neither run's cohort has notes",
    );
    return noNotes?.words ?? null;
  }
  return null;
}

/** A run's stays as DeLong's test takes them (all of them, or a subgroup's members). */
function scored(side: ComparisonSide, c: StayColumns, members?: readonly number[]): ScoredStays {
  const at = members ?? Array.from({ length: c.n }, (_, i) => i);
  return {
    stayIds: at.map((i) => side.results[i]!.stayId),
    scores: pick(c.pFull, at),
    labels: pick(c.labels, at),
  };
}

/** Observed events and the events the decision's probabilities expect. */
function eventsOf(c: StayColumns): { observed: number; expected: number } {
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < c.n; i++) {
    observed += c.labels[i]!;
    expected += c.pFull[i]!;
  }
  return { observed, expected };
}

/**
 * The same for a subgroup: its false-alarm rate is 0 by construction where the run raised
 * no alert in it, its missed-outcome rate 0 where it alerted on every stay of it.
 */
function groupAbsentData(
  figure: (typeof COMPARED_GROUP_FIGURES)[number],
  sides: readonly { run: 'A' | 'B'; counts: GroupCounts }[],
): string | null {
  if (figure === 'fpr') {
    const none = lackingIn(
      sides,
      (s) => s.counts.predictedPositives === 0,
      (run) => `${run} raised no alerts in this group`,
      'neither run raised an alert in this group',
    );
    return (
      none &&
      `${none.words}, so ${none.both ? 'both false-alarm rates are' : 'its false-alarm rate is'} 0 by construction`
    );
  }
  if (figure === 'fnr') {
    const all = lackingIn(
      sides,
      (s) => s.counts.predictedPositives === s.counts.n,
      (run) => `${run} alerted on every stay of this group`,
      'both runs alerted on every stay of this group',
    );
    return (
      all &&
      `${all.words}, so ${all.both ? 'both missed-outcome rates are' : 'its missed-outcome rate is'} 0 by construction`
    );
  }
  return null;
}

/** Run B against run A: every figure of each, their difference, p-values and BH flags. */
export function compareResults(
  a: ComparisonSide,
  b: ComparisonSide,
  options: CompareOptions,
): RunComparison {
  const {
    seed,
    resamples = 1000,
    bins = 10,
    fdrLevel = 0.05,
    minGroupSize = 11,
    minimums = { ...DEFAULT_MINIMUMS },
  } = options;
  const seedA = seed;
  const seedB = secondSeed(seed);
  const ca = stayColumns(a.results, a.info.threshold);
  const cb = stayColumns(b.results, b.info.threshold);
  const bootA: BootstrapOptions = { seed: seedA, resamples, level: LEVEL };
  const bootB: BootstrapOptions = { seed: seedB, resamples, level: LEVEL };
  const drawsA = jointBootstrap(ca.n, bootA, (i) => runFigureValues(ca, i, a.info.threshold, bins));
  const drawsB = jointBootstrap(cb.n, bootB, (i) => runFigureValues(cb, i, b.info.threshold, bins));
  const intervalsA = jointIntervals(drawsA, LEVEL);
  const intervalsB = jointIntervals(drawsB, LEVEL);
  // Each run's own figures, as its dashboard shows them: both at the comparison's seed (B's
  // seed of the difference's resamples is another), read from its statistics when given.
  const shownBoot: BootstrapOptions = { seed, resamples, level: LEVEL };
  const sourceOf = (side: ComparisonSide, c: StayColumns): RunFigureSource =>
    side.statistics && side.statistics.parameters.bins === bins
      ? side.statistics
      : runFigureSource(c, side.info.threshold, bins, shownBoot);
  const sourceA = sourceOf(a, ca);
  const sourceB = sourceOf(b, cb);
  const eventsA = eventsOf(ca);
  const eventsB = eventsOf(cb);
  const shownA = comparedEstimates(sourceA, eventsA.expected);
  const shownB = comparedEstimates(sourceB, eventsB.expected);
  const countsA = rateCounts(ca, a.info.threshold);
  const countsB = rateCounts(cb, b.info.threshold);
  const figures: RunFigureComparison[] = COMPARED_FIGURES.map((figure, f) => {
    const shown = { a: shownA[figure], b: shownB[figure] };
    const absent = absentData(figure, [
      { run: 'A', counts: countsA, info: a.info },
      { run: 'B', counts: countsB, info: b.info },
    ]);
    let compared: FigureDifference;
    if (figure === 'auroc')
      compared = exactDifference(shown, aurocContrast(scored(a, ca), scored(b, cb)), null, absent);
    else if (figure === 'observedExpected')
      compared = exactDifference(shown, observedExpectedContrast(eventsA, eventsB), null, absent);
    else if (isRateFigure(figure))
      compared = exactDifference(
        shown,
        rateContrast(countsA[figure], countsB[figure]),
        null,
        absent,
      );
    else {
      const bootstrapped = difference(
        sideOf(drawsA, intervalsA, f),
        sideOf(drawsB, intervalsB, f),
        null,
        shown,
      );
      compared =
        absent === null
          ? bootstrapped
          : {
              ...bootstrapped,
              pValue: null,
              notTested: null,
              absentData: absent,
              reading: 'absent-data',
            };
    }
    return { figure, label: COMPARED_FIGURE_LABELS[figure], ...compared };
  });
  const subgroups = subgroupComparisons(a, b, ca, cb, {
    resamples,
    bins,
    minGroupSize,
    minimums,
    seedA,
    seedB,
  });

  const { tested, flagged } = flagFamily([...figures, ...subgroups], fdrLevel);
  readFamily(figures, (d) => COMPARED_FIGURE_BETTER[d.figure]);
  readFamily(subgroups, (d) => COMPARED_GROUP_FIGURE_BETTER[d.figure]);
  const evidence =
    a.charted && b.charted
      ? evidenceComposition(
          { results: a.results, charted: a.charted, seed: seedA },
          { results: b.results, charted: b.charted, seed: seedB },
          { resamples, fdrLevel },
        )
      : null;
  return {
    a: a.info,
    b: b.info,
    differences: options.differences ?? [],
    notes: options.notes ?? [],
    advice: comparisonAdvice(a.info, b.info, figures),
    parameters: { seed, seedA, seedB, resamples, level: LEVEL, fdrLevel, bins, minGroupSize },
    figures,
    subgroups,
    calibration: { a: sourceA.calibration.full, b: sourceB.calibration.full },
    evidence,
    tested,
    flagged,
  };
}
