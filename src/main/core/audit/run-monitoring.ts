/**
 * A run's stays watched over time and across units (issue 27): grouped by the period of their
 * start (or an attribute naming one, as MIMIC-IV's anchor_year_group, whose dates are shifted
 * per patient) and by the attribute naming their unit, each group with the figures a QI team
 * reads, then the charts registries use (p-chart, VLAD with a risk-adjusted CUSUM, funnel
 * plot), the operating points a team could choose and the risks' own forecast checked against
 * what happened, and whether the model's inputs drifted since the reference. Groups below the
 * bias audit's minimum size are suppressed, and figures below its minimum counts withheld, the
 * same way. The math is in the statistics layer; this file reads the run and groups its stays.
 */
import { NOT_SHOWN, type Estimate } from '../../../shared/estimate';
import {
  DEFAULT_MINIMUMS,
  ESTIMABILITY_RULES,
  type EstimabilityCount,
} from '../../../shared/bias-audit';
import type {
  AwaitingForecast,
  AwaitingOutcomes,
  CalendarPeriod,
  ForecastCheck,
  MonitoringGroup,
  MonitoringReport,
  PeriodRule,
  WithheldFigures,
} from '../../../shared/monitoring';
import { isError } from '../abstention/margin';
import { evidenceComposition } from './monitoring-evidence-composition';
import { inputDrift } from './monitoring-input-drift';
import { leadTimeReport } from './monitoring-lead-time';
import { calibrationSlopeIntercept, recalibratedRisk } from '../statistics/calibration-slope';
import { pChart, riskAdjustedCusum, vlad } from '../statistics/control-charts';
import { aurocEstimate } from '../statistics/delong';
import { proportionEstimate } from '../statistics/exact-intervals';
import { funnelPlot } from '../statistics/funnel-plot';
import { observedExpectedEstimate } from '../statistics/observed-expected';
import { operatingPoints } from '../statistics/operating-points';
import {
  expectedEventsInterval,
  expectedPerformance,
  forecastMissesChance,
} from '../statistics/unlabelled-performance';
import {
  missingMasksOfPlannedStays,
  NotFoundError,
  onsetsOfPlannedStays,
  placesOfAwaitingStays,
  startTimesOfPlannedStays,
  type Store,
} from '../store';
import type { RunSummary, StayAuditResult } from './audit-types';
import { InputError } from '../errors/input-error';
import { seriesRuns } from './monitoring-series';
import { runReviewQueue } from './run-abstention';
import { runStayAttributes } from './run-attributes';
import type { AttributesByStay } from './subgroups';
import { RunStore } from './run-store';

export interface MonitoringOptions {
  period: PeriodRule;
  unit: string | null;
  minGroupSize: number;
  seed: number;
  /** Leading periods shown that set the risks' baseline for the charts over time (0: none). */
  referencePeriods: number;
  /** Earlier runs of the same bundle over successive cohorts, oldest first (monitoring-series.ts). */
  seriesRunIds?: readonly number[];
  level?: number;
}

/**
 * Refuses, before any computing, a period or unit attribute the run's stays do not carry,
 * naming the ones they do (the API calls it on its own thread, so the refusal keeps its kind).
 */
export function checkMonitoringAttributes(
  attributes: AttributesByStay,
  runId: number,
  options: Pick<MonitoringOptions, 'period' | 'unit' | 'seriesRunIds'>,
): void {
  const known = new Set([...attributes.values()].flatMap((a) => Object.keys(a)));
  for (const name of [
    'attribute' in options.period ? options.period.attribute : null,
    options.unit,
  ]) {
    if (name !== null && !known.has(name))
      throw new NotFoundError(
        `The stays of audit run ${runId} have no attribute "${name}". Their attributes: ${[...known].sort().join(', ') || 'none'}.`,
      );
  }
  if ('cohort' in options.period && (options.seriesRunIds ?? []).length === 0)
    throw new InputError(
      'period',
      null,
      null,
      `grouping by cohort needs a series: name the earlier runs of the same bundle to watch with run ${runId}.`,
    );
}

/**
 * The risks of the charted stays on the reference periods' baseline (Phase I of statistical
 * process control): the intercept that makes the reference's expected outcomes equal its
 * observed ones, added to every risk's logit, so the charts ask "has anything changed since
 * the reference?" rather than "were the model's risks right at this site?". Null without a
 * reference, or when the reference has one outcome class only (no baseline to fit).
 */
function referenceBaseline(
  charted: readonly PlacedStay[],
  referenceLabels: ReadonlySet<string>,
): { shift: number; stays: number; events: number; expectedEvents: number } | null {
  const reference = charted.filter((s) => referenceLabels.has(s.period!));
  if (reference.length === 0) return null;
  const fit = calibrationSlopeIntercept(
    reference.map((s) => s.result.pFull),
    reference.map((s) => s.result.label),
  );
  if (fit === null || fit.intercept === null) return null;
  return {
    shift: fit.intercept,
    stays: reference.length,
    events: reference.filter((s) => s.result.label === 1).length,
    expectedEvents: reference.reduce((sum, s) => sum + s.result.pFull, 0),
  };
}

/** A stay as the monitoring reads it: its result, when it began, its period and unit. */
interface PlacedStay {
  result: StayAuditResult;
  t0: string;
  /** Position of the stay's run in the series (0 without one): charts go run by run. */
  seriesIndex: number;
  /** Hour from the window's start at which the outcome began (hourly labels only), else null. */
  onset: number | null;
  period: string | null;
  unit: string | null;
  queued: boolean;
  /** Hours × variables, 1 where nothing was charted: what its evidence windows hold. */
  missing: Uint8Array;
}

/** "2181-04", "2181 Q2" or "2181" from an ISO 8601 start; null when it does not parse. */
export function calendarPeriod(t0: string, calendar: CalendarPeriod): string | null {
  const match = /^(\d{4})-(\d{2})/.exec(t0);
  if (!match) return null;
  const [, year, month] = match as unknown as [string, string, string];
  if (calendar === 'year') return year;
  if (calendar === 'month') return `${year}-${month}`;
  return `${year} Q${Math.floor((Number(month) - 1) / 3) + 1}`;
}

const COUNT_WORDS: Record<EstimabilityCount, string> = {
  events: 'events',
  negatives: 'non-events',
  predictedPositives: 'alerts',
};

/** Which of a group's figures fall below the bias audit's minimum counts, and why. */
function withheldFigures(counts: Record<EstimabilityCount, number>): WithheldFigures {
  const shortfall = (rules: readonly EstimabilityCount[]): string | undefined => {
    const short = rules.filter((rule) => counts[rule] < DEFAULT_MINIMUMS[rule]);
    return short.length === 0
      ? undefined
      : short
          .map((rule) => `${counts[rule]} ${COUNT_WORDS[rule]} (min ${DEFAULT_MINIMUMS[rule]})`)
          .join(', ');
  };
  const withheld: WithheldFigures = {
    sensitivity: shortfall(ESTIMABILITY_RULES.fnr),
    ppv: shortfall(ESTIMABILITY_RULES.ppv),
    auroc: shortfall(ESTIMABILITY_RULES.auroc),
    observedExpected: shortfall(ESTIMABILITY_RULES.observedExpected),
    calibration: shortfall(ESTIMABILITY_RULES.observedExpected),
  };
  return Object.fromEntries(
    Object.entries(withheld).filter(([, reason]) => reason !== undefined),
  ) as WithheldFigures;
}

function groupFigures(
  label: string,
  stays: readonly PlacedStay[],
  minGroupSize: number,
  level: number,
): MonitoringGroup {
  const results = stays.map((s) => s.result);
  const events = results.filter((r) => r.label === 1).length;
  const alerts = results.filter((r) => r.yFull === 1).length;
  const caught = results.filter((r) => r.yFull === 1 && r.label === 1).length;
  const expectedEvents = results.reduce((sum, r) => sum + r.pFull, 0);
  const queued = stays.filter((s) => s.queued);
  const base = {
    label,
    stays: stays.length,
    events,
    expectedEvents,
    alerts,
  };
  if (stays.length < minGroupSize) {
    return {
      ...base,
      suppressed: true,
      alertRate: NOT_SHOWN,
      sensitivity: NOT_SHOWN,
      ppv: NOT_SHOWN,
      auroc: NOT_SHOWN,
      observedExpected: NOT_SHOWN,
      calibrationSlope: null,
      calibrationIntercept: null,
      exhaustionRate: NOT_SHOWN,
      queued: queued.length,
      queueYield: NOT_SHOWN,
      withheld: {},
    };
  }
  const withheld = withheldFigures({
    events,
    negatives: stays.length - events,
    predictedPositives: alerts,
  });
  const shown = (figure: keyof WithheldFigures, estimate: () => Estimate): Estimate =>
    withheld[figure] === undefined ? estimate() : NOT_SHOWN;
  const fit =
    withheld.calibration === undefined
      ? calibrationSlopeIntercept(
          results.map((r) => r.pFull),
          results.map((r) => r.label),
        )
      : null;
  return {
    ...base,
    suppressed: false,
    alertRate: proportionEstimate(alerts, stays.length, level),
    sensitivity: shown('sensitivity', () => proportionEstimate(caught, events, level)),
    ppv: shown('ppv', () => proportionEstimate(caught, alerts, level)),
    auroc: shown('auroc', () =>
      aurocEstimate(
        results.map((r) => r.pFull),
        results.map((r) => r.label),
        level,
      ),
    ),
    observedExpected: shown('observedExpected', () =>
      observedExpectedEstimate(events, expectedEvents, level),
    ),
    calibrationSlope: fit?.slope ?? null,
    calibrationIntercept: fit?.intercept ?? null,
    exhaustionRate: proportionEstimate(
      results.filter((r) => r.status === 'exhausted').length,
      stays.length,
      level,
    ),
    queued: queued.length,
    queueYield: proportionEstimate(
      queued.filter((s) => isError(s.result)).length,
      queued.length,
      level,
    ),
    withheld,
  };
}

/** Stays by group label, labels in `order`. */
function groupBy(
  stays: readonly PlacedStay[],
  key: (s: PlacedStay) => string | null,
  order: LabelOrder,
): [string, PlacedStay[]][] {
  const groups = new Map<string, PlacedStay[]>();
  for (const stay of stays) {
    const label = key(stay);
    if (label === null) continue;
    const group = groups.get(label) ?? [];
    group.push(stay);
    groups.set(label, group);
  }
  return [...groups.entries()].sort(([a], [b]) => order(a, b));
}

function forecastCheck(
  label: string,
  stays: readonly PlacedStay[],
  threshold: number,
  level: number,
): ForecastCheck {
  const results = stays.map((s) => s.result);
  const risks = results.map((r) => r.pFull);
  const forecast = expectedPerformance(risks, threshold);
  const [lower, upper] = expectedEventsInterval(risks, level);
  const observedEvents = results.filter((r) => r.label === 1).length;
  const alerts = results.filter((r) => r.yFull === 1).length;
  const caught = results.filter((r) => r.yFull === 1 && r.label === 1).length;
  return {
    label,
    expectedEvents: forecast.expectedEvents,
    lower,
    upper,
    observedEvents,
    forecast,
    realisedSensitivity: observedEvents === 0 ? null : caught / observedEvents,
    realisedPpv: alerts === 0 ? null : caught / alerts,
    within: observedEvents >= lower && observedEvents <= upper,
  };
}

/**
 * A stay's period: of its start, the attribute naming one, or its run's cohort in a series;
 * null when it has none.
 */
function periodOf(
  t0: string,
  attributes: Record<string, string>,
  period: PeriodRule,
  cohortName: string,
): string | null {
  if ('cohort' in period) return cohortName;
  return 'calendar' in period
    ? calendarPeriod(t0, period.calendar)
    : (attributes[period.attribute] ?? null);
}

/** How labels are ordered: by their words and numbers, or by a given rank. */
type LabelOrder = (a: string, b: string) => number;

/**
 * Labels by their words, numbers by value: calendar labels sort in time, and "Q2" comes
 * before "Q10", "ICU 9" before "ICU 10".
 */
const asWritten: LabelOrder = new Intl.Collator('en', { numeric: true }).compare;

/** The series' cohorts in the series' order, which is time's; other labels as written. */
function periodOrder(period: PeriodRule, cohortNames: readonly string[]): LabelOrder {
  if (!('cohort' in period)) return asWritten;
  const rank = new Map(cohortNames.map((name, i) => [name, i]));
  return (a, b) => rank.get(a)! - rank.get(b)!;
}

/** Whether the labelled periods' forecasts missed more often than calibrated risks allow. */
function forecastAssumption(
  checks: readonly ForecastCheck[],
  level: number,
): AwaitingOutcomes['checked'] {
  const within = checks.filter((c) => c.within).length;
  const missesChance = forecastMissesChance(checks.length - within, checks.length, level);
  return { periods: checks.length, within, missesChance, held: missesChance >= 0.05 };
}

/** A scored stay awaiting its outcome, placed in its period (null: it has none). */
interface AwaitingStay {
  stayId: number;
  pFull: number;
  period: string | null;
}

/** A stay awaiting its outcome, with its run's place in the series. */
interface SeriesAwaitingStay extends AwaitingStay {
  seriesIndex: number;
}

function awaitingStays(store: Store, run: RunSummary, period: PeriodRule): AwaitingStay[] {
  const scored = new RunStore(store).awaitingRisks(run.id);
  if (scored.length === 0) return [];
  const places = placesOfAwaitingStays(store, run.id);
  return scored.map((stay) => {
    const place = places.get(stay.stayId)!;
    return {
      stayId: stay.stayId,
      pFull: stay.pFull,
      period: periodOf(place.t0, place.attributes, period, run.provenance.cohortName),
    };
  });
}

/**
 * The stays whose outcomes are not in yet, forecast period by period from their risks; null
 * when the run has none. `checks` are the labelled periods' forecasts beside what happened:
 * the forecast's assumption, tested where it can be.
 */
function awaitingOutcomes(
  stays: readonly AwaitingStay[],
  options: { threshold: number; minGroupSize: number; level: number; order: LabelOrder },
  checks: readonly ForecastCheck[],
): AwaitingOutcomes | null {
  if (stays.length === 0) return null;
  const groups = new Map<string, number[]>();
  for (const stay of stays) {
    if (stay.period === null) continue;
    const risks = groups.get(stay.period) ?? [];
    risks.push(stay.pFull);
    groups.set(stay.period, risks);
  }
  const periods = [...groups.entries()]
    .sort(([a], [b]) => options.order(a, b))
    .map(([label, risks]): AwaitingForecast => {
      const forecast = expectedPerformance(risks, options.threshold);
      const [lower, upper] = expectedEventsInterval(risks, options.level);
      const expected = forecast.expectedEvents;
      return {
        label,
        stays: risks.length,
        alerts: risks.filter((p) => p >= options.threshold).length,
        suppressed: risks.length < options.minGroupSize,
        forecast,
        lower,
        upper,
        observedExpectedRange:
          expected > 0 ? { lower: lower / expected, upper: upper / expected } : null,
      };
    });
  return {
    stays: stays.length,
    periods,
    unplaced: stays.filter((s) => s.period === null).length,
    checked: forecastAssumption(checks, options.level),
  };
}

/** What `runs.monitoring` answers for a run with results. */
export function runMonitoring(
  store: Store,
  runId: number,
  options: MonitoringOptions,
): MonitoringReport {
  const level = options.level ?? 0.95;
  const series = seriesRuns(store, runId, options.seriesRunIds ?? []);
  const run = series.at(-1)!;
  const threshold = run.spec.params.threshold;
  // The series' cohorts share their inputs (monitoring-series.ts): one schema serves them all.
  const cohort = store.getCohort(run.spec.cohortId);
  const period = options.period;
  const runs = new RunStore(store);
  const stays: PlacedStay[] = [];
  const awaiting: SeriesAwaitingStay[] = [];
  let queueSize = 0;
  const attributesByRun = series.map((r) => runStayAttributes(store, r.id));
  checkMonitoringAttributes(
    new Map(attributesByRun.flatMap((byStay) => [...byStay])),
    runId,
    options,
  );
  series.forEach((member, seriesIndex) => {
    const attributes = attributesByRun[seriesIndex]!;
    const starts = startTimesOfPlannedStays(store, member.id);
    const queue = runReviewQueue(store, member.id);
    queueSize += queue.queueSize;
    const flagged = new Set(queue.entries.filter((e) => e.flagged).map((e) => e.stayId));
    const cohortName = member.provenance.cohortName;
    const onsets = onsetsOfPlannedStays(store, member.id, member.spec.task);
    const masks = missingMasksOfPlannedStays(store, member.id);
    for (const result of runs.results(member.id)) {
      const t0 = starts.get(result.stayId) ?? '';
      const own = attributes.get(result.stayId) ?? {};
      stays.push({
        result,
        t0,
        seriesIndex,
        onset: onsets.get(result.stayId) ?? null,
        period: periodOf(t0, own, period, cohortName),
        unit: options.unit === null ? null : (own[options.unit] ?? null),
        queued: flagged.has(result.stayId),
        missing: masks.get(result.stayId)!,
      });
    }
    for (const stay of awaitingStays(store, member, period))
      awaiting.push({ ...stay, seriesIndex });
  });
  const comparePeriods = periodOrder(
    period,
    series.map((r) => r.provenance.cohortName),
  );

  const periodGroups = groupBy(stays, (s) => s.period, comparePeriods);
  const periods = periodGroups.map(([label, members]) =>
    groupFigures(label, members, options.minGroupSize, level),
  );
  const unitGroups = options.unit === null ? null : groupBy(stays, (s) => s.unit, asWritten);
  const units =
    unitGroups?.map(([label, members]) =>
      groupFigures(label, members, options.minGroupSize, level),
    ) ?? null;

  // The charts run over the periods shown, stays in order of period, then start, then id.
  const order = new Map(periodGroups.map(([label], index) => [label, index]));
  const charted = stays
    .filter((s) => s.period !== null && !periods[order.get(s.period)!]!.suppressed)
    .sort(
      (a, b) =>
        order.get(a.period!)! - order.get(b.period!)! ||
        a.seriesIndex - b.seriesIndex ||
        (a.t0 < b.t0 ? -1 : a.t0 > b.t0 ? 1 : 0) ||
        a.result.stayId - b.result.stayId,
    );
  const shownPeriods = periods.filter((g) => !g.suppressed);
  const referenceLabels = new Set(
    shownPeriods.slice(0, options.referencePeriods).map((g) => g.label),
  );
  const baseline = referenceBaseline(charted, referenceLabels);
  // With a baseline, the VLAD and CUSUM watch the periods after it, on its risks.
  const watched =
    baseline === null ? charted : charted.filter((s) => !referenceLabels.has(s.period!));
  const risks = watched.map((s) =>
    baseline === null ? s.result.pFull : recalibratedRisk(s.result.pFull, baseline.shift),
  );
  const outcomes = watched.map((s) => s.result.label);
  // Drift compares the latest period with the reference, or with the first period shown.
  const referenceKind = options.referencePeriods > 0 ? 'reference-periods' : 'first-period';
  const driftReference =
    options.referencePeriods > 0
      ? referenceLabels
      : new Set(shownPeriods.slice(0, 1).map((g) => g.label));
  const forecastChecks = periodGroups
    .filter(([label]) => !periods[order.get(label)!]!.suppressed)
    .map(([label, members]) => forecastCheck(label, members, threshold, level));
  const awaitingReport = awaitingOutcomes(
    awaiting,
    { threshold, minGroupSize: options.minGroupSize, level, order: comparePeriods },
    forecastChecks,
  );
  // Stays awaiting an outcome have inputs though no outcome: the latest period may be theirs.
  const latestPeriod = [
    ...shownPeriods.map((g) => g.label),
    ...(awaitingReport?.periods.filter((p) => !p.suppressed).map((p) => p.label) ?? []),
  ]
    .sort(comparePeriods)
    .at(-1);
  const drift =
    latestPeriod === undefined || driftReference.has(latestPeriod)
      ? null
      : inputDrift(
          store,
          cohort,
          {
            referenceKind,
            referencePeriods: [...driftReference],
            latestPeriod,
            reference: charted.filter((s) => driftReference.has(s.period!)).map((s) => s.result),
            latest: [
              ...charted.filter((s) => s.period === latestPeriod).map((s) => s.result),
              ...awaiting
                .filter((s) => s.period === latestPeriod)
                .map((s) => ({ stayId: s.stayId, evidence: null })),
            ],
          },
          options.minGroupSize,
          level,
        );

  // What the evidence leans on needs a search: the periods shown, never the awaiting ones.
  const latestShown = shownPeriods.at(-1)?.label;
  const composition =
    latestShown === undefined
      ? null
      : evidenceComposition(
          charted.map((s) => ({
            period: s.period!,
            evidence: s.result.evidence,
            missing: s.missing,
          })),
          cohort.featureSchema,
          {
            periods: shownPeriods.map((g) => g.label),
            reference: driftReference.has(latestShown) ? [] : [...driftReference],
            referenceKind,
            notes:
              charted.some((s) => s.result.noteUnits > 0) ||
              store.noteChunkCount(charted.map((s) => s.result.stayId)) > 0,
          },
          level,
        );

  return {
    runId,
    series: series.map((member, i) => ({
      runId: member.id,
      cohortName: member.provenance.cohortName,
      stays: stays.filter((st) => st.seriesIndex === i).length,
      awaiting: awaiting.filter((st) => st.seriesIndex === i).length,
    })),
    task: run.spec.task,
    threshold,
    period,
    unit: options.unit,
    minGroupSize: options.minGroupSize,
    periods,
    units,
    unplaced: {
      period: stays.filter((s) => s.period === null).length,
      unit: options.unit === null ? 0 : stays.filter((s) => s.unit === null).length,
    },
    alertChart: pChart(
      'alerts per stay',
      shownPeriods.map((g) => ({
        label: g.label,
        count: g.alerts,
        n: g.stays,
      })),
    ),
    eventChart: pChart(
      'outcomes per stay',
      shownPeriods.map((g) => ({ label: g.label, count: g.events, n: g.stays })),
    ),
    reference:
      baseline === null
        ? null
        : { periods: [...referenceLabels], ...baseline, oddsRatio: Math.exp(baseline.shift) },
    sequence: {
      t0: watched.map((s) => s.t0),
      period: watched.map((s) => s.period!),
      vlad: vlad(risks, outcomes),
      cusum: riskAdjustedCusum(risks, outcomes, { seed: options.seed }),
    },
    funnel:
      units === null
        ? null
        : funnelPlot(
            units
              .filter((g) => !g.suppressed)
              .map((g) => ({ label: g.label, observed: g.events, expected: g.expectedEvents })),
          ),
    operatingPoints: operatingPoints(
      stays.map((s) => s.result.pFull),
      stays.map((s) => s.result.label),
      { runThreshold: threshold, queueSize, level },
    ),
    queueSize,
    forecastChecks,
    inputDrift: drift,
    evidenceComposition: composition,
    leadTime: leadTimeReport(
      stays.flatMap((s) =>
        s.result.yFull === 1 && s.result.label === 1 && s.onset !== null
          ? [{ period: s.period, lead: s.onset - cohort.featureSchema.hours }]
          : [],
      ),
      {
        anyOnset: stays.some((s) => s.onset !== null),
        alertHour: cohort.featureSchema.hours,
        periods: shownPeriods.map((g) => g.label),
        minimum: DEFAULT_MINIMUMS.events,
        level,
      },
    ),
    awaiting: awaitingReport,
  };
}
