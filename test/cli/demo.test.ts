import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';

/**
 * The figure lines of the README's sample `npm run demo` output (decision, stays, exhaustion,
 * reachability, queue, verdict, warnings): the same on any machine, unlike times and paths.
 * `npm run readme` regenerates them.
 */
function readmeDemoLines(): string[] {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const block = /It printed[^:]*:\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no sample output after "It printed…:"');
  const lines = block
    .split('\n')
    .filter((l) =>
      /^ {2}(decision|stays audited|caught|alerts|left alone|search exhausted|reachability|review queue|On this cohort|warning)/.test(
        l,
      ),
    );
  expect(lines.length).toBeGreaterThanOrEqual(6);
  return lines;
}

describe('the main job (toe demo)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toe-demo-'));
  const db = join(dir, 'store.sqlite');
  const pdf = join(dir, 'demo-audit.pdf');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the demo cohort, audits its test split and writes the PDF report', () => {
    const result = runToe(['--json', 'demo', '--out', pdf], db);
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.cohort).toBe('demo');
    expect(summary.reusedRun).toBe(false);
    // The demo cohort's test split: every stay audited, the confusion matrix adds up.
    const { tp, fp, tn, fn } = summary.confusion;
    expect(tp + fp + tn + fn).toBe(summary.stays);
    expect(summary.stays).toBeGreaterThan(250);
    expect(summary.exhaustion.tp.exhausted).toBeLessThanOrEqual(tp);
    expect(summary.exhaustion.fp.exhausted).toBeLessThanOrEqual(fp);
    expect(summary.pages).toBeGreaterThan(5);
    expect(existsSync(pdf)).toBe(true);
    // Issue 12's bar for the defaults: a calibrated decision, a queue within the 10% budget,
    // and errors at least twice as common in the queue as among the accepted stays.
    expect(summary.decision.mode).toBe('calibrated');
    expect(summary.review.policy).toBe('error-probability');
    expect(summary.review.queueSize).toBeLessThanOrEqual(Math.floor(0.1 * summary.stays));
    expect(summary.review.figures.enrichment.estimate).toBeGreaterThanOrEqual(2);
    expect(summary.verdict).toMatch(/the model's own estimate of which decisions are wrong/);
    // As long as `runToe` waits: two audits of 300 stays, their figures and the report take
    // about a minute alone, and several on two cores other test files are also using.
  }, 300_000);

  it('queues at least as many wrong decisions as ranking the export by the calibrated error', () => {
    // Issue 24: the default queue must be the strongest the model alone gives. Rank the
    // exported stays by the calibrated probability that the decision is wrong (1 − p for an
    // alert, p otherwise), take as many as the queue holds, and count the wrong ones.
    const summary = JSON.parse(runToe(['--json', 'demo', '--out', pdf], db).stdout);
    const csv = join(dir, 'stays.csv');
    expect(runToe(['export', String(summary.runId), '--csv', csv], db).status).toBe(0);
    const rows = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    const ranked = rows
      .map((r) => {
        const p = Number(r.p_full);
        const alert = r.y_full === '1';
        return { wrong: r.y_full !== r.label, errorProbability: alert ? 1 - p : p };
      })
      .sort((a, b) => b.errorProbability - a.errorProbability);
    const size = summary.review.queueSize as number;
    const fromExport = ranked.slice(0, size).filter((r) => r.wrong).length;
    expect(size).toBe(Math.floor(0.1 * rows.length));
    expect(summary.review.figures.errorsFlagged).toBeGreaterThanOrEqual(fromExport);
    // …and more than the logit distance from the threshold, the default before issue 24.
    const threshold = summary.decision.threshold as number;
    const logit = (x: number) => Math.log(x / (1 - x));
    const byDistance = rows
      .map((r) => ({
        wrong: r.y_full !== r.label,
        distance: Math.abs(logit(Number(r.p_full)) - logit(threshold)),
      }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, size)
      .filter((r) => r.wrong).length;
    expect(summary.review.figures.errorsFlagged).toBeGreaterThan(byDistance);
  });

  it('reuses the completed run the second time and says so, exactly as the README shows', () => {
    const result = runToe(['demo', '--out', pdf], db);
    // The README's sample output cannot go stale: every figure line it shows is printed.
    for (const line of readmeDemoLines()) expect(result.stdout).toContain(line);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/already in the store, reused/);
    expect(result.stdout).toMatch(
      /caught \d+ of \d+ stays with the outcome: sensitivity [\d.]+% \(95% CI [\d.]+% to [\d.]+%\)/,
    );
    expect(result.stdout).toMatch(/alerts per 100 stays: [\d.]+ \(95% CI [\d.]+ to [\d.]+\)/);
    expect(result.stdout).toMatch(
      /review queue: \d+ stays queued by the error-probability policy \(the 10% of stays most likely wrong\); \d+ of the \d+ wrong decisions are among them, error enrichment [\d.]+× \(95% CI [\d.]+× to [\d.]+×\)/,
    );
    expect(result.stdout).toMatch(/PDF audit report: .*demo-audit\.pdf \(\d+ pages\)/);
  });
});
