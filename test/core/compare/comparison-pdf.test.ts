/**
 * The PDF comparison report of two hand-made runs with a planted shift, read back with
 * pdftotext: every section is there, what was compared is named, the figures table prints
 * the comparison's own cells with their flags, the evidence composition names its hours and
 * variables, and the summary says in words which differences are flagged.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { compareResults, type ChartedMasks } from '../../../src/main/core/compare';
import { comparisonFindings, comparisonRows } from '../../../src/shared/comparison-text';
import {
  COMPARISON_SECTIONS,
  writeComparisonReport,
} from '../../../src/main/core/report/comparison-pdf';
import type { RunComparison } from '../../../src/shared/run-comparison';
import { rng } from '../abstention/stays';
import { NOTE_UNIT_START, stay } from '../audit/audit-fixtures';
import { pdfPages, squash, unspaced } from '../report/report-fixture';

const VARIABLES = [
  { name: 'heart_rate', unit: 'bpm' },
  { name: 'lactate', unit: 'mmol/L' },
];

/** n stays; evidence from `hours`; exhaustion with chance `exhaust`; lactate charted with `lactate`. */
function side(
  runId: number,
  n: number,
  seed: number,
  { hours, exhaust, lactate }: { hours: number[]; exhaust: number; lactate: number },
) {
  const r = rng(seed);
  const missing = new Map<number, Uint8Array>();
  const results: StayAuditResult[] = Array.from({ length: n }, (_, i) => {
    const evidence = [hours[Math.floor(r() * hours.length)]!];
    if (r() < 0.4) evidence.push(NOTE_UNIT_START);
    const mask = new Uint8Array(NOTE_UNIT_START * VARIABLES.length);
    for (let t = 0; t < NOTE_UNIT_START; t++) mask[t * 2 + 1] = r() < lactate ? 0 : 1;
    missing.set(i + 1, mask);
    const y = r() < 0.3 ? 1 : 0;
    const p = Math.min(0.95, Math.max(0.05, (y ? 0.65 : 0.35) + (r() - 0.5) * 0.5));
    return stay({ id: i + 1, p, y, pe: p, evidence, exhausted: r() < exhaust });
  });
  const charted: ChartedMasks = { hours: NOTE_UNIT_START, variables: VARIABLES, missing };
  return {
    info: {
      runId,
      task: 'E1',
      cohortName: runId === 1 ? 'site north' : 'site south',
      cohortSource: 'generic',
      split: 'test',
      synthetic: true,
      bundleDir: '/models/E1',
      bundleFingerprint: 'abcdef0123456789abcdef',
      decision: 'calibrated',
      threshold: 0.5,
      stays: n,
      noteChunks: null,
      calibrationTransported: false,
      warnings: [],
    },
    results,
    attributes: new Map(results.map((s, i) => [s.stayId, { sex: i % 2 ? 'F' : 'M' }])),
    charted,
  };
}

describe('PDF comparison report', () => {
  let dir: string;
  let comparison: RunComparison;
  let text: string;
  let pages: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toe-compare-pdf-'));
    comparison = compareResults(
      side(1, 300, 1, { hours: [0, 1, 2], exhaust: 0.1, lactate: 0.8 }),
      side(2, 300, 2, { hours: [2, 3, 4], exhaust: 0.6, lactate: 0.2 }),
      {
        seed: 5,
        resamples: 300,
        differences: ['different cohorts: "site north" (A) and "site south" (B)'],
      },
    );
    const out = join(dir, 'compare.pdf');
    const written = await writeComparisonReport(comparison, out, {
      generatedAt: '2026-11-25T12:00:00.000Z',
    });
    expect(written.path).toBe(out);
    expect(existsSync(`${out}.part`)).toBe(false);
    pages = written.pages;
    text = squash(pdfPages(out).join('\n'));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has every section, on as many pages as the writer says', () => {
    for (const title of Object.values(COMPARISON_SECTIONS)) expect(text).toContain(title);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain('SYNTHETIC DATA: NOT PATIENT DATA');
  });

  it('names what was compared', () => {
    expect(text).toContain('audit run 1, E1 · hospital mortality');
    expect(text).toContain(
      '“site south” (SYNTHETIC), source generic, test split, 300 stays audited',
    );
    expect(text).toContain('different cohorts: "site north" (A) and "site south" (B)');
    expect(text).toContain('fingerprint abcdef0123456789…');
  });

  it('prints the figures table with the comparison’s cells and readings', () => {
    const { runs } = comparisonRows(comparison);
    const row = (figure: string) => runs[comparison.figures.findIndex((f) => f.figure === figure)]!;
    // More searches without a small evidence set is neither better nor worse: "higher in B".
    expect(row('exhaustionRate').reading).toBe('higher in B');
    expect(row('exhaustionRate').better).toBe('–');
    const ppv = row('ppv');
    expect(ppv.reading).toBe('better in B');
    expect(text).toContain(
      `Positive predictive value higher ${ppv.a} ${ppv.b} ${ppv.diff} ${ppv.p} better in B`,
    );
    for (const heading of [
      'Discrimination and calibration',
      'Decision, exhaustion and abstention rates',
      'Alerts the search could not explain',
      'Evidence size and modality mix',
      'Share of evidence from notes',
      'What to do',
    ])
      expect(text).toContain(heading);
    expect(text).toContain(
      `${comparison.flagged} of ${comparison.tested} tested differences shown`,
    );
  });

  it('shows the evidence composition by hour and variable, and the subgroups', () => {
    const e = comparison.evidence!;
    expect(e.byHour[0]!.flagged).toBe(true);
    expect(e.byVariable.find((v) => v.variable === 'lactate')!.flagged).toBe(true);
    expect(text).toContain('Which hours dominate the evidence');
    expect(text).toContain('Which variables dominate the evidence');
    // Hours 6 to 24 are in neither run's evidence: one line, not a row each.
    expect(text).toContain('Held by no evidence set of either run (not tested): hours 6–24.');
    expect(text).not.toContain('Hour 6 ');
    expect(text).toMatch(/Hour 4 0\.000 0\.\d{3} \+0\.\d{3} /);
    expect(text).toContain('Figure A B B vs A (95% CI) BH p Reading Hour 1');
    expect(text).toMatch(
      /lactate \(mmol\/L\) \d\.\d{3} \d\.\d{3} −\d\.\d{3} \(−\d\.\d{3} to −\d\.\d{3}\) \d\.\d{3} lower in B/,
    );
    expect(text).toContain(`${e.flagged} of ${e.tested} tested hours and variables flagged`);
    expect(text).toContain('Sex Female: AUROC (150 / 150');
  });

  it('says in words which differences are flagged', () => {
    const findings = comparisonFindings(comparison);
    expect(
      findings.some((f) => f.startsWith('Searches without a small evidence set: higher in B')),
    ).toBe(true);
    expect(
      findings.some((f) =>
        f.startsWith('The share of evidence windows with lactate (mmol/L) charted: lower in B'),
      ),
    ).toBe(true);
    for (const finding of findings) expect(unspaced(text)).toContain(unspaced(finding));
  });
});
