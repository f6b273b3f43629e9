/**
 * A RunComparison as text: the terminal table of `toe compare` and its Markdown report, and
 * the rows the PDF prints (core/report/comparison-pdf.ts): one formatter for every front end.
 * Figure, A, B, B against A with its 95% interval, the BH-adjusted p-value and what the
 * comparison reads (worse, better, not shown to differ, not compared and why).
 */
import { estimateText, figureCell, pValueCell } from './figure-text';
import type {
  ComparedRunInfo,
  EvidenceComposition,
  EvidenceUnitCounts,
  FigureDifference,
  RunComparison,
} from './run-comparison';
import {
  COMPARED_FIGURE_STYLE,
  betterText,
  comparisonSummaryLine as summaryLine,
  contrastCell,
  readingText,
  subgroupLabel,
  variableLabel,
} from './run-comparison';
import { taskTitle } from './task-titles';

export { summaryLine };

/**
 * How a front end prints a path (the bundle's folder): `toe compare` prints it relative to
 * the folder it runs in when it lies below it; the default prints it as recorded.
 */
export interface ComparisonTextOptions {
  pathText?: (path: string) => string;
}

const asRecorded = (path: string): string => path;

/** A number without an interval (a bin's mean prediction) with 3 decimals. */
function num(x: number | null, digits = 3): string {
  return x === null ? '–' : x.toFixed(digits);
}

/** How a compared figure reads: shares and probabilities as decimals, evidence sizes as units. */
type ComparedStyle = 'decimal' | 'units';

/** One comparison as printed: every cell already formatted. */
export interface Row {
  figure: string;
  a: string;
  b: string;
  diff: string;
  p: string;
  /** Which way is better: "higher", "lower", "nearer 1" or "–". */
  better: string;
  /** What the comparison reads: "worse in B", "not shown to differ", "not compared: …". */
  reading: string;
  /** The reading flags a worse figure in B (printed in capitals in the terminal). */
  worse: boolean;
}

function rowOf(figure: string, d: FigureDifference, style: ComparedStyle): Row {
  return {
    figure,
    a: estimateText(d.a, style),
    b: estimateText(d.b, style),
    diff: contrastCell(d, style),
    p: pValueCell(d.adjustedP),
    better: betterText(d.better),
    reading: readingText(d),
    worse: d.reading === 'worse',
  };
}

export function compositionRows(e: EvidenceComposition): { hours: Row[]; variables: Row[] } {
  return {
    hours: e.byHour.map((h) => rowOf(`Hour ${h.hour + 1}`, h, 'decimal')),
    variables: e.byVariable.map((v) => rowOf(variableLabel(v), v, 'decimal')),
  };
}

export function unitsText(label: string, u: EvidenceUnitCounts): string {
  return `${label}: ${u.evidenceUnits} evidence units over ${u.stays} stays, ${u.windowUnits} hourly windows and ${u.noteUnits} note chunks`;
}

export function compositionSummary(e: EvidenceComposition, fdrLevel: number): string {
  const pct = Math.round(fdrLevel * 100);
  return `${e.flagged} of ${e.tested} tested hours and variables flagged (Benjamini–Hochberg over the evidence composition alone, FDR ${pct}%).`;
}

/** The printed rows of every table of a comparison, shared by the text, Markdown and PDF. */
export function comparisonRows(c: RunComparison): { runs: Row[]; groups: Row[] } {
  return {
    runs: c.figures.map((f) => rowOf(f.label, f, COMPARED_FIGURE_STYLE[f.figure])),
    groups: c.subgroups.map((g) => rowOf(subgroupLabel(g), g, 'decimal')),
  };
}

export function runLine(label: string, r: ComparedRunInfo, pathText = asRecorded): string {
  return `${label}: audit run ${r.runId}, ${taskTitle(r.task)}, cohort "${r.cohortName}"${r.synthetic ? ' [SYNTHETIC]' : ''} (${r.split ?? 'all stays'}, ${r.stays} stays), bundle ${pathText(r.bundleDir)}, ${r.decision} decision at threshold ${r.threshold.toFixed(3)}`;
}

const HEADER: Row = {
  figure: 'Figure',
  a: 'A',
  b: 'B',
  diff: 'B vs A (95% CI)',
  p: 'BH p',
  better: 'Better',
  reading: 'Reading',
  worse: false,
};

/** A table's rows; `withBetter`: the "Better" column, left out where no row has a direction. */
function table(list: Row[], withBetter = true): string[] {
  const all = [HEADER, ...list];
  const keys = (['figure', 'better', 'a', 'b', 'diff', 'p', 'reading'] as const).filter(
    (k) => withBetter || k !== 'better',
  );
  const cell = (r: Row, k: (typeof keys)[number]) =>
    k === 'reading' && r.worse ? r.reading.toUpperCase() : r[k];
  const widths = keys.map((k) => Math.max(...all.map((r) => cell(r, k).length)));
  return all.map((r) =>
    keys
      .map((k, i) => cell(r, k).padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

function finding(row: Row, d: FigureDifference, what: string): string {
  const contrast = d.contrast === 'ratio' ? 'B ÷ A' : 'B − A';
  return `${what}: ${readingText(d)} (${row.a} in A, ${row.b} in B; ${contrast} ${row.diff}, BH-adjusted p ${row.p}).`;
}

/**
 * What the comparison found, in plain words: each flagged difference with its direction and
 * interval, then what was not tested. A reader of the PDF's summary needs no table for it.
 */
export function comparisonFindings(c: RunComparison): string[] {
  const { runs, groups } = comparisonRows(c);
  const pct = Math.round(c.parameters.fdrLevel * 100);
  const out: string[] = [];
  c.figures.forEach((f, i) => {
    if (f.flagged) out.push(finding(runs[i]!, f, f.label));
  });
  c.subgroups.forEach((g, i) => {
    if (g.flagged) out.push(finding(groups[i]!, g, subgroupLabel(g)));
  });
  if (c.flagged === 0) {
    out.push(
      `No difference in the run figures or subgroups is flagged (0 of ${c.tested} tested, Benjamini–Hochberg at FDR ${pct}%). That does not make the runs equivalent: the intervals of B − A say how large a difference the data still allow.`,
    );
  }
  const e = c.evidence;
  if (e) {
    const { hours, variables } = compositionRows(e);
    e.byHour.forEach((h, i) => {
      if (h.flagged)
        out.push(finding(hours[i]!, h, `The share of evidence sets holding hour ${h.hour + 1}`));
    });
    e.byVariable.forEach((v, i) => {
      if (v.flagged)
        out.push(
          finding(
            variables[i]!,
            v,
            `The share of evidence windows with ${variableLabel(v)} charted`,
          ),
        );
    });
    if (e.flagged === 0)
      out.push(
        `No hour or variable of the evidence composition is flagged (0 of ${e.tested} tested, Benjamini–Hochberg at FDR ${pct}% over the composition alone).`,
      );
  }
  const notTested = [...c.figures, ...c.subgroups].filter((d) => d.notTested !== null).length;
  if (notTested > 0)
    out.push(
      `${notTested} run or subgroup figures are not tested (undefined or not estimable in a run); the tables say why.`,
    );
  const absent = [...c.figures, ...c.subgroups].filter((d) => d.absentData !== null).length;
  if (absent > 0)
    out.push(
      `${absent} differences only reflect data a run lacks (no alerts, no notes) and are not findings; the tables say which.`,
    );
  return out;
}

/** The terminal text of `toe compare`. */
export function comparisonText(c: RunComparison, options: ComparisonTextOptions = {}): string {
  const { runs, groups } = comparisonRows(c);
  const lines = [
    runLine('A', c.a, options.pathText),
    ...c.a.warnings.map((w) => `  warning (A): ${w}`),
    runLine('B', c.b, options.pathText),
    ...c.b.warnings.map((w) => `  warning (B): ${w}`),
    ...c.differences.map((d) => `  ${d}`),
    ...c.notes.map((n) => `  note: ${n}`),
    '',
    'What to do:',
    ...c.advice.map((a) => `  ${a}`),
    '',
    ...table(runs),
  ];
  if (groups.length > 0) lines.push('', 'Subgroups (both runs):', ...table(groups));
  else
    lines.push(
      '',
      'Subgroups: none compared (no attribute with groups large enough in both runs).',
    );
  lines.push('', summaryLine(c));
  const e = c.evidence;
  if (e) {
    const { hours, variables } = compositionRows(e);
    const flagged = [...e.byHour, ...e.byVariable]
      .map((d, i) => (d.flagged ? [...hours, ...variables][i]! : null))
      .filter((r): r is Row => r !== null);
    lines.push(
      '',
      'Evidence composition:',
      `  ${unitsText('A', e.units.a)}`,
      `  ${unitsText('B', e.units.b)}`,
      `  ${compositionSummary(e, c.parameters.fdrLevel)}`,
    );
    if (flagged.length > 0) lines.push(...table(flagged, false));
  }
  return lines.join('\n');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|');
}

function mdTable(list: Row[], withBetter = true): string[] {
  const cells = (r: Row) =>
    withBetter
      ? [r.figure, r.better, r.a, r.b, r.diff, r.p, r.reading]
      : [r.figure, r.a, r.b, r.diff, r.p, r.reading];
  const header = withBetter
    ? ['Figure', 'Better', 'A', 'B', 'B vs A (95% CI)', 'BH-adjusted p', 'Reading']
    : ['Figure', 'A', 'B', 'B vs A (95% CI)', 'BH-adjusted p', 'Reading'];
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...list.map((r) => `| ${cells(r).map(mdEscape).join(' | ')} |`),
  ];
}

function compositionMarkdown(c: RunComparison): string[] {
  const e = c.evidence;
  if (!e) return [];
  const { hours, variables } = compositionRows(e);
  return [
    '## Evidence composition',
    '',
    `- ${unitsText('A', e.units.a)}`,
    `- ${unitsText('B', e.units.b)}`,
    '',
    compositionSummary(e, c.parameters.fdrLevel),
    '',
    '### Share of evidence sets holding each hour',
    '',
    ...mdTable(hours, false),
    '',
    '### Share of evidence windows in which each variable was charted',
    '',
    ...mdTable(variables, false),
    '',
  ];
}

/** The Markdown report of `toe compare --out report.md`. */
export function comparisonMarkdown(c: RunComparison, options: ComparisonTextOptions = {}): string {
  const { runs, groups } = comparisonRows(c);
  const curve = (label: string, side: 'a' | 'b') => [
    `**${label}** (ECE ${estimateText(c.calibration[side].ece, 'decimal')})`,
    '',
    '| Bin | Stays | Mean predicted | Observed rate (95% CI) |',
    '| --- | --- | --- | --- |',
    ...c.calibration[side].curve.map(
      (bin) =>
        `| ${bin.lower.toFixed(1)}–${bin.upper.toFixed(1)} | ${bin.count} | ${num(bin.meanPredicted)} | ${figureCell(bin.observedRate, 'decimal')} |`,
    ),
    '',
  ];
  return [
    `# Comparison of audit runs ${c.a.runId} and ${c.b.runId}`,
    '',
    `- ${runLine('A', c.a, options.pathText)}`,
    `- ${runLine('B', c.b, options.pathText)}`,
    '',
    '## What to do',
    '',
    ...c.advice.map((a) => `- ${a}`),
    '',
    '## How the runs differ',
    '',
    ...c.differences.map((d) => `- ${d}`),
    ...c.a.warnings.map((w) => `- Warning (run A): ${w}`),
    ...c.b.warnings.map((w) => `- Warning (run B): ${w}`),
    ...c.notes.map((n) => `- Note: ${n}`),
    '',
    '## Figures',
    '',
    summaryLine(c),
    '',
    ...mdTable(runs),
    '',
    '## Subgroups',
    '',
    ...(groups.length > 0
      ? mdTable(groups)
      : ['No attribute has groups large enough in both runs to compare.']),
    '',
    ...compositionMarkdown(c),
    '## Reliability curves of the decision’s probability',
    '',
    ...curve(`Run A (${c.a.runId})`, 'a'),
    ...curve(`Run B (${c.b.runId})`, 'b'),
    'Definitions: docs/audit-metrics.md, "Comparing two runs".',
    '',
  ].join('\n');
}
