/**
 * Appendix B: the TRIPOD+AI items an auditor checks first, each mapped to where this report
 * answers it, with page numbers from the laid-out sections. Item numbers follow the TRIPOD+AI
 * checklist (Collins et al., BMJ 2024;385:e078378). This is an evaluation of an existing
 * model, so items about its development are answered from the bundle's provenance only.
 */
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS, sectionRef, type SectionId } from './report-sections';

export interface TripodItem {
  item: string;
  topic: string;
  checks: string;
  where: readonly SectionId[] | 'cover';
  answer: (data: ReportData) => string;
}

export const TRIPOD_ITEMS: readonly TripodItem[] = [
  {
    item: '3b',
    topic: 'Intended population and users',
    checks: 'Who the model is for, where in the care pathway, who uses its output',
    where: ['summary'],
    answer: (d) =>
      `Stays of cohort “${d.cohort.name}” (${d.run.spec.split ?? 'all'} split), predicted from their first 24 h; users: the QI committee and the clinicians who review flagged alerts.`,
  },
  {
    item: '5a',
    topic: 'Data source',
    checks: 'Source of the data, representativeness, synthetic or real',
    where: 'cover',
    answer: (d) =>
      `Cohort “${d.cohort.name}”, source ${d.cohort.source}${d.cohort.synthetic ? ', SYNTHETIC (not patient data)' : ''}; content hash recorded.`,
  },
  {
    item: '8a',
    topic: 'Outcome and horizon',
    checks: 'Outcome definition and time horizon',
    where: 'cover',
    answer: (d) =>
      `${d.model.task}: ${d.model.taskDescription ?? 'as defined by the cohort'}; predicted from the first 24 h after t0.`,
  },
  {
    item: '11',
    topic: 'Handling of missing inputs',
    checks: 'How missing data were handled; how much was missing',
    where: ['methods'],
    answer: () =>
      'Missingness flags, masked note slots and context flags (A.1); hours missing per variable and stays without notes, CXR or ECG (A.3).',
  },
  {
    item: '12e',
    topic: 'Performance measures and plots',
    checks: 'All measures and plots used to evaluate performance, with rationale',
    where: ['performance', 'exhaustion'],
    answer: () =>
      'AUROC, AUPRC, confusion counts, ECE with reliability diagram; faithfulness, exhaustion and evidence-size figures with charts.',
  },
  {
    item: '14',
    topic: 'Fairness approach',
    checks: 'Approach to model fairness and its rationale',
    where: ['bias'],
    answer: (d) =>
      `Subgroup ratios to a reference group, bootstrap p-values, Benjamini–Hochberg (FDR ${d.bias.parameters.fdr}), band [${d.bias.parameters.band.join(', ')}]; groups under ${d.bias.parameters.minGroupSize} suppressed.`,
  },
  {
    item: '15',
    topic: 'Model output and thresholds',
    checks: 'Form of the output; classification thresholds and how they were set',
    where: ['performance', 'methods'],
    answer: (d) =>
      `A probability p_full; ŷ = 1 iff p_full ≥ ${d.model.params.threshold} (the bundle’s threshold); abstention when the search exhausts.`,
  },
  {
    item: '20b',
    topic: 'Subgroup characteristics',
    checks: 'Characteristics of the population overall and per subgroup',
    where: ['bias'],
    answer: () =>
      'Per group of every attribute: n, outcomes and prevalence; suppressed groups named.',
  },
  {
    item: '23a',
    topic: 'Performance with CIs in key subgroups',
    checks: 'Performance estimates with confidence intervals, including key subgroups',
    where: ['performance', 'bias'],
    answer: () =>
      'Every figure with a bootstrap 95% CI, overall (Section 2) and per subgroup (Section 5).',
  },
];

function where(layout: PdfLayout, item: TripodItem): string {
  if (item.where === 'cover') return 'Cover (page 1)';
  return item.where.map((id) => sectionRef(id, layout.sectionPage(id))).join('; ');
}

export function drawTripodMap(layout: PdfLayout, data: ReportData): void {
  layout.section('tripod', SECTIONS.tripod);
  layout.paragraph(
    'The TRIPOD+AI items an auditor of an existing model checks first, and where this report answers them. Item numbers follow the TRIPOD+AI checklist (Collins et al., BMJ 2024;385:e078378); items about how the model was developed are outside an audit and are answered by the bundle’s own documentation.',
  );
  drawTable(
    layout,
    [
      { header: 'Item', weight: 0.8 },
      { header: 'Topic', weight: 2.4 },
      { header: 'What an auditor checks', weight: 3.2 },
      { header: 'In this report', weight: 4.4 },
      { header: 'Where', weight: 2.6 },
    ],
    TRIPOD_ITEMS.map((item) => [
      item.item,
      item.topic,
      item.checks,
      item.answer(data),
      where(layout, item),
    ]),
    { zebra: true, size: 7.2 },
  );
  layout.paragraph('A page number points at the start of the section; the cover is page 1.', {
    colour: COLOURS.muted,
  });
}
