/**
 * A RunComparison as text: the terminal table of `toe compare` and its Markdown report.
 * Figure, A, B, B − A with its 95% interval, the BH-adjusted p-value and the flag.
 */
import type { Estimate } from '../../../shared/estimate';
import type {
  ComparedRunInfo,
  FigureDifference,
  RunComparison,
} from '../../../shared/run-comparison';

/** Figures on a 0–1 scale print with 3 decimals, evidence sizes with 2. */
function num(x: number | null, digits = 3): string {
  return x === null ? '–' : x.toFixed(digits);
}

function signed(x: number | null, digits = 3): string {
  if (x === null) return '–';
  const s = x.toFixed(digits);
  return x > 0 ? `+${s}` : s.replace('-', '−');
}

function value(e: Estimate, digits: number): string {
  if (e.estimate === null) return e.missing ?? 'undefined';
  return num(e.estimate, digits);
}

function diffText(d: FigureDifference, digits: number): string {
  const e = d.difference;
  if (e.estimate === null) return e.missing ?? 'undefined';
  return `${signed(e.estimate, digits)} (${signed(e.lower, digits)} to ${signed(e.upper, digits)})`;
}

function pText(d: FigureDifference): string {
  if (d.adjustedP === null) return '–';
  return d.adjustedP < 0.001 ? '<0.001' : d.adjustedP.toFixed(3);
}

interface Row {
  figure: string;
  a: string;
  b: string;
  diff: string;
  p: string;
  flag: string;
}

function rowOf(figure: string, d: FigureDifference, digits: number): Row {
  return {
    figure,
    a: value(d.a, digits),
    b: value(d.b, digits),
    diff: diffText(d, digits),
    p: pText(d),
    flag: d.flagged ? 'FLAGGED' : d.notTested !== null ? `not tested: ${d.notTested}` : '',
  };
}

function rows(c: RunComparison): { runs: Row[]; groups: Row[] } {
  return {
    runs: c.figures.map((f) => rowOf(f.label, f, f.figure === 'meanEvidenceSize' ? 2 : 3)),
    groups: c.subgroups.map((g) =>
      rowOf(
        `${g.attribute}=${g.group} ${g.figure.toUpperCase()} (n ${g.staysA}/${g.staysB})`,
        g,
        3,
      ),
    ),
  };
}

function runLine(label: string, r: ComparedRunInfo): string {
  return `${label}: audit run ${r.runId}, task ${r.task}, cohort "${r.cohortName}"${r.synthetic ? ' [SYNTHETIC]' : ''} (${r.split ?? 'all stays'}, ${r.stays} stays), bundle ${r.bundleDir}, ${r.decision} decision at threshold ${r.threshold.toFixed(3)}`;
}

function summaryLine(c: RunComparison): string {
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

/** The terminal text of `toe compare`. */
export function comparisonText(c: RunComparison): string {
  const { runs, groups } = rows(c);
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

/** The Markdown report of `toe compare --out report.md`. */
export function comparisonMarkdown(c: RunComparison): string {
  const { runs, groups } = rows(c);
  const curve = (label: string, side: 'a' | 'b') => [
    `**${label}** (ECE ${value(c.calibration[side].ece, 3)})`,
    '',
    '| Bin | Stays | Mean predicted | Observed rate (95% CI) |',
    '| --- | --- | --- | --- |',
    ...c.calibration[side].curve.map(
      (bin) =>
        `| ${bin.lower.toFixed(1)}–${bin.upper.toFixed(1)} | ${bin.count} | ${num(bin.meanPredicted)} | ${value(bin.observedRate, 3)} (${num(bin.observedRate.lower)} to ${num(bin.observedRate.upper)}) |`,
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
    '## Reliability curves of p_full',
    '',
    ...curve(`Run A (${c.a.runId})`, 'a'),
    ...curve(`Run B (${c.b.runId})`, 'b'),
    'Definitions: docs/audit-metrics.md, "Comparing two runs".',
    '',
  ].join('\n');
}
