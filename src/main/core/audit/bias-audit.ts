/**
 * Bias audit of a run: per subgroup of each attribute (and of requested attribute pairs),
 * the model's performance and the search's faithfulness, each compared with a reference group
 * as a ratio. A disparity is flagged only when the ratio lies outside the band (0.8–1.25 by
 * default) AND survives a Benjamini–Hochberg correction across every comparison shown.
 * Groups under the minimum size are suppressed: nothing is computed or returned for them.
 */
import type { StayAuditResult } from './audit-types';
import { benjaminiHochberg } from './benjamini-hochberg';
import { chooseReference, type Candidate } from './bias-reference';
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
import { drawGroup, groupSeed, ratioTest } from './disparity';
import {
  FAITHFULNESS_METRICS,
  GROUP_FIGURES,
  PERFORMANCE_METRICS,
  type GroupMetric,
} from './group-metrics';
import { jsonNumber, replicateInterval, toFigure } from './reported-figure';
import { stayColumns, type StayColumns } from './stay-columns';
import {
  auditedAttributes,
  intersect,
  partitionBy,
  type AttributesByStay,
  type Partition,
} from './subgroups';

interface Settings {
  threshold: number;
  minGroupSize: number;
  seed: number;
  resamples: number;
  bins: number;
  band: readonly [number, number];
}

/** A disparity awaiting the correction that needs every p-value first. */
interface Pending {
  disparity: Disparity;
  pValue: number;
}

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
    const f = GROUP_FIGURES.indexOf(metric);
    const value = toFigure(
      replicateInterval(group.draws.estimates[f]!, group.draws.replicates[f]!),
    );
    const refName = reference.byMetric[metric];
    const ref = candidates.find((c) => c.name === refName);
    if (!ref || ref === group) {
      out[metric] = { value, isReference: ref === group, disparity: null };
      continue;
    }
    const test = ratioTest(group.draws, ref.draws, f);
    const ratio = test.ratio.estimate;
    const [low, high] = settings.band;
    const disparity: Disparity = {
      reference: ref.name,
      ratio: toFigure(test.ratio),
      pValue: jsonNumber(test.pValue),
      adjustedP: null,
      outsideBand: Number.isNaN(ratio) ? null : ratio < low || ratio > high,
      flagged: false,
    };
    pending.push({ disparity, pValue: test.pValue });
    out[metric] = { value, isReference: false, disparity };
  }
  return out;
}

function auditPartition(
  c: StayColumns,
  partition: Partition,
  rule: NonNullable<BiasAuditOptions['reference']>,
  settings: Settings,
  pending: Pending[],
): AttributeAudit {
  const { minGroupSize, seed, resamples, threshold, bins } = settings;
  const candidates: Candidate[] = partition.groups
    .filter((g) => g.members.length >= minGroupSize)
    .map((g) => ({
      name: g.name,
      n: g.members.length,
      unknown: g.unknown,
      draws: drawGroup(c, g.members, {
        threshold,
        bins,
        resamples,
        seed: groupSeed(seed, `${partition.attribute}\u0000${g.name}`),
      }),
    }));
  const reference = chooseReference(partition.attribute, candidates, rule);
  const groups = partition.groups.map((g): GroupReport => {
    const group = candidates.find((x) => x.name === g.name);
    if (!group) {
      return {
        group: g.name,
        suppressed: true,
        size: `<${minGroupSize}`,
        reason: `fewer than ${minGroupSize} stays: suppressed for privacy and because figures on so few stays are unstable; no metric was computed`,
      };
    }
    const prevalence = group.draws.estimates[0]!;
    const reported: ReportedGroup = {
      group: g.name,
      suppressed: false,
      n: group.n,
      positives: g.members.filter((i) => c.labels[i] === 1).length,
      prevalence: toFigure(replicateInterval(prevalence, group.draws.replicates[0]!)),
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
  return { attribute: partition.attribute, kind: partition.kind, reference, groups };
}

export function biasAudit(
  results: readonly StayAuditResult[],
  attributesByStay: AttributesByStay,
  options: BiasAuditOptions,
): BiasAudit {
  const { threshold, seed, reference = 'largest', minGroupSize = 11 } = options;
  const { resamples = 1000, fdr = 0.05, band = [0.8, 1.25], bins = 10 } = options;
  if (!Number.isInteger(minGroupSize) || minGroupSize < 1)
    throw new RangeError(`minGroupSize must be a positive integer, got ${minGroupSize}`);
  if (!(band[0] > 0 && band[0] <= 1 && band[1] >= 1))
    throw new RangeError(`band must bracket 1, got [${band.join(', ')}]`);
  const c = stayColumns(results, threshold);
  const settings: Settings = { threshold, minGroupSize, seed, resamples, bins, band };
  const partitions = auditedAttributes(results, attributesByStay, options.attributes).map((a) =>
    partitionBy(results, attributesByStay, a),
  );
  for (const [a, b] of options.intersections ?? []) {
    const pa = partitionBy(results, attributesByStay, a);
    partitions.push(intersect(pa, partitionBy(results, attributesByStay, b), c.n));
  }
  const pending: Pending[] = [];
  const attributes = partitions.map((p) => auditPartition(c, p, reference, settings, pending));

  const testable = pending.filter((x) => !Number.isNaN(x.pValue));
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
      seed,
      resamples,
      level: 0.95,
      fdr,
      band: [band[0], band[1]],
      bins,
    },
    attributes,
    comparisons: {
      tested: bh.tested,
      untestable: pending.length - testable.length,
      outsideBand: pending.filter((x) => x.disparity.outsideBand === true).length,
      flagged: pending.filter((x) => x.disparity.flagged).length,
      smallestAttainableP: 2 / (resamples + 1),
    },
    suppressed,
    notes: biasNotes(resamples, bh.tested, fdr, minGroupSize),
  };
}

function biasNotes(resamples: number, tested: number, fdr: number, minGroupSize: number): string[] {
  const floor = 2 / (resamples + 1);
  return [
    'Prevalence is reported for each group but never compared: a different base rate describes the population, not the model.',
    `Groups with fewer than ${minGroupSize} stays are suppressed: no figure is computed for them, their size is given only as "<${minGroupSize}", and they are never a reference.`,
    `With ${resamples} resamples no p-value is below ${floor.toPrecision(2)}; across ${tested} tested comparisons a disparity can be flagged only if at least ${Math.max(1, Math.ceil((floor * tested) / fdr))} comparisons reach that floor, so an unflagged ratio outside the band is "not shown to differ", not "shown equal".`,
  ];
}
