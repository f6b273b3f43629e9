/**
 * Bias audit of a run: per subgroup of each attribute (and of requested attribute pairs),
 * the model's performance and the search's faithfulness, each compared with a reference group
 * as a ratio. A disparity is flagged only when the ratio lies outside the band (0.8–1.25 by
 * default) AND survives a Benjamini–Hochberg correction across every comparison tested.
 * Groups under the minimum size are suppressed: nothing is computed or returned for them.
 * A figure whose own denominator is under its minimum (10 outcome events, 10 stays without
 * the outcome, 10 positive predictions by default; statistics/bias-estimability.ts), or whose bootstrap
 * is degenerate, is "not estimable": it is not shown, and no comparison uses it.
 */
import type { StayAuditResult } from './audit-types';
import {
  bootstrapShortfall,
  checkMinimum,
  countShortfall,
  DEFAULT_MINIMUMS,
  notEstimable,
  type Minimums,
  type Shortfall,
} from '../statistics/bias-estimability';
import { chooseReference, type AssessedFigure, type Candidate } from './bias-reference';
import type {
  AttributeAudit,
  BiasAudit,
  BiasAuditOptions,
  Disparity,
  GroupReport,
  MetricReport,
  ReferenceChoice,
  ReportedGroup,
} from './bias-types';
import { drawGroup, groupSeed, type GroupDraws } from '../statistics/disparity';
import {
  FAITHFULNESS_METRICS,
  GROUP_FIGURES,
  GROUP_METRICS,
  PERFORMANCE_METRICS,
  PROPORTIONS,
  groupCounts,
  type GroupCounts,
  type GroupMetric,
} from '../statistics/group-metrics';
import {
  benjaminiHochberg,
  jeffreysDraws,
  jsonNumber,
  proportionEstimate,
  ratioTest,
  replicateInterval,
  toEstimate,
} from '../statistics';
import { stayColumns, type StayColumns } from './stay-columns';
import {
  auditedAttributes,
  isModelInput,
  intersect,
  partitionBy,
  type AttributesByStay,
  type Partition,
} from './subgroups';

const LEVEL = 0.95;

interface Settings {
  threshold: number;
  minGroupSize: number;
  minimums: Minimums;
  seed: number;
  resamples: number;
  bins: number;
  band: readonly [number, number];
}

/** A comparison awaiting the correction that needs every p-value first. */
interface Pending {
  disparity: Disparity;
  /** NaN when not tested (ratio undefined); null when not made (a side not estimable). */
  pValue: number | null;
}

/** Every compared figure of one reported group, judged for estimability. */
function assessFigures(
  counts: GroupCounts,
  draws: GroupDraws,
  key: string,
  settings: Settings,
): Record<GroupMetric, AssessedFigure> {
  const out = {} as Record<GroupMetric, AssessedFigure>;
  for (const metric of GROUP_METRICS) {
    const f = GROUP_FIGURES.indexOf(metric);
    const estimate = draws.estimates[f]!;
    const short = countShortfall(metric, counts, settings.minimums);
    const proportion = PROPORTIONS[metric];
    if (proportion) {
      // m >= 1 here: every proportion needs a count of at least 1, or is over all n stays.
      const [k, m] = proportion(counts);
      const estimable = short === null;
      out[metric] = {
        estimate,
        value: estimable ? proportionEstimate(k, m, LEVEL) : null,
        shortfalls: short ? [short] : [],
        interval: 'clopper-pearson',
        method: 'jeffreys',
        draws: estimable
          ? jeffreysDraws(
              k,
              m,
              settings.resamples,
              groupSeed(settings.seed, `${key}\u0000${metric}`),
            )
          : new Float64Array(0),
      };
      continue;
    }
    const replicates = draws.replicates[f]!;
    const ci = replicateInterval(estimate, replicates, LEVEL);
    const shortfalls = [short ?? bootstrapShortfall(ci, LEVEL)].filter(
      (x): x is Shortfall => x !== null,
    );
    out[metric] = {
      estimate,
      value: shortfalls.length === 0 ? toEstimate(ci) : null,
      shortfalls,
      interval: 'bootstrap',
      method: 'bootstrap',
      draws: replicates,
    };
  }
  return out;
}

const THIS_GROUP = 'this group';
const referenceSubject = (name: string) => `the reference group ${name}`;

function metricReports<M extends GroupMetric>(
  metrics: readonly M[],
  group: Candidate,
  reference: ReferenceChoice,
  candidates: readonly Candidate[],
  settings: Settings,
  pending: Pending[],
): Record<M, MetricReport> {
  const out = {} as Record<M, MetricReport>;
  for (const metric of metrics) {
    const mine = group.figures[metric];
    const own = mine.shortfalls.map((s) => ({ detail: s.detail(THIS_GROUP), brief: s.brief }));
    const report = {
      value: mine.value,
      notEstimable: own.length > 0 ? notEstimable(own) : null,
      interval: mine.interval,
    };
    const refName = reference.byMetric[metric];
    const ref = candidates.find((c) => c.name === refName);
    if (!ref || ref === group) {
      out[metric] = { ...report, isReference: ref === group, disparity: null };
      continue;
    }
    const theirs = ref.figures[metric].shortfalls.map((s) => ({
      detail: s.detail(referenceSubject(ref.name)),
      brief: `ref. ${s.brief}`,
    }));
    if (own.length > 0 || theirs.length > 0) {
      // Not a test: outside the Benjamini–Hochberg m, never flagged.
      const disparity: Disparity = {
        reference: ref.name,
        ratio: null,
        method: mine.method,
        pValue: null,
        adjustedP: null,
        outsideBand: null,
        flagged: false,
        notEstimable: notEstimable([...own, ...theirs]),
      };
      pending.push({ disparity, pValue: null });
      out[metric] = { ...report, isReference: false, disparity };
      continue;
    }
    const test = ratioTest(
      { estimate: mine.estimate, draws: mine.draws },
      { estimate: ref.figures[metric].estimate, draws: ref.figures[metric].draws },
      LEVEL,
    );
    const ratio = test.ratio.estimate;
    const [low, high] = settings.band;
    const disparity: Disparity = {
      reference: ref.name,
      ratio: toEstimate(test.ratio),
      method: mine.method,
      pValue: jsonNumber(test.pValue),
      adjustedP: null,
      outsideBand: Number.isNaN(ratio) ? null : ratio < low || ratio > high,
      flagged: false,
      notEstimable: null,
    };
    pending.push({ disparity, pValue: test.pValue });
    out[metric] = { ...report, isReference: false, disparity };
  }
  return out;
}

function auditPartition(
  c: StayColumns,
  partition: Partition,
  alsoModelInput: boolean,
  rule: NonNullable<BiasAuditOptions['reference']>,
  settings: Settings,
  pending: Pending[],
): AttributeAudit {
  const { minGroupSize, seed, resamples, threshold, bins } = settings;
  const prepared = partition.groups
    .filter((g) => g.members.length >= minGroupSize)
    .map((g) => {
      const key = `${partition.attribute}\u0000${g.name}`;
      const draws = drawGroup(c, g.members, {
        threshold,
        bins,
        resamples,
        seed: groupSeed(seed, key),
      });
      const counts = groupCounts(c, g.members, threshold);
      const candidate: Candidate = {
        name: g.name,
        n: g.members.length,
        unknown: g.unknown,
        events: counts.events,
        negatives: counts.negatives,
        figures: assessFigures(counts, draws, key, settings),
      };
      return { candidate, counts };
    });
  const candidates = prepared.map((p) => p.candidate);
  const reference = chooseReference(partition.attribute, candidates, rule, settings.minimums);
  const groups = partition.groups.map((g): GroupReport => {
    const found = prepared.find((x) => x.candidate.name === g.name);
    if (!found) {
      return {
        group: g.name,
        suppressed: true,
        size: `<${minGroupSize}`,
        reason: `fewer than ${minGroupSize} stays: suppressed for privacy and because figures on so few stays are unstable; no metric was computed`,
      };
    }
    const { candidate: group, counts } = found;
    const reported: ReportedGroup = {
      group: g.name,
      suppressed: false,
      n: group.n,
      positives: counts.events,
      predictedPositives: counts.predictedPositives,
      prevalence: proportionEstimate(counts.events, counts.n),
      performance: metricReports(
        PERFORMANCE_METRICS,
        group,
        reference,
        candidates,
        settings,
        pending,
      ),
      faithfulness: metricReports(
        FAITHFULNESS_METRICS,
        group,
        reference,
        candidates,
        settings,
        pending,
      ),
    };
    return reported;
  });
  return {
    attribute: partition.attribute,
    kind: partition.kind,
    alsoModelInput,
    reference,
    groups,
  };
}

export function biasAudit(
  results: readonly StayAuditResult[],
  attributesByStay: AttributesByStay,
  options: BiasAuditOptions,
): BiasAudit {
  const { threshold, seed, reference = 'largest', minGroupSize = 11 } = options;
  const { resamples = 1000, fdr = 0.05, band = [0.8, 1.25], bins = 10 } = options;
  const minimums: Minimums = {
    events: options.minEvents ?? DEFAULT_MINIMUMS.events,
    negatives: options.minNegatives ?? DEFAULT_MINIMUMS.negatives,
    predictedPositives: options.minPredictedPositives ?? DEFAULT_MINIMUMS.predictedPositives,
  };
  checkMinimum('minGroupSize', minGroupSize);
  checkMinimum('minEvents', minimums.events);
  checkMinimum('minNegatives', minimums.negatives);
  checkMinimum('minPredictedPositives', minimums.predictedPositives);
  if (!(band[0] > 0 && band[0] <= 1 && band[1] >= 1))
    throw new RangeError(`band must bracket 1, got [${band.join(', ')}]`);
  const c = stayColumns(results, threshold);
  const settings: Settings = { threshold, minGroupSize, minimums, seed, resamples, bins, band };
  const audited = auditedAttributes(results, attributesByStay, options.attributes);
  const partitions = audited.map((a) => partitionBy(results, attributesByStay, a));
  // The attributes each partition is made of, to match against the model's inputs.
  const parts: string[][] = audited.map((a) => [a]);
  for (const [a, b] of options.intersections ?? []) {
    const pa = partitionBy(results, attributesByStay, a);
    partitions.push(intersect(pa, partitionBy(results, attributesByStay, b), c.n));
    parts.push([a, b]);
  }
  const inputs = new Set(options.modelInputs ?? []);
  const pending: Pending[] = [];
  const attributes = partitions.map((p, i) =>
    auditPartition(
      c,
      p,
      parts[i]!.some((name) => isModelInput(name, inputs)),
      reference,
      settings,
      pending,
    ),
  );

  // Only comparisons actually tested count: not estimable ones (pValue null) and undefined
  // ratios (NaN) are not tests, so they do not dilute the correction.
  const compared = pending.filter((x) => x.pValue !== null);
  const testable = compared.filter(
    (x): x is Pending & { pValue: number } => !Number.isNaN(x.pValue),
  );
  const bh = benjaminiHochberg(
    testable.map((x) => x.pValue),
    fdr,
  );
  testable.forEach((x, i) => {
    x.disparity.adjustedP = bh.adjusted[i]!;
    x.disparity.flagged = x.disparity.outsideBand === true && bh.rejected[i]!;
  });
  const suppressed = attributes.flatMap((a) =>
    a.groups.flatMap((g) =>
      g.suppressed
        ? [{ attribute: a.attribute, group: g.group, size: g.size, reason: g.reason }]
        : [],
    ),
  );
  return {
    stays: c.n,
    parameters: {
      threshold,
      reference,
      minGroupSize,
      minEvents: minimums.events,
      minNegatives: minimums.negatives,
      minPredictedPositives: minimums.predictedPositives,
      seed,
      resamples,
      level: LEVEL,
      fdr,
      band: [band[0], band[1]],
      bins,
    },
    attributes,
    comparisons: {
      tested: bh.tested,
      untestable: compared.length - testable.length,
      notEstimable: pending.length - compared.length,
      outsideBand: pending.filter((x) => x.disparity.outsideBand === true).length,
      flagged: pending.filter((x) => x.disparity.flagged).length,
      smallestAttainableP: 2 / (resamples + 1),
    },
    suppressed,
    notes: biasNotes(resamples, bh.tested, fdr, minGroupSize, minimums, attributes),
  };
}

function biasNotes(
  resamples: number,
  tested: number,
  fdr: number,
  minGroupSize: number,
  minimums: Minimums,
  attributes: readonly AttributeAudit[],
): string[] {
  const floor = 2 / (resamples + 1);
  let shown = 0;
  let hidden = 0;
  for (const a of attributes)
    for (const g of a.groups)
      if (!g.suppressed)
        for (const r of Object.values({ ...g.performance, ...g.faithfulness }))
          if (r.value === null) hidden++;
          else shown++;
  const inputs = attributes.filter((a) => a.kind === 'attribute' && a.alsoModelInput);
  return [
    ...(inputs.length > 0
      ? [
          `${inputs.map((a) => a.attribute).join(', ')} ${inputs.length === 1 ? 'is also a static input' : 'are also static inputs'} of the cohort, read by the model: a disparity across ${inputs.length === 1 ? 'its' : 'their'} groups may come from the model using the value itself, not only from what correlates with it.`,
        ]
      : []),
    'Prevalence is reported for each group but never compared: a different base rate describes the population, not the model.',
    `Groups with fewer than ${minGroupSize} stays are suppressed: no figure is computed for them, their size is given only as "<${minGroupSize}", and they are never a reference.`,
    `A figure is shown only when its own denominator is large enough: at least ${minimums.events} outcome events for the AUROC, ECE, observed/expected and FNR; ${minimums.negatives} stays without the outcome for the FPR and the AUROC; ${minimums.predictedPositives} positive predictions for the PPV and the abstention rate. A bootstrapped figure is also not estimable when its 95% interval has zero width or more than ${(((1 - LEVEL) / 2) * 100).toFixed(1)}% of its resamples are degenerate (a class absent). ${hidden} of ${shown + hidden} figures of reported groups are not estimable; no comparison uses them, and they are not counted as tests.`,
    'Proportions carry an exact Clopper–Pearson interval, and ratios of proportions are drawn from each side’s Jeffreys posterior, so neither collapses to a point at 0 of m.',
    `With ${resamples} resamples no p-value is below ${floor.toPrecision(2)}; across ${tested} tested comparisons a disparity can be flagged only if at least ${Math.max(1, Math.ceil((floor * tested) / fdr))} comparisons reach that floor, so an unflagged ratio outside the band is "not shown to differ", not "shown equal".`,
  ];
}
