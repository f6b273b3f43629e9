/**
 * A monitoring report (`runs.monitoring`) in words, written once for the CLI, the app and the
 * PDF: first what a committee needs to hear (which period or unit signalled, and what the
 * charts promise about false alarms), then the tables, then how each figure was computed.
 */
import { writtenCount } from './counted';
import { attributeName } from './attribute-words';
import { estimateText, figureCell, figureNumber, pValueCell } from './figure-text';
import type {
  AwaitingForecast,
  AwaitingOutcomes,
  CompositionRow,
  EvidenceCompositionReport,
  ForecastCheck,
  FunnelPlacement,
  InputDrift,
  InputDriftReport,
  FunnelPoint,
  LeadTimeGroup,
  LeadTimeReport,
  MonitoringGroup,
  MonitoringReport,
  OperatingPoint,
  PeriodRule,
} from './monitoring';
import { taskTitle } from './task-titles';

/** "quarter of admission", "anchor year group". */
export function periodWords(period: PeriodRule): string {
  if ('cohort' in period) return 'cohort of the series';
  return 'calendar' in period
    ? `${period.calendar} of admission`
    : attributeName(period.attribute).toLowerCase();
}

/** "Quarter of admission": the period's words as a column or axis title. */
export function periodTitle(period: PeriodRule): string {
  const words = periodWords(period);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const percent = (x: number) => figureNumber(x, 'percent');
const expected = (x: number) => x.toFixed(1);

/** The sentence of the risk-adjusted CUSUM: where it signalled, or that it did not, and its promise. */
export function cusumFinding(report: MonitoringReport): string {
  const { cusum, period } = report.sequence;
  if (cusum.values.length === 0)
    return `No ${periodWords(report.period)} has ${report.minGroupSize} stays or more, so nothing is charted over time: choose a longer period.`;
  const promise = `its limit (${cusum.limit.toFixed(2)}) is set so that, if the model's risks were right, it would signal by chance in ${percent(cusum.falseAlarmProbability)} of sequences as long as this one`;
  if (cusum.signals.length === 0)
    return `The risk-adjusted CUSUM, tuned to detect the odds of the outcome multiplying by ${cusum.oddsRatio}, did not signal over ${writtenCount(cusum.values.length)} stays; ${promise}.`;
  const where = [...new Set(cusum.signals.map((index) => period[index]!))];
  return `The risk-adjusted CUSUM signalled in ${where.join(', ')}: more outcomes than the model's risks expected, enough to suggest their odds had multiplied by ${cusum.oddsRatio}; ${promise}.`;
}

/** One sentence per period whose rate crossed its p-chart limits. */
function pChartFindings(report: MonitoringReport): string[] {
  return [report.eventChart, report.alertChart].flatMap((chart) =>
    chart.points
      .filter((p) => p.signal !== null)
      .map(
        (p) =>
          `In ${p.label}, ${chart.measure} (${percent(p.rate)}) were ${p.signal} the control limits (${percent(p.lower)} to ${percent(p.upper)} around ${percent(chart.centre)}).`,
      ),
  );
}

/** "SICU lies above the 99.8% limit: 90 outcomes where the risks expected 54.6 (observed ÷ expected 1.65×)". */
function unitPlacement(p: FunnelPoint, placement: FunnelPlacement): string {
  return `${p.label} lies ${placement.direction} the ${placement.position === 'beyond-99.8' ? '99.8%' : '95%'} limit: ${writtenCount(p.observed)} outcomes where the risks expected ${expected(p.expected)} (observed ÷ expected ${figureNumber(p.ratio, 'ratio')})`;
}

function funnelFindings(report: MonitoringReport): string[] {
  const funnel = report.funnel;
  if (funnel === null || report.unit === null) return [];
  const units = attributeNoun(report.unit).many;
  const dispersion = funnel.overdispersion;
  const outlying = funnel.points.filter((p) => p.position !== 'inside');
  if (dispersion === null || !dispersion.adjusted) {
    const spread =
      dispersion === null
        ? `Too few ${units} (fewer than 5) to judge whether they vary more than chance allows; the limits are the exact ones.`
        : `The ${units} vary no more than chance allows, so the limits are the exact ones.`;
    if (outlying.length === 0)
      return [
        `Every ${attributeNoun(report.unit).one} lies inside the funnel plot's limits. ${spread}`,
      ];
    return [...outlying.map((p) => `${unitPlacement(p, p)}.`), spread];
  }
  // Widened limits answer "does a unit stand out from the others?"; the exact ones "does it
  // differ from its risks by more than chance?": a committee needs both when they disagree.
  const exactOnly = funnel.points.filter(
    (p) => p.byExactLimits.position !== 'inside' && p.position === 'inside',
  );
  const widened = `The ${units} vary more than chance allows (overdispersion ${dispersion.phi.toFixed(2)} times what chance gives), so the limits were widened for the variation between them, as Spiegelhalter describes.`;
  return [
    widened,
    ...outlying.map((p) => `Even so, ${unitPlacement(p, p)}.`),
    ...(outlying.length === 0
      ? [
          `Against the widened limits, no ${attributeNoun(report.unit).one} stands out from the others.`,
        ]
      : []),
    ...exactOnly.map(
      (p) =>
        `By the exact limits, ${unitPlacement(p, p.byExactLimits)}: its outcomes differ from its risks by more than chance, though not by more than units differ from one another.`,
    ),
  ];
}

function forecastFindings(report: MonitoringReport): string[] {
  const missed = report.forecastChecks.filter((c) => !c.within);
  if (report.forecastChecks.length === 0) return [];
  if (missed.length === 0)
    return [
      `In every period, the outcomes that happened fell within the range the risks forecast before they were known, so estimates for periods whose outcomes are not in yet can lean on them.`,
    ];
  return missed.map(
    (c) =>
      `In ${c.label} the risks forecast ${expected(c.expectedEvents)} outcomes (95% range ${writtenCount(c.lower)} to ${writtenCount(c.upper)}) and ${writtenCount(c.observedEvents)} happened: estimates made before outcomes are in would have been ${c.observedEvents > c.upper ? 'too hopeful' : 'too gloomy'} there.`,
  );
}

/** Whether the forecast's assumption held where it could be checked, in words. */
function checkedWords(checked: AwaitingOutcomes['checked']): string {
  if (checked.periods === 0)
    return 'no period with outcomes was large enough to check that assumption';
  const all =
    checked.periods === 1
      ? 'the one period'
      : checked.periods === 2
        ? 'both periods'
        : `all ${writtenCount(checked.periods)} periods`;
  if (checked.within === checked.periods) return `it held in ${all} whose outcomes are in`;
  const held = `it held in ${writtenCount(checked.within)} of the ${writtenCount(checked.periods)} periods whose outcomes are in`;
  return checked.held
    ? `${held}, as often as chance allows`
    : `${held}, less often than chance allows (${checked.missesChance < 0.001 ? 'a chance below 0.001' : `a chance of ${pValueCell(checked.missesChance)}`} if the risks were calibrated), so these forecasts may be off`;
}

/**
 * What a committee hears of the stays whose outcomes are not in yet: the latest such period's
 * forecast, and how far the assumption behind it (the risks are calibrated) held.
 */
export function awaitingFinding(awaiting: AwaitingOutcomes): string {
  const shown = awaiting.periods.filter((p) => !p.suppressed);
  const stays = `${writtenCount(awaiting.stays)} ${awaiting.stays === 1 ? 'stay has' : 'stays have'} no outcome yet`;
  const latest = shown.at(-1);
  if (latest === undefined)
    return `${stays}; no period of them has enough stays for a forecast to be shown.`;
  const f = latest.forecast;
  const caught =
    f.expectedSensitivity === null
      ? ''
      : `, the ${writtenCount(latest.alerts)} alerts should catch about ${percent(f.expectedSensitivity)} of those outcomes`;
  const right =
    f.expectedPpv === null ? '' : ` and about ${percent(f.expectedPpv)} of alerts should be right`;
  return `${stays}. If the model's risks are calibrated (${checkedWords(awaiting.checked)}), ${latest.label}'s ${writtenCount(latest.stays)} stays should see about ${expected(f.expectedEvents)} outcomes (95% range ${writtenCount(latest.lower)} to ${writtenCount(latest.upper)})${caught}${right}.`;
}

const hours = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)} h`;

/**
 * What a committee hears of lead time: how often the alert came before the outcome began, and
 * by how long, over the stays alerted on whose outcome happened.
 */
export function leadTimeFinding(lead: LeadTimeReport): string {
  const { overall } = lead;
  const when = `The model decides at hour ${writtenCount(lead.alertHour)} of a stay, the end of its observation window`;
  if (overall.caught === 0)
    return `${when}; it alerted on no stay whose outcome began at a recorded hour, so there is no lead time to measure.`;
  if (overall.median === null)
    return `${when}; only ${writtenCount(overall.caught)} alerted ${overall.caught === 1 ? 'stay has' : 'stays have'} an outcome with a recorded onset (min ${writtenCount(lead.minimum)}), too few to estimate the lead time.`;
  return `${when}. Of the ${writtenCount(overall.caught)} stays it alerted on whose outcome happened, the alert came before the outcome began in ${writtenCount(overall.beforeOnset)} (${figureCell(overall.shareBeforeOnset, 'percent')}); the median time from alert to onset was ${hours(overall.median)} (half between ${hours(overall.lowerQuartile!)} and ${hours(overall.upperQuartile!)}; negative: the outcome had begun inside the window, so the alert recognised it rather than foresaw it).`;
}

export const LEAD_TIME_HEADER = [
  '',
  'Alerted stays with the outcome',
  'Alert before onset',
  'Alert to onset: median',
  'Middle half',
];

/** The lead time of all stays, then of each period with any; too few stays: "too few to estimate". */
export function leadTimeRows(lead: LeadTimeReport): string[][] {
  const row = (g: LeadTimeGroup, label: string) => [
    label,
    writtenCount(g.caught),
    g.median === null
      ? `${writtenCount(g.beforeOnset)}: too few to estimate`
      : `${writtenCount(g.beforeOnset)}: ${figureCell(g.shareBeforeOnset, 'percent')}`,
    g.median === null ? 'too few to estimate' : hours(g.median),
    g.median === null ? '' : `${hours(g.lowerQuartile!)} to ${hours(g.upperQuartile!)}`,
  ];
  return [row(lead.overall, 'All stays'), ...lead.periods.map((g) => row(g, g.label))];
}

export const AWAITING_HEADER = [
  '',
  'Stays',
  'Alerts',
  'Outcomes expected (95% range)',
  'Observed ÷ expected would be',
  'Outcomes caught',
  'Alerts right',
];

/** Each period's forecast for its stays without an outcome; periods too small are left to the sentence. */
export function awaitingRows(periods: readonly AwaitingForecast[]): string[][] {
  const share = (x: number | null) => (x === null ? 'not defined' : percent(x));
  return periods
    .filter((p) => !p.suppressed)
    .map((p) => [
      p.label,
      writtenCount(p.stays),
      writtenCount(p.alerts),
      `${expected(p.forecast.expectedEvents)} (${writtenCount(p.lower)} to ${writtenCount(p.upper)})`,
      p.observedExpectedRange === null
        ? 'not defined'
        : `${figureNumber(p.observedExpectedRange.lower, 'ratio')} to ${figureNumber(p.observedExpectedRange.upper, 'ratio')}`,
      share(p.forecast.expectedSensitivity),
      share(p.forecast.expectedPpv),
    ]);
}

/** What the charts over time compare with: the model's own risks, or a reference's baseline. */
export function baselineFinding(report: MonitoringReport): string {
  const reference = report.reference;
  if (reference === null)
    return "The charts over time compare each stay's outcome with the model's own risk.";
  const span = periodSpanWords(reference.periods);
  const factor = figureNumber(reference.oddsRatio, 'ratio');
  return `The charts over time start after the reference period, ${span}, and compare each stay's outcome with the model's risk adjusted to that period's baseline: there ${writtenCount(reference.events)} outcomes happened where the model's risks expected ${expected(reference.expectedEvents)}, so every risk's odds were multiplied by ${factor}.`;
}

/** "+0.31", "−0.40": a standardised difference, its sign always shown. */
const signedDifference = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(2)}`;

/** "heart rate", "systolic BP": a label mid-sentence, acronyms kept. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** "2180 Q1 to 2180 Q4", "2180 Q1": consecutive periods, as a reference spans them. */
function periodSpanWords(periods: readonly string[]): string {
  const [first, last] = [periods[0]!, periods.at(-1)!];
  return first === last ? first : `${first} to ${last}`;
}

/** How the drift table was made and the rule that flags an input, for the app and the PDF. */
export function inputDriftExplanation(drift: InputDriftReport): string {
  const reference =
    drift.referenceKind === 'first-period' ? 'the first period shown' : 'the reference period';
  const awaiting =
    drift.latestAwaiting === 0
      ? ''
      : ` ${writtenCount(drift.latestAwaiting)} of the ${writtenCount(drift.latestStays)} latest stays have no outcome yet: their inputs count, and only the stays searched can have evidence resting on a drifted input.`;
  return `Each input of the stays of ${drift.latestPeriod} set beside ${periodSpanWords(drift.referencePeriods)}, ${reference}: an hourly input as each stay's mean over its observation window. An input has drifted when its standardised difference is at least ${drift.smdThreshold} in size and a distance between the two distributions so large would arise by chance less than ${percent(drift.alpha)} of the time, counting every input tested.${awaiting}`;
}

/**
 * "From the reference period, 2180 Q1 to 2180 Q4, to 2181 Q4, 2 of 9 inputs drifted: heart rate
 * (standardised difference +0.31), …; the evidence of 12.0% (8.0–17.0%) of the 250 latest stays
 * rests on a drifted input."
 */
export function inputDriftFinding(drift: InputDriftReport): string {
  const between =
    drift.referenceKind === 'first-period'
      ? `From ${periodSpanWords(drift.referencePeriods)}, the first period shown, to ${drift.latestPeriod}`
      : `From the reference period, ${periodSpanWords(drift.referencePeriods)}, to ${drift.latestPeriod}`;
  const tested = drift.inputs.filter((i) => i.withheld === null);
  const withheld = drift.inputs.length - tested.length;
  const tooFew =
    withheld === 0
      ? ''
      : ` ${writtenCount(withheld)} ${withheld === 1 ? 'input has' : 'inputs have'} too few stays with a value to estimate ${withheld === 1 ? 'its' : 'their'} drift.`;
  if (tested.length === 0)
    return `${between}, too few stays have a value of any input to estimate whether the inputs drifted.`;
  const drifted = tested.filter((i) => i.drifted);
  if (drifted.length === 0)
    return `${between}, ${tested.length === 1 ? 'the one input tested did not drift' : `none of the ${writtenCount(tested.length)} inputs drifted`} by more than chance and a small shift allow, so no stay's evidence rests on a drifted input.${tooFew}`;
  const named = drifted
    .map(
      (i) =>
        `${inSentence(i.label)} (standardised difference ${i.standardisedDifference === null ? 'unbounded: a constant changed' : signedDifference(i.standardisedDifference)})`,
    )
    .join(', ');
  const { share, stays } = drift.evidenceOnDrifted;
  const evidence =
    stays === 0
      ? `none of the latest stays has an outcome yet, so none was searched and no evidence can rest on a drifted input`
      : `the evidence of ${figureCell(share, 'percent')} of the ${writtenCount(stays)} latest stays searched rests on a drifted input`;
  return `${between}, ${writtenCount(drifted.length)} of ${writtenCount(tested.length)} inputs drifted: ${named}; ${evidence}.${tooFew}`;
}

/** "Heart rate (bpm)", "Hours 19–24", "Notes": what one composition row counts. */
export function compositionLabel(row: CompositionRow): string {
  return row.unit === '' || row.unit === row.label ? row.label : `${row.label} (${row.unit})`;
}

/** The row of a kind the latest period's evidence held most often, with its share. */
function mostHeld(
  c: EvidenceCompositionReport,
  kind: CompositionRow['kind'],
): { row: CompositionRow; share: number } | null {
  const last = c.periods.length - 1;
  let best: { row: CompositionRow; share: number } | null = null;
  for (const row of c.rows) {
    const share = row.byPeriod[last]?.share.estimate ?? null;
    if (row.kind !== kind || share === null) continue;
    if (best === null || share > best.share) best = { row, share };
  }
  return best;
}

const shiftWords = (row: CompositionRow) =>
  `${inSentence(row.label)} (${percent(row.shift!.referenceShare.estimate!)} of stays, then ${percent(row.shift!.latestShare.estimate!)})`;

/**
 * What a committee hears of the evidence: what the latest period's evidence leans on most,
 * and whether that moved since the reference by more than chance and a small shift allow.
 */
export function compositionFinding(c: EvidenceCompositionReport): string {
  const latest = c.periods.at(-1)!;
  const variable = mostHeld(c, 'variable');
  const band = mostHeld(c, 'hours');
  const most =
    variable === null || band === null || band.share === 0
      ? `In ${latest.label}, no stay's evidence held an hourly window.`
      : `In ${latest.label}, the evidence of its ${writtenCount(latest.stays)} stays searched most often held a window where ${inSentence(variable.row.label)} was charted (${percent(variable.share)} of stays) and a window of ${inSentence(band.row.label)} (${percent(band.share)}).`;
  if (c.latestPeriod === null)
    return `${most} With one period shown, there is no earlier one to set it beside.`;
  const tested = c.rows.filter((r) => r.shift !== null);
  const more = tested.filter((r) => r.shift!.direction === 'more');
  const less = tested.filter((r) => r.shift!.direction === 'less');
  const between = `from ${periodSpanWords(c.referencePeriods)} to ${c.latestPeriod}`;
  if (more.length + less.length === 0)
    return `${most} What the evidence leans on did not shift ${between}: none of the ${writtenCount(tested.length)} variables, bands of hours${tested.some((r) => r.kind === 'notes') ? ' and notes' : ''} moved by more than chance and a small shift allow.`;
  const parts = [
    more.length === 0 ? null : `more on ${more.map(shiftWords).join(', ')}`,
    less.length === 0 ? null : `less on ${less.map(shiftWords).join(', ')}`,
  ].filter((part): part is string => part !== null);
  return `${most} ${between.charAt(0).toUpperCase()}${between.slice(1)}, the evidence came to lean ${parts.join(', and ')}: ${writtenCount(more.length + less.length)} of ${writtenCount(tested.length)} rows shifted by more than chance and a small shift allow, so the reasons behind the model's decisions have changed.`;
}

/** How the composition was counted and the rule that flags a shift, for the app and the PDF. */
export function compositionExplanation(c: EvidenceCompositionReport): string {
  const beside =
    c.latestPeriod === null
      ? ''
      : ` ${c.latestPeriod} is set beside ${periodSpanWords(c.referencePeriods)}, ${c.referenceKind === 'first-period' ? 'the first period shown' : 'the reference period'} (${writtenCount(c.referenceStays)} stays): a row has shifted when its standardised difference is at least ${c.smdThreshold} in size and a difference so large would arise by chance less than ${percent(c.alpha)} of the time, counting every row tested.`;
  return `Each share counts a period's searched stays whose evidence holds an hourly window where the variable was charted, a window in that band of the ${writtenCount(c.hours)}-hour observation window, or a note.${beside}`;
}

/** Each row's share per period: "62.0%", or with its exact interval, "62.0% (55.1–68.3%)". */
export function compositionRows(
  c: EvidenceCompositionReport,
  cell: 'share' | 'interval',
  periods: readonly number[] = c.periods.map((_, i) => i),
): string[][] {
  return c.rows.map((row) => [
    compositionLabel(row),
    ...periods.map((k) => {
      const share = row.byPeriod[k]!.share;
      return cell === 'interval' ? figureCell(share, 'percent') : estimateText(share, 'percent');
    }),
  ]);
}

/** "", then "2181 Q4 (183 stays)" for each period: the per-period table's columns. */
export function compositionPeriodHeader(
  c: EvidenceCompositionReport,
  periods: readonly number[] = c.periods.map((_, i) => i),
): string[] {
  return [
    '',
    ...periods.map((k) => `${c.periods[k]!.label} (${writtenCount(c.periods[k]!.stays)} stays)`),
  ];
}

export const COMPOSITION_SHIFT_HEADER = [
  '',
  'Reference',
  'Latest',
  'Standardised difference',
  'Chance of so large a difference',
  'Shifted',
];

/** The latest period beside the reference, row by row; none when there is no reference. */
export function compositionShiftRows(c: EvidenceCompositionReport): string[][] {
  return c.rows.flatMap((row) => {
    const shift = row.shift;
    if (shift === null) return [];
    return [
      [
        compositionLabel(row),
        figureCell(shift.referenceShare, 'percent'),
        figureCell(shift.latestShare, 'percent'),
        shift.standardisedDifference === null
          ? shift.latestShare.estimate === shift.referenceShare.estimate
            ? 'none: neither varies'
            : 'unbounded: all or none'
          : signedDifference(shift.standardisedDifference),
        pValueCell(shift.adjustedPValue),
        shift.direction === 'more' ? 'yes: more' : shift.direction === 'less' ? 'yes: less' : 'no',
      ],
    ];
  });
}

/** What a committee hears first, in sentences. */
export function monitoringFindings(report: MonitoringReport): string[] {
  return [
    // Without a sequence the CUSUM's sentence says why; a baseline then means nothing.
    ...(report.sequence.cusum.values.length > 0 || report.reference !== null
      ? [baselineFinding(report)]
      : []),
    cusumFinding(report),
    ...pChartFindings(report),
    ...funnelFindings(report),
    ...forecastFindings(report),
    ...(report.inputDrift ? [inputDriftFinding(report.inputDrift)] : []),
    ...(report.evidenceComposition ? [compositionFinding(report.evidenceComposition)] : []),
    ...(report.awaiting ? [awaitingFinding(report.awaiting)] : []),
    ...(report.leadTime ? [leadTimeFinding(report.leadTime)] : []),
  ];
}

function pad(cells: string[][]): string[] {
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** A table of the periods or units shown: counts, then each figure unless it is withheld. */
export function groupRows(groups: readonly MonitoringGroup[]): string[][] {
  const withheld = (g: MonitoringGroup, figure: keyof MonitoringGroup['withheld'], text: string) =>
    g.withheld[figure] === undefined ? text : `withheld: ${g.withheld[figure]}`;
  return groups
    .filter((g) => !g.suppressed)
    .map((g) => [
      g.label,
      writtenCount(g.stays),
      writtenCount(g.events),
      figureCell(g.alertRate, 'percent'),
      withheld(g, 'sensitivity', figureCell(g.sensitivity, 'percent')),
      withheld(g, 'ppv', figureCell(g.ppv, 'percent')),
      withheld(g, 'observedExpected', figureCell(g.observedExpected, 'ratio')),
      withheld(g, 'auroc', figureCell(g.auroc, 'decimal')),
    ]);
}

/** "3 more quarters of admission have fewer than 11 stays each (14 stays) and are not shown." */
export function suppressedSentence(
  groups: readonly MonitoringGroup[],
  noun: { one: string; many: string },
  minGroupSize: number,
): string | null {
  const hidden = groups.filter((g) => g.suppressed);
  if (hidden.length === 0) return null;
  const stays = hidden.reduce((sum, g) => sum + g.stays, 0);
  const shown = groups.length - hidden.length;
  return `${writtenCount(hidden.length)}${shown > 0 ? ' more' : ''} ${hidden.length === 1 ? noun.one : noun.many} ${hidden.length === 1 ? 'has' : 'have'} fewer than ${minGroupSize} stays${hidden.length === 1 ? '' : ' each'} (${writtenCount(stays)} stays in all) and ${hidden.length === 1 ? 'is' : 'are'} not shown.`;
}

export const GROUP_HEADER = [
  '',
  'Stays',
  'Outcomes',
  'Alerts per stay',
  'Outcomes caught',
  'Alerts right',
  'Observed ÷ expected',
  'Discrimination (AUROC)',
];

/** "The run's threshold (34%)", "Catches 70% of outcomes", "Alerts on 10% of stays". */
export function operatingPointName(point: OperatingPoint): string {
  switch (point.chosenBy.kind) {
    case 'run-threshold':
      return `The run's threshold (${percent(point.threshold)})`;
    case 'sensitivity':
      return `Catch ${percent(point.chosenBy.target)} of outcomes`;
    case 'alert-rate':
      return `Alert on ${percent(point.chosenBy.target)} of stays`;
  }
}

export function operatingPointRows(points: readonly OperatingPoint[]): string[][] {
  return points.map((p) => [
    operatingPointName(p),
    percent(p.threshold),
    figureCell(p.sensitivity, 'percent'),
    figureCell(p.specificity, 'percent'),
    figureCell(p.ppv, 'percent'),
    figureCell(p.alertsPer100Stays, 'units'),
    figureCell(p.numberNeededToEvaluate, 'units'),
    `${writtenCount(p.queued)}: ${figureCell(p.queueYield, 'percent')} wrong`,
  ]);
}

export const POINT_HEADER = [
  '',
  'Risk threshold',
  'Outcomes caught',
  'Stays without, left alone',
  'Alerts right',
  'Alerts per 100 stays',
  'Alerts per outcome found',
  'Review queue',
];

export const INPUT_DRIFT_HEADER = [
  '',
  'Stays with a value: reference',
  'Stays with a value: latest',
  'Standardised difference',
  'Distribution distance',
  'Chance of so large a distance',
  'Drifted',
];

/** One row per input: its values' counts, its drift, and whether it is flagged or withheld. */
export function inputDriftRows(inputs: readonly InputDrift[]): string[][] {
  return inputs.map((i) => [
    // "pH" is its own unit: "pH (pH)" says nothing more.
    `${i.label}${i.unit === '' || i.unit === i.label ? '' : ` (${i.unit})`}${i.kind === 'static' ? ', at admission' : ''}`,
    writtenCount(i.referenceValues),
    writtenCount(i.latestValues),
    i.withheld !== null
      ? 'too few to estimate'
      : i.standardisedDifference === null
        ? 'unbounded'
        : signedDifference(i.standardisedDifference),
    i.distance === null ? '–' : figureNumber(i.distance, 'decimal'),
    pValueCell(i.adjustedPValue),
    i.withheld !== null ? `withheld: ${i.withheld}` : i.drifted ? 'yes' : 'no',
  ]);
}

/** What one row of a table is: "quarter of admission", "care unit". */
export function periodNoun(period: PeriodRule): { one: string; many: string } {
  if ('cohort' in period) return { one: 'cohort of the series', many: 'cohorts of the series' };
  return 'calendar' in period
    ? { one: `${period.calendar} of admission`, many: `${period.calendar}s of admission` }
    : attributeNoun(period.attribute);
}

export function attributeNoun(attribute: string): { one: string; many: string } {
  const name = attributeName(attribute).toLowerCase();
  return { one: name, many: `${name}s` };
}

/** The stays without an outcome that no forecast row shows: periods too small, or no period. */
export function awaitingSuppressedSentence(
  awaiting: AwaitingOutcomes,
  report: Pick<MonitoringReport, 'period' | 'minGroupSize'>,
): string | null {
  const hidden = awaiting.periods.filter((p) => p.suppressed);
  const parts: string[] = [];
  if (hidden.length > 0) {
    const noun = periodNoun(report.period);
    const stays = hidden.reduce((sum, p) => sum + p.stays, 0);
    parts.push(
      `${writtenCount(stays)} of them fall in ${writtenCount(hidden.length)} ${hidden.length === 1 ? noun.one : noun.many} with fewer than ${report.minGroupSize} such stays, not forecast`,
    );
  }
  if (awaiting.unplaced > 0)
    parts.push(`${writtenCount(awaiting.unplaced)} have no ${periodWords(report.period)}`);
  return parts.length === 0 ? null : `${parts.join('; ')}.`;
}

const table = (rows: string[][], header: string[]): string[] =>
  rows.length === 0 ? [] : pad([header, ...rows]).map((line) => `  ${line}`);
const sentence = (text: string | null): string[] => (text === null ? [] : [`  ${text}`]);

/**
 * "A series of 3 runs of one bundle, oldest first: run 3 on “jan” (410 stays), …"; null for a
 * run watched alone.
 */
export function seriesSentence(report: Pick<MonitoringReport, 'series'>): string | null {
  if (report.series.length < 2) return null;
  const runs = report.series.map(
    (r) =>
      `run ${r.runId} on “${r.cohortName}” (${writtenCount(r.stays)} stays${r.awaiting > 0 ? `, ${writtenCount(r.awaiting)} awaiting an outcome` : ''})`,
  );
  return `A series of ${writtenCount(report.series.length)} runs of one bundle over successive cohorts, oldest first: ${runs.join(', ')}. Their stays are watched together.`;
}

/** The whole report as terminal text. */
export function monitoringText(report: MonitoringReport): string {
  const series = seriesSentence(report);
  const lines = [
    `Monitoring audit run ${report.runId}: ${taskTitle(report.task)}, by ${periodWords(report.period)}${report.unit === null ? '' : ` and by ${attributeName(report.unit).toLowerCase()}`}.`,
    ...(series === null ? [] : [series]),
    '',
    ...monitoringFindings(report).map((sentence) => `- ${sentence}`),
    '',
    `By ${periodWords(report.period)} (95% intervals):`,
    ...table(groupRows(report.periods), GROUP_HEADER),
    ...sentence(suppressedSentence(report.periods, periodNoun(report.period), report.minGroupSize)),
  ];
  if (report.unplaced.period > 0)
    lines.push(
      `  ${writtenCount(report.unplaced.period)} stays have no ${periodWords(report.period)} and are left out.`,
    );
  if (report.units !== null && report.unit !== null) {
    lines.push('', `By ${attributeName(report.unit).toLowerCase()}:`);
    lines.push(...table(groupRows(report.units), GROUP_HEADER));
    lines.push(
      ...sentence(
        suppressedSentence(report.units, attributeNoun(report.unit), report.minGroupSize),
      ),
    );
    if (report.unplaced.unit > 0)
      lines.push(
        `  ${writtenCount(report.unplaced.unit)} stays have no ${attributeName(report.unit).toLowerCase()} and are left out.`,
      );
  }
  if (report.inputDrift)
    lines.push(
      '',
      `Inputs, ${periodSpanWords(report.inputDrift.referencePeriods)} against ${report.inputDrift.latestPeriod} (each stay's mean over its observation window):`,
      ...table(inputDriftRows(report.inputDrift.inputs), INPUT_DRIFT_HEADER),
    );
  const composition = report.evidenceComposition;
  if (composition) {
    lines.push(
      '',
      `What the evidence leans on, by ${periodWords(report.period)} (share of stays searched):`,
      ...table(compositionRows(composition, 'share'), compositionPeriodHeader(composition)),
    );
    if (composition.latestPeriod !== null)
      lines.push(
        '',
        `What the evidence leans on, ${periodSpanWords(composition.referencePeriods)} against ${composition.latestPeriod} (95% intervals):`,
        ...table(compositionShiftRows(composition), COMPOSITION_SHIFT_HEADER),
      );
  }
  if (report.awaiting)
    lines.push(
      '',
      `Stays without an outcome yet, forecast from their risks (by ${periodWords(report.period)}):`,
      ...table(awaitingRows(report.awaiting.periods), AWAITING_HEADER),
      ...sentence(awaitingSuppressedSentence(report.awaiting, report)),
    );
  if (report.leadTime)
    lines.push(
      '',
      `Lead time, from the alert at hour ${writtenCount(report.leadTime.alertHour)} to the outcome's onset (by ${periodWords(report.period)}):`,
      ...table(leadTimeRows(report.leadTime), LEAD_TIME_HEADER),
    );
  lines.push(
    '',
    `Operating points (from the stored risks; the review queue at the run's budget of ${writtenCount(report.queueSize)} stays):`,
    ...pad([POINT_HEADER, ...operatingPointRows(report.operatingPoints)]).map(
      (line) => `  ${line}`,
    ),
    '',
    'How this was computed:',
    ...MONITORING_METHOD.map((line) => `  ${line}`),
  );
  return lines.join('\n');
}

/** How every figure of the report was computed, for the CLI's closing lines and the app's fold. */
export const MONITORING_METHOD = [
  'Rates are counts over counts with exact (Clopper–Pearson) intervals; observed ÷ expected uses',
  "Garwood's exact Poisson interval; the AUROC DeLong's, on the logit scale. The p-chart limits are",
  'exact binomial quantiles (0.135% each side) around the pooled rate; the VLAD adds up expected −',
  "observed outcomes stay by stay; the CUSUM is Steiner et al.'s (2000) risk-adjusted CUSUM, its",
  'limit found by simulating outcomes from the risks; the funnel plot follows Spiegelhalter (2005),',
  "with exact Poisson limits and his overdispersion test. Figures below the bias audit's minimum",
  'counts (10 outcomes, 10 without, 10 alerts) are withheld. Input drift compares the latest period',
  "with the reference periods (else the first period shown): each hourly input is a stay's mean over",
  'its observation window, each numeric static input its value; an input drifted when its',
  'standardised difference is at least 0.1 in size and its Kolmogorov–Smirnov p, Holm-adjusted across',
  'the inputs, is below 0.05. An input with fewer stays with a value than the smallest group shown is',
  "withheld. A stay's evidence rests on a drifted input when an hourly window of its evidence holds a",
  'value of that input; that share has an exact (Clopper–Pearson) interval. Stays whose outcomes are',
  'not in yet are scored, not searched. Their forecast assumes the risks are calibrated: an alert of',
  'risk p is right with probability p, a stay not alerted on has its outcome with probability p; the',
  'range of outcomes is the 2.5% and 97.5% quantiles of the count those risks give (exact',
  'Poisson-binomial up to 5,000 stays, normal beyond). That assumption is checked on the periods',
  'with outcomes: whether their count fell in the range their risks forecast; it held unless so',
  'many misses would arise by chance less than 5% of the time (binomial, 5% a miss). Lead time, where a',
  "task's labels are hourly: the model decides once, at the end of the stay's observation window;",
  'an alerted stay whose outcome happened has a lead time of its onset hour (its first positive',
  "hourly label) minus the window's length. The share alerted before onset has an exact",
  "(Clopper–Pearson) interval; the median and quartiles are order statistics (numpy's linear rule),",
  'shown from 10 such stays. What the evidence leans on: per period, the share of stays searched whose',
  'evidence holds an hourly window where each variable was charted, a window in each quarter of the',
  'observation window, or a note, with exact (Clopper–Pearson) intervals; a row shifted from the',
  'reference to the latest period when the standardised difference of its two shares is at least 0.1',
  "in size and Fisher's exact p, Holm-adjusted across the rows, is below 0.05.",
] as const;

export const FORECAST_HEADER = [
  '',
  'Outcomes the risks expected (95% range)',
  'Outcomes that happened',
  'Within the range',
  'Outcomes caught: forecast, realised',
  'Alerts right: forecast, realised',
];

/** Each period's forecast, made from the risks before outcomes were in, beside what happened. */
export function forecastRows(checks: readonly ForecastCheck[]): string[][] {
  const share = (x: number | null) => (x === null ? 'not defined' : percent(x));
  return checks.map((c) => [
    c.label,
    `${expected(c.expectedEvents)} (${writtenCount(c.lower)} to ${writtenCount(c.upper)})`,
    writtenCount(c.observedEvents),
    c.within ? 'yes' : c.observedEvents > c.upper ? 'no: more happened' : 'no: fewer happened',
    `${share(c.forecast.expectedSensitivity)}, ${share(c.realisedSensitivity)}`,
    `${share(c.forecast.expectedPpv)}, ${share(c.realisedPpv)}`,
  ]);
}
