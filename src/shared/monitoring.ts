/**
 * Monitoring a model in service (issue 27): a run's stays grouped by period and by unit, with
 * the charts quality-improvement teams already read — a p-chart of rates, a variable
 * life-adjusted display (VLAD) with a risk-adjusted CUSUM, a funnel plot of observed against
 * expected events across units — and the operating points a team could choose. Computed once
 * in the core's statistics layer, kept with the run's other figures, and written as text by
 * one formatter for the CLI, the app and the PDF.
 */
import { z } from 'zod';
import type { Estimate } from './estimate';

/**
 * How stays are grouped in time: by the calendar of their start (t0), by an attribute, or,
 * over a series of runs, by the cohort each run audited (one extract per period, in the
 * series' order).
 */
export const CALENDAR_PERIODS = ['month', 'quarter', 'year'] as const;
export type CalendarPeriod = (typeof CALENDAR_PERIODS)[number];
export const periodRuleSchema = z.union([
  z.object({ calendar: z.enum(CALENDAR_PERIODS) }).strict(),
  z.object({ attribute: z.string().min(1).max(200) }).strict(),
  z.object({ cohort: z.literal(true) }).strict(),
]);
export type PeriodRule = z.infer<typeof periodRuleSchema>;

/** Most runs a monitoring series pools, the report's own included: a decade of monthly extracts. */
export const MAX_SERIES_RUNS = 120;

/** One point of a p-chart: a period's rate against the centre line's exact binomial limits. */
export interface PChartPoint {
  label: string;
  /** Stays in the period (the denominator). */
  n: number;
  /** Stays counted (the numerator). */
  count: number;
  rate: number;
  /** Exact binomial limits at the centre line for this n (0.135% and 99.865% quantiles ÷ n). */
  lower: number;
  upper: number;
  /** Above or below its limits: a signal. */
  signal: 'above' | 'below' | null;
}

export interface PChart {
  /** What the rate is, in words ("alerts per stay"). */
  measure: string;
  /** The pooled rate over every period shown. */
  centre: number;
  points: PChartPoint[];
}

/** The risk-adjusted CUSUM (Steiner et al., Biostatistics 2000) beside the VLAD. */
export interface RiskAdjustedCusum {
  /** The odds ratio of deterioration it is tuned to detect (2: odds of the outcome doubled). */
  oddsRatio: number;
  /** The control limit h it signals at. */
  limit: number;
  /**
   * The chance that the chart signals at least once over a sequence as long as this one, with
   * these risks, when the model's risks are right (found by simulation): the false-alarm
   * probability h was chosen for.
   */
  falseAlarmProbability: number;
  /**
   * Stays between false alarms when the risks are right: one long simulated in-control chart
   * (restarting after each signal) divided by its signals; null with fewer than 10 signals.
   */
  inControlRunLength: number | null;
  /** Simulated sequences behind the limit (and the long chart's length, in sequences). */
  simulations: number;
  /** The chart's value after each stay, in order of t0 (the chart restarts at 0 after a signal). */
  values: number[];
  /** Indexes (into `values`) where the chart crossed its limit. */
  signals: number[];
}

/** One stay's place on the VLAD and the CUSUM, in time order. */
export interface MonitoringSequence {
  /** Each stay's t0 (ISO 8601), in the order the charts run. */
  t0: string[];
  /** The period label each stay falls in. */
  period: string[];
  /** Cumulative expected − observed events after each stay (the VLAD: above 0, fewer deaths than expected). */
  vlad: number[];
  cusum: RiskAdjustedCusum;
}

/** One period's or one unit's figures, with exact intervals where they are counts. */
export interface MonitoringGroup {
  label: string;
  stays: number;
  events: number;
  expectedEvents: number;
  /** Stays the model alerted on at the run's threshold. */
  alerts: number;
  /** Below the bias audit's minimum counts: every figure but the counts withheld. */
  suppressed: boolean;
  alertRate: Estimate;
  sensitivity: Estimate;
  ppv: Estimate;
  auroc: Estimate;
  observedExpected: Estimate;
  /** Calibration slope and intercept (logistic recalibration of the outcome on logit p); null when too few events. */
  calibrationSlope: number | null;
  calibrationIntercept: number | null;
  exhaustionRate: Estimate;
  queued: number;
  /** Wrong decisions among the queued stays, as a share of them (the queue's yield). */
  queueYield: Estimate;
  /** Figures below their minimum counts, each with its reason. */
  withheld: WithheldFigures;
}

/** Where a unit lies: inside both limits, between 95% and 99.8%, or beyond 99.8%. */
export interface FunnelPlacement {
  position: 'inside' | 'beyond-95' | 'beyond-99.8';
  direction: 'above' | 'below' | null;
}

/** One unit on the funnel plot: O/E against expected events, placed by the limits drawn. */
export interface FunnelPoint extends FunnelPlacement {
  label: string;
  observed: number;
  expected: number;
  ratio: number;
  /** Its place by the exact Poisson limits, before any widening for overdispersion. */
  byExactLimits: FunnelPlacement;
}

export interface FunnelLimitCurve {
  /** Expected events along the x-axis. */
  expected: number[];
  lower95: number[];
  upper95: number[];
  lower998: number[];
  upper998: number[];
}

/** Spiegelhalter (Stat Med 2005): the dispersion of the units' z-scores beyond chance. */
export interface Overdispersion {
  /** φ: the mean squared (winsorised) z-score; 1 when the units vary only by chance. */
  phi: number;
  /** P of Iφ under χ²(I − 1): small when the units vary more than chance allows. */
  pValue: number;
  /** The additive random-effects variance τ² used when overdispersed, else 0. */
  tau2: number;
  /** Whether the limits were widened by τ². */
  adjusted: boolean;
  /** Units entered in the estimate; fewer than 5 are too few to estimate it (then null φ is not used). */
  units: number;
}

export interface FunnelPlot {
  points: FunnelPoint[];
  limits: FunnelLimitCurve;
  overdispersion: Overdispersion | null;
}

/** The operating point a threshold gives, computed from the stored risks without re-auditing. */
export interface OperatingPoint {
  /** What chose it: the run's threshold, a target sensitivity or a target alert rate. */
  chosenBy:
    | { kind: 'run-threshold' }
    | { kind: 'sensitivity'; target: number }
    | { kind: 'alert-rate'; target: number };
  threshold: number;
  sensitivity: Estimate;
  specificity: Estimate;
  ppv: Estimate;
  alertsPer100Stays: Estimate;
  /** 1/PPV: alerts a clinician evaluates per event found, its interval the PPV's inverted. */
  numberNeededToEvaluate: Estimate;
  /** Stays the review queue would hold at the run's budget, and its yield of wrong decisions. */
  queued: number;
  queueYield: Estimate;
}

/** What the calibrated risks say of stays whose outcomes are not in yet. */
export interface ExpectedPerformance {
  stays: number;
  expected: { tp: number; fp: number; tn: number; fn: number };
  expectedEvents: number;
  expectedSensitivity: number | null;
  expectedPpv: number | null;
}

/** One input variable's drift between a reference period and the latest. */
export interface VariableDrift {
  variable: string;
  /** Standardised mean difference (latest − reference) / pooled SD. */
  standardisedDifference: number | null;
  /** Two-sample Kolmogorov–Smirnov distance between the two periods' values. */
  distance: number | null;
  /** The KS test's asymptotic p for that distance. */
  pValue: number | null;
  drifted: boolean;
}

/** One input's drift, as the monitoring reads it from the stays of two periods. */
export interface InputDrift extends VariableDrift {
  /** How a clinician names it ("Heart rate"), with its unit. */
  label: string;
  unit: string;
  /** Hourly inputs are searched as windows; static ones are fixed priors, never evidence. */
  kind: 'hourly' | 'static';
  /** Stays of each side with a value (an hourly input: charted in at least one hour). */
  referenceValues: number;
  latestValues: number;
  /** The KS p (pValue), Holm-adjusted across the inputs tested. */
  adjustedPValue: number | null;
  /** Why its figures are withheld ("8 latest stays with a value (min 11)"), else null. */
  withheld: string | null;
}

/**
 * Whether the model's inputs moved between a reference and the latest period, and how many of
 * the latest stays' evidence rests on an input that moved.
 */
export interface InputDriftReport {
  /** The report's reference periods, or, without them, the first period shown. */
  referenceKind: 'reference-periods' | 'first-period';
  referencePeriods: string[];
  latestPeriod: string;
  referenceStays: number;
  latestStays: number;
  /** Of the latest stays, those whose outcome is not in yet: in the drift, not searched. */
  latestAwaiting: number;
  /** The rule: drifted when |standardised difference| ≥ this and the Holm-adjusted p < alpha. */
  smdThreshold: number;
  alpha: number;
  inputs: InputDrift[];
  /**
   * Latest stays whose evidence holds an hourly window in which a drifted input was charted,
   * out of the latest stays searched (not those awaiting an outcome), with its exact interval.
   */
  evidenceOnDrifted: { stays: number; count: number; share: Estimate };
}

/** A period of the evidence composition: its stays searched (those shown in its column). */
export interface CompositionPeriod {
  label: string;
  stays: number;
}

/** One thing a stay's evidence can lean on, period by period. */
export interface CompositionRow {
  /** A variable charted in an evidence window, a band of the window's hours, or a note. */
  kind: 'variable' | 'hours' | 'notes';
  /** "Heart rate", "Hours 19–24", "Notes". */
  label: string;
  /** The variable's unit; '' for hours and notes. */
  unit: string;
  /** Per period, in the report's order: its stays whose evidence holds this, with the exact interval of their share. */
  byPeriod: { count: number; share: Estimate }[];
  /** The latest period beside the reference; null when there is no reference to set it beside. */
  shift: {
    /** The share in the reference periods pooled and in the latest, with exact intervals. */
    referenceShare: Estimate;
    latestShare: Estimate;
    /**
     * (latest − reference) ÷ the pooled SD of two proportions; null when neither side varies
     * (each all or none: unbounded when they differ).
     */
    standardisedDifference: number | null;
    /** Fisher's exact p, Holm-adjusted across the rows. */
    adjustedPValue: number | null;
    /** The evidence leans on it more or less than in the reference; null: not shown to differ. */
    direction: 'more' | 'less' | null;
  } | null;
}

/**
 * What the evidence of each period's searched stays leans on: which variables were charted in
 * its windows, which hours of the window it holds, and notes; the latest period set beside the
 * reference, as input drift does.
 */
export interface EvidenceCompositionReport {
  referenceKind: InputDriftReport['referenceKind'];
  /** The periods the latest is set beside; empty when there is only one period shown. */
  referencePeriods: string[];
  latestPeriod: string | null;
  referenceStays: number;
  /** Hours of the observation window (the bands cut it). */
  hours: number;
  /** The rule: shifted when |standardised difference| ≥ this and the Holm-adjusted p < alpha. */
  smdThreshold: number;
  alpha: number;
  periods: CompositionPeriod[];
  rows: CompositionRow[];
}

/** A figure of a group that is withheld, and why ("4 events (min 10)"). */
export type WithheldFigures = Partial<
  Record<'sensitivity' | 'ppv' | 'auroc' | 'observedExpected' | 'calibration', string>
>;

/** The risks' forecast for a period checked against what happened there. */
export interface ForecastCheck {
  label: string;
  /** Outcomes the calibrated risks expected, and the range realised counts fall in 95% of the time if they are right. */
  expectedEvents: number;
  lower: number;
  upper: number;
  observedEvents: number;
  /** Sensitivity and PPV the risks forecast before the outcomes were known, beside the realised ones. */
  forecast: ExpectedPerformance;
  realisedSensitivity: number | null;
  realisedPpv: number | null;
  /** Whether the realised count lies in the forecast's range. */
  within: boolean;
}

/**
 * One period's stays whose outcomes are not in yet, and what the run's calibrated risks
 * forecast for them (they were scored, not searched: a search explains a decision against the
 * outcome it is audited on).
 */
export interface AwaitingForecast {
  label: string;
  stays: number;
  alerts: number;
  /** Fewer stays than the smallest group shown: counted, no forecast shown. */
  suppressed: boolean;
  forecast: ExpectedPerformance;
  /** The range the period's outcome count falls in with 95% probability if the risks are calibrated. */
  lower: number;
  upper: number;
  /** The observed ÷ expected ratio the period would show at each end of that range; null when no outcome is expected. */
  observedExpectedRange: { lower: number; upper: number } | null;
}

/** The run's stays without an outcome yet, forecast period by period from their risks. */
export interface AwaitingOutcomes {
  stays: number;
  periods: AwaitingForecast[];
  /** Stays awaiting an outcome that have no period (no such attribute). */
  unplaced: number;
  /**
   * The assumption the forecast rests on, checked: periods with outcomes whose count fell in
   * its forecast range; the chance of so many misses if the risks are calibrated; and whether
   * it held (that chance at least 5%).
   */
  checked: { periods: number; within: number; missesChance: number; held: boolean };
}

/** Phase I: the periods the charts' baseline was fitted on, and what it changed. */
export interface MonitoringReference {
  periods: string[];
  stays: number;
  events: number;
  /** Outcomes the model's own risks expected there. */
  expectedEvents: number;
  /** Added to each risk's logit: the log of `oddsRatio`. */
  shift: number;
  /** The factor on the odds of the outcome that fits the reference (above 1: the model under-predicted). */
  oddsRatio: number;
}

/**
 * How long before its outcome began the model alerted, over the stays it alerted on whose
 * outcome happened and has an onset hour (tasks with hourly labels: YAIB's aki, sepsis).
 */
export interface LeadTimeGroup {
  label: string;
  /** Alerted stays whose outcome happened, with an onset hour. */
  caught: number;
  /** Of those, the ones alerted on before the outcome began. */
  beforeOnset: number;
  /** beforeOnset ÷ caught, with its exact interval; not shown below the minimum count. */
  shareBeforeOnset: Estimate;
  /** Hours from the alert to the onset (negative: the onset came first); null when too few. */
  median: number | null;
  lowerQuartile: number | null;
  upperQuartile: number | null;
}

export interface LeadTimeReport {
  /** When the model decides: the end of its observation window, in hours from the window's start. */
  alertHour: number;
  /** The fewest caught stays a lead time is estimated on. */
  minimum: number;
  overall: LeadTimeGroup;
  /** The periods shown that have any caught stay with an onset. */
  periods: LeadTimeGroup[];
}

/** One run of a monitoring series: the cohort it audited and its stays. */
export interface SeriesRun {
  runId: number;
  cohortName: string;
  /** Stays the run audited, and those it scored awaiting an outcome. */
  stays: number;
  awaiting: number;
}

/** What `runs.monitoring` computes: a run's stays over time and across units. */
export interface MonitoringReport {
  runId: number;
  /**
   * The runs whose stays the report pools, oldest first, the report's run last: a series of
   * one bundle over successive cohorts. Just the report's run without a series.
   */
  series: SeriesRun[];
  task: string;
  threshold: number;
  period: PeriodRule;
  /** The attribute naming each stay's unit, or null when units were not asked for. */
  unit: string | null;
  minGroupSize: number;
  periods: MonitoringGroup[];
  units: MonitoringGroup[] | null;
  /** Stays left out because they have no period (no such attribute) or no unit. */
  unplaced: { period: number; unit: number };
  alertChart: PChart;
  eventChart: PChart;
  /**
   * The reference periods whose outcomes set the risks' baseline for the VLAD and the CUSUM,
   * which then watch the periods after them; null when the charts use the model's own risks.
   */
  reference: MonitoringReference | null;
  sequence: MonitoringSequence;
  funnel: FunnelPlot | null;
  operatingPoints: OperatingPoint[];
  /** The review budget's queue size the operating points are read at. */
  queueSize: number;
  forecastChecks: ForecastCheck[];
  /** Input drift from the reference to the latest period; null with fewer than two periods shown. */
  inputDrift: InputDriftReport | null;
  /** What each period's evidence leans on; null when no period is shown. */
  evidenceComposition: EvidenceCompositionReport | null;
  /** Stays of the run's scope whose outcomes are not in yet; null when it has none. */
  awaiting: AwaitingOutcomes | null;
  /** Lead time from alert to onset, where the task's labels are hourly; null elsewhere. */
  leadTime: LeadTimeReport | null;
}

/** One CSV file of a monitoring report (`runs.monitoringCsv`), for the caller to write or download. */
export interface MonitoringCsvFile {
  name: string;
  csv: string;
}

/**
 * Stay attributes that name a unit or site, in the order a report looks for them when no unit
 * is asked for: the demo's care unit, then names hospitals' exports commonly use.
 */
export const UNIT_ATTRIBUTES = [
  'care_unit',
  'first_careunit',
  'unit',
  'icu_type',
  'site',
  'hospital',
] as const;

/** `runs.monitoring`'s defaults, kept in one place for the contract, the CLI and the app. */
export const DEFAULT_MONITORING_PERIOD: PeriodRule = { calendar: 'quarter' };

/**
 * Stay attributes that name a period of admission, for sources that shift each patient's
 * dates: MIMIC-IV's anchor_year_group ("2011 - 2013") is its only real calendar. They name
 * when a stay happened, not who the patient is, so the bias audit leaves them out.
 */
export const PERIOD_ATTRIBUTES: readonly string[] = ['anchor_year_group'];

/** The period the PDF and the app group by first: the cohort's period attribute, or quarters. */
export function defaultMonitoringPeriod(attributes: readonly string[]): PeriodRule {
  const named = PERIOD_ATTRIBUTES.find((name) => attributes.includes(name));
  return named === undefined ? DEFAULT_MONITORING_PERIOD : { attribute: named };
}
