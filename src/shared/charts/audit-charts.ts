/**
 * Cohort-level figures of an audit run (PDF report and dashboard): the reliability diagram of
 * the full model beside the evidence alone, exhaustion rates by outcome class with their
 * bootstrap intervals, and the evidence-size distribution of two groups of stays.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import {
  CONFUSION_CLASSES,
  type CalibrationSection,
  type ClassExhaustion,
  type ConfusionClass,
  type EvidenceSizeSection,
  type SizeGroup,
} from '../audit-statistics';
import { estimateText } from '../figure-text';
import { baseOptions, categoryAxis, linearAxis, METHOD_COLOURS, translucent } from './chart-style';

export type Point = { x: number; y: number | null };

/** Outcome-class colours, the same in every audit figure. */
export const OUTCOME_COLOURS: Record<ConfusionClass, string> = {
  TP: '#2ca02c',
  FP: '#d62728',
  TN: '#1f77b4',
  FN: '#ff7f0e',
};

function binPoints(curve: CalibrationSection): Point[] {
  return curve.curve.flatMap((bin) =>
    bin.meanPredicted !== null && bin.observedRate.estimate !== null
      ? [{ x: bin.meanPredicted, y: bin.observedRate.estimate }]
      : [],
  );
}

/**
 * Vertical interval segments at each bin's mean prediction, as ONE dataset: a null point
 * between segments breaks the line, so no error-bar plugin is needed in either renderer.
 */
function intervalSegments(curve: CalibrationSection): Point[] {
  return curve.curve.flatMap((bin) => {
    const { lower, upper } = bin.observedRate;
    if (bin.meanPredicted === null || lower === null || upper === null) return [];
    const x = bin.meanPredicted;
    return [
      { x, y: lower },
      { x, y: upper },
      { x, y: null },
    ];
  });
}

/**
 * A reliability diagram's two curves, as both sources carry them: a run's
 * CohortStatistics.calibration as it is, `toe evaluate`'s calibration section as
 * { full, evidence: toe }.
 */
export interface ReliabilityCurves {
  full: CalibrationSection;
  evidence: CalibrationSection;
}

/**
 * The one reliability diagram of the full model beside its evidence, for runs (dashboard,
 * PDF) and evaluations alike: p_full and the evidence's p with 95% intervals as bars.
 * `evidenceLabel` names the evidence's curve ("ToE, k = 5" for an evaluation).
 */
export function fullVsEvidenceReliabilityChart(
  curves: ReliabilityCurves,
  subtitle: string,
  evidenceLabel = 'evidence alone, p_E',
): ChartConfiguration<'line', Point[]> {
  const ece = (section: CalibrationSection) => estimateText(section.ece, 'decimal');
  return reliabilityChart(
    `Calibration: full input vs evidence (ECE ${ece(curves.full)} vs ${ece(curves.evidence)})`,
    subtitle,
    [
      { label: 'full input, p_full', section: curves.full, colour: METHOD_COLOURS.full },
      { label: evidenceLabel, section: curves.evidence, colour: METHOD_COLOURS.toe },
    ],
  );
}

/** Reliability curves with their 95% interval bars over the diagonal of perfect calibration. */
export function reliabilityChart(
  title: string,
  subtitle: string,
  curves: readonly { label: string; section: CalibrationSection; colour: string }[],
): ChartConfiguration<'line', Point[]> {
  const options = baseOptions<'line'>(title, subtitle);
  options.scales = {
    x: linearAxis({ title: 'mean predicted probability in bin', min: 0, max: 1 }),
    y: linearAxis({ title: 'observed outcome rate in bin', min: 0, max: 1 }),
  };
  const curve = ({ label, section, colour }: (typeof curves)[number]) => [
    {
      label,
      data: binPoints(section),
      borderColor: colour,
      backgroundColor: colour,
      pointRadius: 4,
      borderWidth: 2,
    },
    {
      label: '',
      data: intervalSegments(section),
      borderColor: translucent(colour, 0.55),
      borderWidth: 2,
      pointRadius: 0,
      spanGaps: false,
    },
  ];
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'perfect calibration',
          data: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          borderColor: '#999999',
          borderDash: [4, 4],
          pointRadius: 0,
        },
        ...curves.flatMap(curve),
      ],
    },
    options,
  };
}

const percent = (x: number | null) => (x === null ? null : 100 * x);

/**
 * Exhaustion rate among TP, FP, TN and FN with 95% intervals. The interval is a thin
 * floating bar over the estimate (grouped: false puts it on the same slot; order 0 draws it
 * last, on top).
 */
export function exhaustionByClassChart(
  byClass: Readonly<Record<ConfusionClass, ClassExhaustion>>,
  subtitle: string,
): ChartConfiguration<'bar', (number | [number, number] | null)[]> {
  const options = baseOptions<'bar'>('Searches exhausted by outcome class', subtitle);
  // The classes are named (and coloured) on the axis; a one-entry legend would mislead.
  options.plugins = { ...options.plugins, legend: { display: false } };
  options.scales = {
    x: categoryAxis('outcome class at the decision threshold (stays)'),
    y: linearAxis({ title: 'searches exhausted (% of the class)', min: 0, max: 100 }),
  };
  const labels = CONFUSION_CLASSES.map(
    (c) => `${c} (${byClass[c].exhausted} of ${byClass[c].stays})`,
  );
  const estimates: ChartDataset<'bar', (number | [number, number] | null)[]> = {
    label: 'exhausted (%)',
    data: CONFUSION_CLASSES.map((c) => percent(byClass[c].rate.estimate)),
    backgroundColor: CONFUSION_CLASSES.map((c) => OUTCOME_COLOURS[c]),
    order: 1,
  };
  const intervals: ChartDataset<'bar', (number | [number, number] | null)[]> = {
    label: '',
    data: CONFUSION_CLASSES.map((c) => {
      const { lower, upper } = byClass[c].rate;
      return lower === null || upper === null ? null : [100 * lower, 100 * upper];
    }),
    backgroundColor: '#222222',
    grouped: false,
    barPercentage: 0.04,
    order: 0,
  };
  return { type: 'bar', data: { labels, datasets: [estimates, intervals] }, options };
}

export interface SizeGroupSeries {
  label: string;
  group: Pick<SizeGroup, 'n' | 'histogram'>;
  colour: string;
}

/** Evidence size |E| as the share of each group's stays (groups differ in size). */
export function evidenceSizeDistributionChart(
  title: string,
  groups: readonly SizeGroupSeries[],
  subtitle: string,
): ChartConfiguration<'bar'> {
  const options = baseOptions<'bar'>(title, subtitle);
  options.scales = {
    x: categoryAxis('evidence size |E| (units)'),
    y: linearAxis({ title: 'stays in group (%)', min: 0 }),
  };
  const sizes = Math.max(0, ...groups.map((g) => g.group.histogram.length));
  return {
    type: 'bar',
    data: {
      labels: Array.from({ length: sizes }, (_, s) => String(s)),
      datasets: groups.map((g) => ({
        label: `${g.label} (n = ${g.group.n})`,
        data: Array.from({ length: sizes }, (_, s) =>
          g.group.n > 0 ? (100 * (g.group.histogram[s] ?? 0)) / g.group.n : 0,
        ),
        backgroundColor: g.colour,
      })),
    },
    options,
  };
}

/** How a cohort's evidence sizes are split: by true outcome, or by the decision's correctness. */
export type EvidenceSizeSplit = 'outcome' | 'correctness';

export const EVIDENCE_SIZE_TITLES: Record<EvidenceSizeSplit, string> = {
  outcome: 'Evidence size by outcome',
  correctness: 'Evidence size by correctness of the decision',
};

/** The two groups of a split, named and coloured the same for runs and evaluations. */
export function evidenceSizeGroups(
  section: EvidenceSizeSection,
  split: EvidenceSizeSplit,
): (SizeGroupSeries & { group: SizeGroup })[] {
  return split === 'outcome'
    ? [
        {
          label: 'no outcome (y = 0)',
          group: section.byOutcome.negative,
          colour: OUTCOME_COLOURS.TN,
        },
        { label: 'outcome (y = 1)', group: section.byOutcome.positive, colour: OUTCOME_COLOURS.FN },
      ]
    : [
        {
          label: 'full model correct',
          group: section.byCorrectness.correct,
          colour: OUTCOME_COLOURS.TP,
        },
        {
          label: 'full model wrong',
          group: section.byCorrectness.incorrect,
          colour: OUTCOME_COLOURS.FP,
        },
      ];
}

/**
 * The one evidence-size chart, for a run's statistics (dashboard, PDF) and `toe evaluate`'s
 * dynamic-mode section alike: |E| as the share of each group's stays.
 */
export function evidenceSizeChart(
  section: EvidenceSizeSection,
  split: EvidenceSizeSplit,
  subtitle: string,
): ChartConfiguration<'bar'> {
  return evidenceSizeDistributionChart(
    EVIDENCE_SIZE_TITLES[split],
    evidenceSizeGroups(section, split),
    subtitle,
  );
}
