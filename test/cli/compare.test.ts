/**
 * `toe compare` through the real command: two small audits of a SYNTHETIC demo cohort (its
 * validation and test splits, the same bundle), their comparison as a table, as JSON and as
 * a Markdown report and as a PDF with the evidence composition, and the exit codes of what it
 * refuses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARISON_SECTIONS } from '../../src/main/core/report/comparison-pdf';
import { pdfPages } from '../core/report/report-fixture';
import { runToe } from '../support/run-toe';
import { demoStore } from '../support/audit-runs';

describe('toe compare', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, { TOE_EXECUTION_PROVIDER: 'cpu' });

  beforeAll(async () => {
    demo = await demoStore(150);
    const audit = toe('audit', '--cohort', 'demo', '--task', 'E1', '--split', 'test');
    expect(audit.status, audit.stderr).toBe(0);
  }, 300_000);
  afterAll(() => demo.dispose());

  it('prints both runs, how they differ and each difference with its interval and flag', () => {
    const out = join(demo.dir, 'compare.md');
    const result = toe('compare', '1', '2', '--resamples', '200', '--out', out);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^A: audit run 1, E1 · hospital mortality, cohort "demo" \[SYNTHETIC\] \(val, \d+ stays\)/m,
    );
    expect(result.stdout).toMatch(
      /^B: audit run 2, E1 · hospital mortality, cohort "demo" \[SYNTHETIC\] \(test, \d+ stays\)/m,
    );
    expect(result.stdout).toContain('different splits: val (A) and test (B)');
    expect(result.stdout).toMatch(/Figure\s+Better\s+A\s+B\s+B vs A \(95% CI\)\s+BH p\s+Reading/);
    expect(result.stdout).toMatch(
      /^AUROC \(separating outcome from no outcome\)\s+higher\s+\d\.\d{3}\s+\d\.\d{3}\s+[+−±]?\d\.\d{3}/m,
    );
    expect(result.stdout).toMatch(/^The same, among false alerts\s/m);
    expect(result.stdout).toMatch(
      /\d+ of \d+ tested differences shown, \d+ of them worse in B \(Benjamini–Hochberg, FDR 5%; AUROC by DeLong's test, rates by exact tests, the rest by 200 independent bootstrap resamples of each run, seed 7\)/,
    );
    expect(result.stdout).toMatch(/^What to do:$/m);
    expect(result.stdout).toContain(`Wrote ${out}.`);
    expect(existsSync(out)).toBe(true);
    const md = readFileSync(out, 'utf8');
    expect(md).toMatch(/^# Comparison of audit runs 1 and 2$/m);
    expect(md).toContain('| Figure | Better | A | B | B vs A (95% CI) | BH-adjusted p | Reading |');
    expect(md).toContain('## What to do');
    expect(md).toContain('## Reliability curves of the decision’s probability');

    const json = JSON.parse(toe('compare', '1', '2', '--resamples', '200', '--json').stdout);
    expect(json.a).toMatchObject({ runId: 1, task: 'E1', split: 'val' });
    expect(json.b).toMatchObject({ runId: 2, task: 'E1', split: 'test' });
    expect(json.figures.map((f: { figure: string }) => f.figure)).toContain('auroc');
    expect(json.parameters).toMatchObject({ seed: 7, resamples: 200, fdrLevel: 0.05 });
    expect(json.calibration.a.curve).toHaveLength(10);
    // The same seed gives the same comparison.
    const again = JSON.parse(toe('compare', '1', '2', '--resamples', '200', '--json').stdout);
    expect(again).toEqual(json);
  });

  it('writes the PDF and compares which hours and variables the evidence holds', () => {
    const pdf = join(demo.dir, 'compare.pdf');
    const result = toe('compare', '1', '2', '--resamples', '200', '--pdf', pdf, '--json');
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.pdf).toBe(pdf);
    expect(json.pdfPages).toBeGreaterThan(3);
    // The demo cohort's hours and variables, the same in both runs (one cohort).
    expect(json.evidence.hours.a).toBe(json.evidence.hours.b);
    expect(json.evidence.byHour).toHaveLength(json.evidence.hours.a);
    expect(json.evidence.byVariable.length).toBeGreaterThan(3);
    expect(json.evidence.units.a.stays).toBe(json.a.stays);
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(json.pdfPages);
    const text = pages.join('\n');
    for (const title of Object.values(COMPARISON_SECTIONS)) expect(text).toContain(title);
    expect(text).toContain(json.evidence.byVariable[0].variable.replace(/_/g, ' '));
    expect(text).toContain('different splits: val (A) and test (B)');

    const table = toe('compare', '1', '2', '--resamples', '200');
    expect(table.stdout).toMatch(
      /^ {2}\d+ of \d+ tested hours and variables flagged \(Benjamini–Hochberg over the evidence composition alone, FDR 5%\)\.$/m,
    );
  });

  it('refuses a run compared with itself and a run that does not exist', () => {
    const self = toe('compare', '2', '2');
    expect(self.status).toBe(3);
    expect(self.stderr).toMatch(/a run compared with itself/);
    const missing = toe('compare', '1', '99');
    expect(missing.status).toBe(4);
    expect(missing.stderr).toMatch(/No audit run 99/);
  });
});
