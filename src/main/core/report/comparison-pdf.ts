/**
 * `toe compare RUN_A RUN_B --pdf compare.pdf` and the app's "Download PDF": a RunComparison
 * laid out as a PDF on the audit report's page model (pdf-layout.ts, pdf-table.ts, charts
 * rendered by chart-png.ts). The layout computes no figure: every number and every cell is
 * the comparison's, formatted by the same code as `toe compare`'s terminal table
 * (shared/comparison-text.ts).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { COMPARED_FIGURE_GROUPS, type RunComparison } from '../../../shared/run-comparison';
import {
  comparisonReliabilityChart,
  dominantVariables,
  evidenceHoursChart,
  evidenceVariablesChart,
} from '../../../shared/charts/comparison-charts';
import {
  comparisonFindings,
  comparisonRows,
  compositionRows,
  compositionSummary,
  summaryLine,
  unitsText,
  type Row,
} from '../../../shared/comparison-text';
import { taskTitle } from '../../../shared/task-titles';
import { utcMinute } from './figure-format';
import { PdfLayout } from './pdf-layout';
import { drawTable, type Cell, type Column } from './pdf-table';
import { portablePath } from '../paths/portable-path';
import { placeChart } from './report-charts';
import { findReportFonts, registerChartFonts, REPORT_FONTS_DIR } from './report-fonts';
import { COLOURS } from './report-style';

/** Section titles, in order: one list for the writer, the bookmarks and the tests. */
export const COMPARISON_SECTIONS = {
  compared: '1. What was compared',
  summary: '2. Summary of the differences',
  figures: '3. Figures of both runs',
  calibration: '4. Calibration',
  evidence: '5. Evidence composition',
  subgroups: '6. Subgroups',
} as const;

/** Dominant variables drawn in the chart; the table lists every variable. */
const CHARTED_VARIABLES = 15;

const COLUMNS: readonly Column[] = [
  { header: 'Figure', weight: 2.6 },
  { header: 'Better', weight: 0.7 },
  { header: 'A', weight: 0.8, align: 'right' },
  { header: 'B', weight: 0.8, align: 'right' },
  { header: 'B vs A (95% CI)', weight: 2.8 },
  { header: 'BH p', weight: 0.8, align: 'right' },
  { header: 'Reading', weight: 2.4 },
];

export interface ComparisonReportOptions {
  /** Folder with the report's fonts (default: resources/fonts of this checkout). */
  fontsDir?: string;
  /** The report's date (default: now). */
  generatedAt?: string;
}

function names(c: RunComparison): { a: string; b: string } {
  return {
    a: `A: run ${c.a.runId}, ${c.a.cohortName}`,
    b: `B: run ${c.b.runId}, ${c.b.cohortName}`,
  };
}

function cells(row: Row): Cell[] {
  const emphasis = row.worse ? { bold: true, colour: COLOURS.flag } : {};
  return [
    row.figure,
    row.better,
    row.a,
    row.b,
    { text: row.diff, ...emphasis },
    row.p,
    { text: row.reading, ...emphasis },
  ];
}

/** `withBetter`: the "Better" column, left out for the evidence composition (no direction). */
function table(layout: PdfLayout, rows: readonly Row[], withBetter = true): void {
  const keep = (_: unknown, i: number) => withBetter || i !== 1;
  drawTable(
    layout,
    COLUMNS.filter(keep),
    rows.map((row) => cells(row).filter(keep)),
    {
      zebra: true,
    },
  );
}

function drawCompared(layout: PdfLayout, c: RunComparison, generatedAt: string): void {
  layout.section('compared', COMPARISON_SECTIONS.compared);
  const side = (label: string, r: RunComparison['a']): [string, string][] => [
    [`Run ${label}`, `audit run ${r.runId}, ${taskTitle(r.task)}`],
    [
      `Cohort ${label}`,
      `“${r.cohortName}”${r.synthetic ? ' (SYNTHETIC)' : ''}, source ${r.cohortSource}, ${r.split ? `${r.split} split` : 'all splits'}, ${r.stays} stays audited`,
    ],
    [
      `Bundle ${label}`,
      `${portablePath(r.bundleDir)}${r.bundleFingerprint ? `, fingerprint ${r.bundleFingerprint.slice(0, 16)}…` : ''}`,
    ],
    [
      `Decision ${label}`,
      `${r.decision}: an alert when the risk is at least ${r.threshold.toFixed(2)}`,
    ],
    ...r.warnings.map((w): [string, string] => [`Warning ${label}`, w]),
  ];
  layout.keyValues([...side('A', c.a), ...side('B', c.b)], 90);
  layout.heading('What to do');
  layout.bullets(c.advice);
  layout.heading('How the runs differ');
  layout.bullets(c.differences);
  if (c.notes.length > 0) {
    layout.heading('Notes');
    layout.bullets(c.notes);
  }
  const p = c.parameters;
  layout.heading('Method');
  layout.keyValues(
    [
      ['Report date', utcMinute(generatedAt)],
      [
        'Tests',
        `AUROC by DeLong's test (paired when both runs scored the same stays); rates of counts by Newcombe's interval and Fisher's exact test; observed ÷ expected events by the conditional binomial (B ÷ A); the rest from ${p.resamples} bootstrap resamples of each run's stays, drawn independently (seed ${p.seedA} for A, ${p.seedB} for B), draw by draw, 95% percentile intervals, two-sided bootstrap p-values; each run's own figures as its report shows them (seed ${p.seed})`,
      ],
      [
        'Readings',
        'a difference shown after Benjamini–Hochberg is read as worse or better in B where the figure has a better direction (observed ÷ expected: closer to 1), else higher or lower; a difference that only reflects data a run lacks (no alerts, no notes) is not compared',
      ],
      [
        'Flags',
        `Benjamini–Hochberg at FDR ${p.fdrLevel}: run figures and subgroups together; the evidence composition (hours and variables) as a family of its own`,
      ],
      ['Subgroups', `groups with at least ${p.minGroupSize} stays in both runs`],
      ['Definitions', 'docs/audit-metrics.md, “Comparing two runs”'],
    ],
    90,
  );
}

function drawSummary(layout: PdfLayout, c: RunComparison): void {
  layout.section('summary', COMPARISON_SECTIONS.summary);
  layout.paragraph(summaryLine(c));
  layout.bullets(comparisonFindings(c));
}

function drawFigures(layout: PdfLayout, c: RunComparison): void {
  layout.section('figures', COMPARISON_SECTIONS.figures);
  layout.paragraph(summaryLine(c));
  const { runs } = comparisonRows(c);
  for (const group of COMPARED_FIGURE_GROUPS) {
    layout.heading(group.title);
    table(
      layout,
      group.figures.map((figure) => runs[c.figures.findIndex((f) => f.figure === figure)]!),
    );
  }
}

function drawCalibration(layout: PdfLayout, c: RunComparison): void {
  layout.section('calibration', COMPARISON_SECTIONS.calibration);
  placeChart(
    layout,
    comparisonReliabilityChart(c.calibration, names(c)),
    300,
    'Reliability curves of the decision’s probability in both runs: each point is a bin’s mean prediction against its observed outcome rate, the bars its 95% interval. The curves are not tested bin by bin; their ECE is, in section 3.',
  );
}

/** "6–24, 30" for hours 6, 7, …, 24 and 30. */
function hourRanges(hours: readonly number[]): string {
  const ranges: [number, number][] = [];
  for (const h of hours) {
    const last = ranges.at(-1);
    if (last && h === last[1] + 1) last[1] = h;
    else ranges.push([h, h]);
  }
  return ranges
    .map(([from, to]) => (from === to ? `hour ${from}` : `hours ${from}–${to}`))
    .join(', ');
}

function drawEvidence(layout: PdfLayout, c: RunComparison): void {
  layout.section('evidence', COMPARISON_SECTIONS.evidence);
  const e = c.evidence;
  if (!e) {
    layout.paragraph('Not available: the stays of these runs are no longer in the store.');
    return;
  }
  layout.bullets([unitsText('Run A', e.units.a), unitsText('Run B', e.units.b)]);
  layout.paragraph(compositionSummary(e, c.parameters.fdrLevel));
  const { hours, variables } = compositionRows(e);
  layout.heading('Which hours dominate the evidence');
  placeChart(
    layout,
    evidenceHoursChart(e, names(c)),
    220,
    'Share of each run’s evidence sets that hold the hourly window of hour t.',
  );
  // Hours no evidence set of either run holds would fill pages with "not tested" rows.
  const unheld = e.byHour.filter((h) => h.a.estimate === 0 && h.b.estimate === 0);
  table(
    layout,
    hours.filter((_, i) => !unheld.includes(e.byHour[i]!)),
    false,
  );
  if (unheld.length > 0) {
    layout.paragraph(
      `Held by no evidence set of either run (not tested): ${hourRanges(unheld.map((h) => h.hour + 1))}.`,
    );
  }
  layout.heading('Which variables dominate the evidence');
  const top = dominantVariables(e, CHARTED_VARIABLES);
  placeChart(
    layout,
    evidenceVariablesChart(top, names(c)),
    Math.max(180, 40 + top.length * 18),
    `The ${top.length} variables charted most often in either run’s evidence windows; variables are matched by name across the two cohorts. The table lists every variable.`,
  );
  table(layout, variables, false);
}

function drawSubgroups(layout: PdfLayout, c: RunComparison): void {
  layout.section('subgroups', COMPARISON_SECTIONS.subgroups);
  const { groups } = comparisonRows(c);
  if (groups.length === 0) {
    layout.paragraph(
      `No attribute has groups of at least ${c.parameters.minGroupSize} stays in both runs to compare.`,
    );
    return;
  }
  layout.paragraph(
    'AUROC, false-alarm rate and missed-outcome rate of each group both runs have (its stays in A / B), tested with the run figures.',
  );
  table(layout, groups);
}

/** Lays the comparison out; returns the layout with every page still buffered. */
export function layOutComparison(
  c: RunComparison,
  generatedAt: string,
  fontsDir = REPORT_FONTS_DIR,
): PdfLayout {
  const fonts = findReportFonts(fontsDir);
  registerChartFonts(fonts);
  const synthetic = c.a.synthetic || c.b.synthetic;
  const layout = new PdfLayout({
    fonts,
    banner: synthetic
      ? 'SYNTHETIC DATA: NOT PATIENT DATA. At least one cohort compared is simulated; draw no clinical conclusion.'
      : null,
    footer: `ToE Audit comparison · runs ${c.a.runId} and ${c.b.runId} · ${c.a.task} · ${generatedAt.slice(0, 10)}`,
    title: `ToE Audit comparison of runs ${c.a.runId} and ${c.b.runId}`,
    subject: 'Two Tree-of-Evidence audit runs compared',
    created: new Date(generatedAt),
  });
  drawCompared(layout, c, generatedAt);
  drawSummary(layout, c);
  drawFigures(layout, c);
  drawCalibration(layout, c);
  drawEvidence(layout, c);
  drawSubgroups(layout, c);
  layout.finish();
  return layout;
}

/** The comparison as PDF bytes and its page count. */
export async function comparisonPdf(
  c: RunComparison,
  options: ComparisonReportOptions = {},
): Promise<{ pdf: Buffer; pages: number }> {
  const layout = layOutComparison(
    c,
    options.generatedAt ?? new Date().toISOString(),
    options.fontsDir,
  );
  const pages = layout.doc.bufferedPageRange().count;
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    layout.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    layout.doc.on('end', resolve);
    layout.doc.on('error', reject);
  });
  layout.doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), pages };
}

/** Writes the PDF atomically: a temporary file renamed into place. */
export async function writeComparisonReport(
  c: RunComparison,
  outPath: string,
  options: ComparisonReportOptions = {},
): Promise<{ path: string; pages: number }> {
  const { pdf, pages } = await comparisonPdf(c, options);
  const partial = `${outPath}.part`;
  try {
    writeFileSync(partial, pdf);
    renameSync(partial, outPath);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { path: outPath, pages };
}
