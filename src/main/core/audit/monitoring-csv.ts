/**
 * A monitoring report as CSV files for a QI team's own spreadsheets and control-chart tools:
 * one row per period and unit, one per operating point, one per stay in chart order (its
 * period, VLAD and CUSUM values), and one per input with its drift (the share of the latest
 * stays whose evidence rests on a drifted input repeated on each, so the file stays one
 * table), one per period of stays whose outcomes are not in yet, with their forecast, and
 * the lead time from alert to onset where the task's labels are hourly, and what each
 * period's evidence leans on (one row per variable, band of hours or notes, and period, the
 * latest period's shift from the reference repeated on each).
 * Numbers are written in full precision, empty where a figure is withheld or
 * undefined, with the reason in its own column.
 */
import type { Estimate } from '../../../shared/estimate';
import type {
  AwaitingOutcomes,
  EvidenceCompositionReport,
  InputDriftReport,
  LeadTimeReport,
  MonitoringCsvFile,
  MonitoringGroup,
  MonitoringReport,
} from '../../../shared/monitoring';
import { operatingPointName } from '../../../shared/monitoring-text';
import { csvRecord, spreadsheetSafe } from './abstention-csv';

const number = (x: number | null): string => (x !== null && Number.isFinite(x) ? String(x) : '');
const estimate = (e: Estimate): string[] => [number(e.estimate), number(e.lower), number(e.upper)];
const named = (name: string) => [name, `${name}_lower`, `${name}_upper`];

const GROUP_COLUMNS = [
  'grouping',
  'group',
  'stays',
  'events',
  'expected_events',
  'alerts',
  'suppressed',
  ...named('alert_rate'),
  ...named('sensitivity'),
  ...named('ppv'),
  ...named('auroc'),
  ...named('observed_expected'),
  'calibration_slope',
  'calibration_intercept',
  ...named('exhaustion_rate'),
  'queued',
  ...named('queue_yield'),
  'withheld',
];

function groupRecord(grouping: string, g: MonitoringGroup): string {
  return csvRecord([
    grouping,
    spreadsheetSafe(g.label),
    String(g.stays),
    // A suppressed group's counts beyond its size could single out its few patients.
    g.suppressed ? '' : String(g.events),
    g.suppressed ? '' : number(g.expectedEvents),
    g.suppressed ? '' : String(g.alerts),
    g.suppressed ? 'yes' : 'no',
    ...estimate(g.alertRate),
    ...estimate(g.sensitivity),
    ...estimate(g.ppv),
    ...estimate(g.auroc),
    ...estimate(g.observedExpected),
    number(g.calibrationSlope),
    number(g.calibrationIntercept),
    ...estimate(g.exhaustionRate),
    g.suppressed ? '' : String(g.queued),
    ...estimate(g.queueYield),
    Object.entries(g.withheld)
      .map(([figure, reason]) => `${figure}: ${reason}`)
      .join('; '),
  ]);
}

function inputDriftCsv(drift: InputDriftReport): string {
  const { evidenceOnDrifted } = drift;
  return (
    csvRecord([
      'input',
      'kind',
      'unit',
      'reference',
      'reference_periods',
      'latest_period',
      'reference_values',
      'latest_values',
      'standardised_difference',
      'ks_distance',
      'ks_p',
      'ks_p_holm',
      'drifted',
      'withheld',
      'latest_stays',
      'latest_stays_evidence_on_drifted',
      ...named('evidence_on_drifted_share'),
    ]) +
    drift.inputs
      .map((i) =>
        csvRecord([
          spreadsheetSafe(i.variable),
          i.kind,
          spreadsheetSafe(i.unit),
          drift.referenceKind,
          spreadsheetSafe(drift.referencePeriods.join('; ')),
          spreadsheetSafe(drift.latestPeriod),
          String(i.referenceValues),
          String(i.latestValues),
          number(i.standardisedDifference),
          number(i.distance),
          number(i.pValue),
          number(i.adjustedPValue),
          i.drifted ? 'yes' : 'no',
          i.withheld ?? '',
          String(evidenceOnDrifted.stays),
          String(evidenceOnDrifted.count),
          ...estimate(evidenceOnDrifted.share),
        ]),
      )
      .join('')
  );
}

export function monitoringCsv(report: MonitoringReport): MonitoringCsvFile[] {
  const groups =
    csvRecord(GROUP_COLUMNS) +
    report.periods.map((g) => groupRecord('period', g)).join('') +
    (report.units ?? []).map((g) => groupRecord('unit', g)).join('');
  const points =
    csvRecord([
      'operating_point',
      'threshold',
      ...named('sensitivity'),
      ...named('specificity'),
      ...named('ppv'),
      ...named('alerts_per_100_stays'),
      ...named('number_needed_to_evaluate'),
      'queued',
      ...named('queue_yield'),
    ]) +
    report.operatingPoints
      .map((p) =>
        csvRecord([
          operatingPointName(p),
          number(p.threshold),
          ...estimate(p.sensitivity),
          ...estimate(p.specificity),
          ...estimate(p.ppv),
          ...estimate(p.alertsPer100Stays),
          ...estimate(p.numberNeededToEvaluate),
          String(p.queued),
          ...estimate(p.queueYield),
        ]),
      )
      .join('');
  const { sequence } = report;
  const signals = new Set(sequence.cusum.signals);
  const stays =
    csvRecord(['order', 't0', 'period', 'vlad', 'cusum', 'cusum_signal']) +
    sequence.t0
      .map((t0, i) =>
        csvRecord([
          String(i + 1),
          t0,
          spreadsheetSafe(sequence.period[i]!),
          number(sequence.vlad[i]!),
          number(sequence.cusum.values[i]!),
          signals.has(i) ? 'yes' : 'no',
        ]),
      )
      .join('');
  return [
    { name: 'monitoring-groups.csv', csv: groups },
    { name: 'monitoring-operating-points.csv', csv: points },
    { name: 'monitoring-sequence.csv', csv: stays },
    ...(report.inputDrift
      ? [{ name: 'monitoring-input-drift.csv', csv: inputDriftCsv(report.inputDrift) }]
      : []),
    ...(report.evidenceComposition
      ? [
          {
            name: 'monitoring-evidence-composition.csv',
            csv: compositionCsv(report.evidenceComposition),
          },
        ]
      : []),
    ...(report.awaiting
      ? [{ name: 'monitoring-awaiting-outcomes.csv', csv: awaitingCsv(report.awaiting) }]
      : []),
    ...(report.leadTime
      ? [{ name: 'monitoring-lead-time.csv', csv: leadTimeCsv(report.leadTime) }]
      : []),
  ];
}

/** Each row of the composition in each period, with the latest period's shift from the reference. */
function compositionCsv(c: EvidenceCompositionReport): string {
  return (
    csvRecord([
      'kind',
      'evidence_holds',
      'unit',
      'period',
      'stays_searched',
      'stays_holding',
      ...named('share'),
      'reference_periods',
      'latest_period',
      ...named('reference_share'),
      ...named('latest_share'),
      'standardised_difference',
      'holm_adjusted_p',
      'shifted',
    ]) +
    c.rows
      .flatMap((row) =>
        row.byPeriod.map((cell, k) =>
          csvRecord([
            row.kind,
            spreadsheetSafe(row.label),
            spreadsheetSafe(row.unit),
            spreadsheetSafe(c.periods[k]!.label),
            String(c.periods[k]!.stays),
            String(cell.count),
            ...estimate(cell.share),
            spreadsheetSafe(c.referencePeriods.join('; ')),
            spreadsheetSafe(c.latestPeriod ?? ''),
            ...(row.shift === null
              ? ['', '', '', '', '', '', '', '', '']
              : [
                  ...estimate(row.shift.referenceShare),
                  ...estimate(row.shift.latestShare),
                  number(row.shift.standardisedDifference),
                  number(row.shift.adjustedPValue),
                  row.shift.direction ?? 'no',
                ]),
          ]),
        ),
      )
      .join('')
  );
}

/** All stays, then each period: the caught stays' lead times from the alert to the onset. */
function leadTimeCsv(lead: LeadTimeReport): string {
  return (
    csvRecord([
      'group',
      'alert_hour',
      'alerted_stays_with_outcome',
      'alerted_before_onset',
      ...named('share_before_onset'),
      'median_hours_alert_to_onset',
      'lower_quartile_hours',
      'upper_quartile_hours',
    ]) +
    [lead.overall, ...lead.periods]
      .map((g) =>
        csvRecord([
          spreadsheetSafe(g.label),
          String(lead.alertHour),
          String(g.caught),
          String(g.beforeOnset),
          ...estimate(g.shareBeforeOnset),
          number(g.median),
          number(g.lowerQuartile),
          number(g.upperQuartile),
        ]),
      )
      .join('')
  );
}

/** One row per period of stays without an outcome yet; a suppressed period gives its size only. */
function awaitingCsv(awaiting: AwaitingOutcomes): string {
  return (
    csvRecord([
      'period',
      'stays',
      'suppressed',
      'alerts',
      'expected_events',
      'events_range_lower',
      'events_range_upper',
      'observed_expected_range_lower',
      'observed_expected_range_upper',
      'expected_sensitivity',
      'expected_ppv',
      'expected_true_positives',
      'expected_false_positives',
      'expected_false_negatives',
      'expected_true_negatives',
    ]) +
    awaiting.periods
      .map((p) => {
        const f = p.forecast;
        const shown = p.suppressed
          ? Array<string>(12).fill('')
          : [
              String(p.alerts),
              number(f.expectedEvents),
              String(p.lower),
              String(p.upper),
              number(p.observedExpectedRange?.lower ?? null),
              number(p.observedExpectedRange?.upper ?? null),
              number(f.expectedSensitivity),
              number(f.expectedPpv),
              number(f.expected.tp),
              number(f.expected.fp),
              number(f.expected.fn),
              number(f.expected.tn),
            ];
        return csvRecord([
          spreadsheetSafe(p.label),
          String(p.stays),
          p.suppressed ? 'yes' : 'no',
          ...shown,
        ]);
      })
      .join('')
  );
}
