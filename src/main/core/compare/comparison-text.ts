/**
 * A RunComparison as text: the terminal table of `toe compare` and its Markdown report.
 * Figure, A, B, B − A with its 95% interval, the BH-adjusted p-value and the flag.
 */
import { figureCell, differenceStyle, estimateText, pValueCell } from '../../../shared/figure-text';
import type {
  ComparedRunInfo,
  EvidenceComposition,
  EvidenceUnitCounts,
  FigureDifference,
  RunComparison,
} from '../../../shared/run-comparison';
import { variableLabel } from '../../../shared/run-comparison';
import { portablePath } from '../report/portable-path';

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
  flag: string;
}

function rowOf(figure: string, d: FigureDifference, style: ComparedStyle): Row {
  return {
    figure,
    a: estimateText(d.a, style),
    b: estimateText(d.b, style),
    diff: figureCell(d.difference, differenceStyle(style)),
    p: pValueCell(d.adjustedP),
    flag: d.flagged ? 'FLAGGED' : d.notTested !== null ? `not tested: ${d.notTested}` : '',
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
    runs: c.figures.map((f) =>
      rowOf(f.label, f, f.figure === 'meanEvidenceSize' ? 'units' : 'decimal'),
    ),
    groups: c.subgroups.map((g) =>
      rowOf(
        `${g.attribute}=${g.group} ${g.figure.toUpperCase()} (n ${g.staysA}/${g.staysB})`,
        g,
        'decimal',
      ),
    ),
  };
}

export function runLine(label: string, r: ComparedRunInfo): string {
  return `${label}: audit run ${r.runId}, task ${r.task}, cohort "${r.cohortName}"${r.synthetic ? ' [SYNTHETIC]' : ''} (${r.split ?? 'all stays'}, ${r.stays} stays), bundle ${portablePath(r.bundleDir)}, ${r.decision} decision at threshold ${r.threshold.toFixed(3)}`;
}

export function summaryLine(c: RunComparison): string {
  const pct = Math.round(c.parameters.fdrLevel * 100);
  return `${c.flagged} of ${c.tested} tested differences flagged (Benjamini–Hochberg, FDR ${pct}%; ${c.parameters.resamples} independent bootstrap resamples of each run, seed ${c.parameters.seed}).`;
}

const HEADER: Row = {
  figure: 'Figure',
  a: 'A',
  b: 'B',
  diff: 'B − A (95% CI)',
  p: 'BH p',
  flag: '',
};

function table(list: Row[]): string[] {
  const all = [HEADER, ...list];
  const width = (k: keyof Row) => Math.max(...all.map((r) => r[k].length));
  const keys: (keyof Row)[] = ['figure', 'a', 'b', 'diff', 'p', 'flag'];
  const widths = keys.map(width);
  return all.map((r) =>
    keys
      .map((k, i) => (i === 0 ? r[k].padEnd(widths[i]!) : r[k].padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

function finding(row: Row, d: FigureDifference, what: string): string {
  const direction = (d.difference.estimate ?? 0) > 0 ? 'higher' : 'lower';
  return `${what} is ${direction} in run B: ${row.a} (A) vs ${row.b} (B), B − A ${row.diff}, BH-adjusted p ${row.p}.`;
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
    if (g.flagged)
      out.push(finding(groups[i]!, g, `${g.figure.toUpperCase()} of ${g.attribute} = ${g.group}`));
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
  return out;
}

/** The terminal text of `toe compare`. */
export function comparisonText(c: RunComparison): string {
  const { runs, groups } = comparisonRows(c);
  const lines = [
    runLine('A', c.a),
    runLine('B', c.b),
    ...c.differences.map((d) => `  ${d}`),
    ...c.notes.map((n) => `  note: ${n}`),
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
    const flagged = [...hours, ...variables].filter((r) => r.flag === 'FLAGGED');
    lines.push(
      '',
      'Evidence composition:',
      `  ${unitsText('A', e.units.a)}`,
      `  ${unitsText('B', e.units.b)}`,
      `  ${compositionSummary(e, c.parameters.fdrLevel)}`,
    );
    if (flagged.length > 0) lines.push(...table(flagged));
  }
  return lines.join('\n');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|');
}

function mdTable(list: Row[]): string[] {
  return [
    '| Figure | A | B | B − A (95% CI) | BH-adjusted p | Flagged |',
    '| --- | --- | --- | --- | --- | --- |',
    ...list.map(
      (r) =>
        `| ${[r.figure, r.a, r.b, r.diff, r.p, r.flag === 'FLAGGED' ? 'yes' : r.flag].map(mdEscape).join(' | ')} |`,
    ),
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
    ...mdTable(hours),
    '',
    '### Share of evidence windows in which each variable was charted',
    '',
    ...mdTable(variables),
    '',
  ];
}

/** The Markdown report of `toe compare --out report.md`. */
export function comparisonMarkdown(c: RunComparison): string {
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
    `- ${runLine('A', c.a)}`,
    `- ${runLine('B', c.b)}`,
    '',
    '## How the runs differ',
    '',
    ...c.differences.map((d) => `- ${d}`),
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
    '## Reliability curves of p_full',
    '',
    ...curve(`Run A (${c.a.runId})`, 'a'),
    ...curve(`Run B (${c.b.runId})`, 'b'),
    'Definitions: docs/audit-metrics.md, "Comparing two runs".',
    '',
  ].join('\n');
}
