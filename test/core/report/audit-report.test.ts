/**
 * The PDF audit report of a real run (SYNTHETIC demo cohort, 300 stays, E1 bundle on the test
 * split), read back with pdftotext as an auditor's tools would: every section is there, the
 * cover says what was audited and where the numbers came from, and every count printed equals
 * what the store and the statistics say, computed here independently of the report's own
 * data. The pages are kept as PNGs in artifacts/report/ for a human look.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { ReviewStore } from '../../../src/main/core/audit/review-store';
import { runQueueRows } from '../../../src/main/core/audit/run-abstention';
import { portablePath } from '../../../src/main/core/paths/portable-path';
import { RunStore } from '../../../src/main/core/audit/run-store';
import {
  biasAudit,
  cohortStatistics,
  type CohortStatistics,
} from '../../../src/main/core/audit/statistics-index';
import { attributeTitle, groupWords } from '../../../src/shared/bias-audit';
import { writeAuditReport, type WrittenReport } from '../../../src/main/core/report/audit-report';
import { figure } from '../../../src/main/core/report/figure-format';
import { SECTIONS } from '../../../src/main/core/report/report-sections';
import { TRIPOD_ITEMS } from '../../../src/main/core/report/tripod-map';
import {
  auditedDemo,
  escapeRegExp,
  pdfPages,
  pdfToPngs,
  REPO,
  squash,
  unspaced,
} from './report-fixture';

const ARTIFACTS = join(REPO, 'artifacts', 'report');
const README_IMAGE = join(REPO, 'docs', 'images', 'audit-report-page1.png');
const SEED = 7;
const DATE = '2026-11-22T12:00:00.000Z';

describe('PDF audit report', () => {
  let demo: Awaited<ReturnType<typeof auditedDemo>>;
  let results: StayAuditResult[];
  let written: WrittenReport;
  let pages: string[];
  let stats: CohortStatistics;

  /** The text of the pages of one section (from its heading to the next section's). */
  const section = (title: string): string => {
    const start = pages.findIndex((p) => p.includes(title));
    const titles = Object.values(SECTIONS);
    const next = titles[titles.indexOf(title as (typeof titles)[number]) + 1];
    const end = next ? pages.findIndex((p) => p.includes(next)) : pages.length;
    return pages.slice(start, end).join('\n');
  };

  beforeAll(async () => {
    demo = await auditedDemo(300);
    const runs = new RunStore(demo.store);
    results = runs.results(demo.run.id);
    // Two reviews of stays in the run's review queue, as a reviewer working through it would.
    const queue = runQueueRows(demo.store, demo.run.id);
    const reviews = new ReviewStore(demo.store);
    reviews.set(demo.run.id, queue[0]!.stayId, 'agree', 'Low confidence, alert rightly held.');
    reviews.set(demo.run.id, queue[1]!.stayId, 'discuss');
    mkdirSync(ARTIFACTS, { recursive: true });
    const out = join(ARTIFACTS, 'audit-report.pdf');
    written = await writeAuditReport(demo.store, demo.run.id, out, {
      seed: SEED,
      generatedAt: DATE,
    });
    pages = pdfPages(out);
    const p = demo.run.spec.params;
    stats = cohortStatistics(results, {
      threshold: p.threshold,
      seed: SEED,
      tauConf: p.tauConf,
      tauSuff: p.tauSuff,
      stability: p.stability,
      maxEvidenceSize: p.maxSteps,
    });
    for (const file of readdirSync(ARTIFACTS).filter((f) => f.endsWith('.png'))) {
      rmSync(join(ARTIFACTS, file));
    }
    pdfToPngs(out, join(ARTIFACTS, 'page'));
  });
  afterAll(() => demo?.dispose());

  it('has every section, in order, and as many pages as it says', () => {
    expect(pages).toHaveLength(written.pages);
    const starts = Object.values(SECTIONS).map((title) =>
      pages.findIndex((p) => p.includes(title)),
    );
    expect(starts.every((page) => page > 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // The committee's summary is one page: section 2 starts on the next.
    expect(starts[1]! - starts[0]!).toBe(1);
    expect(pages[0]).toContain('ToE Audit report');
    // Everything the layout printed came from plain JSON: no NaN, Infinity or class instance.
    expect(JSON.parse(JSON.stringify(written.data))).toEqual(written.data);
  });

  it('prints no interval that collapsed, runs to ∞ or leaves out its estimate', () => {
    // "0.50 (0.31–0.70)", "12.5% (8.0–17.1%)", "1.45× (0.98–2.15×)", "−0.001 (−0.004 to +0.001)".
    const number = String.raw`[−+-]?\d+(?:\.\d+)?`;
    const interval = new RegExp(
      String.raw`(${number})(%|×| pp)? ?\((?:95% CI )?(${number})(?:%|×| pp)?\s*(?:–|to)\s*(${number}|∞)(?:%|×| pp)?\)`,
      'g',
    );
    const value = (text: string) => Number(text.replace('−', '-'));
    const text = pages.join('\n');
    const found = [...text.matchAll(interval)];
    expect(found.length, 'intervals printed in the report').toBeGreaterThan(40);
    expect(text).not.toMatch(/to ∞|–∞/);
    for (const [all, estimate, , lower, upper] of found) {
      expect(upper, all).not.toBe('∞');
      expect(lower, `${all}: bounds equal once printed`).not.toBe(upper);
      expect(value(lower!), all).toBeLessThanOrEqual(value(estimate!));
      expect(value(estimate!), all).toBeLessThanOrEqual(value(upper!));
    }
  });

  it('marks every page SYNTHETIC, numbers it, and leaves none empty', () => {
    pages.forEach((page, i) => {
      expect(page).toContain('SYNTHETIC DATA: NOT PATIENT DATA');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      const body = page
        .split('\n')
        .filter((line) => !line.includes('SYNTHETIC DATA') && !line.includes('ToE Audit report ·'));
      expect(squash(body.join(' ')).length, `page ${i + 1} is empty`).toBeGreaterThan(100);
    });
  });

  it('states the cohort, bundle, provider, run and date on the cover', () => {
    const cover = pages[0]!;
    expect(cover).toContain('cohort “demo”');
    expect(cover).toContain('SYNTHETIC COHORT: NOT PATIENT DATA');
    expect(cover).toContain(portablePath(demo.run.spec.bundleDir));
    expect(cover).toMatch(/Execution provider\s+cpu/);
    expect(cover).toMatch(/Report date\s+2026-11-22 12:00 UTC/);
    expect(cover).toContain(`Audit run ${demo.run.id}: model E1 (hospital mortality)`);
    expect(cover).toContain(demo.run.provenance.cohortContentHash);
    expect(cover).toMatch(/ToE Audit version\s+\d+\.\d+\.\d+/);
    // Page 1 leads with what the model does for care, each rate with its interval, before
    // the cohort's and the method's particulars, and still fits one page.
    const care = squash(cover);
    expect(care).toContain('What the model does for care: E1 · hospital mortality');
    expect(care).toContain(
      `Sensitivity ${figure(stats.care.sensitivity, 'percent')}: ${stats.confusion.tp} of ${stats.care.events} caught.`,
    );
    expect(care).toContain(`${stats.confusion.tp} of ${stats.care.alerts} alerts right`);
    expect(care).toContain(`Alerts per 100 stays ${figure(stats.care.alertsPer100Stays, 'units')}`);
    expect(care.indexOf('Sensitivity')).toBeLessThan(care.indexOf('Cohort content hash'));
    expect(care).not.toMatch(/0\.\d{5,}/);
    expect(pages[1]).toContain(SECTIONS.summary);
    expect(cover).toContain(`1000 resamples of stays, seed ${SEED}`);
    // The fixture's small demo cohort shares the training cohort's name, not its data.
    expect(squash(cover)).toMatch(
      /name of the bundle’s training cohort \(“demo”\) but not its data/,
    );
    expect(squash(cover)).toMatch(/never equals the cohort content hash above/);
  });

  it('prints the stays, confusion counts and key figures the store gives', () => {
    const count = (yFull: number, label: number) =>
      results.filter((r) => r.yFull === yFull && r.label === label).length;
    const summary = section(SECTIONS.summary);
    expect(summary).toMatch(new RegExp(`Stays audited\\s+${results.length}\\b`));
    expect(summary).toContain(
      `TP ${count(1, 1)}, FP ${count(1, 0)}, TN ${count(0, 0)}, FN ${count(0, 1)}`,
    );
    const converged = results.filter((r) => r.status === 'converged').length;
    expect(summary).toContain(`${converged} / ${results.length - converged}`);
    expect(summary).toContain(figure(stats.discrimination.auroc));
    expect(section(SECTIONS.performance)).toMatch(
      new RegExp(`AUROC\\s+${escapeRegExp(figure(stats.discrimination.auroc))}`),
    );
  });

  it('prints the exhaustion counts of every outcome class', () => {
    const exhaustion = section(SECTIONS.exhaustion);
    const classes = { TP: [1, 1], FP: [1, 0], TN: [0, 0], FN: [0, 1] } as const;
    for (const [name, [yFull, label]] of Object.entries(classes)) {
      const members = results.filter((r) => r.yFull === yFull && r.label === label);
      const exhausted = members.filter((r) => r.status === 'exhausted').length;
      expect(exhaustion).toMatch(
        new RegExp(`\\(${name}\\)\\s+${members.length}\\s+${exhausted}\\s+`),
      );
    }
    expect(exhaustion).toContain(figure(stats.exhaustion.byClass.FP.rate, 'percent'));
  });

  it('prints one meaning of flagged: the run policy’s queue, its size and its reviews', () => {
    const queue = runQueueRows(demo.store, demo.run.id);
    expect(queue.length).toBeGreaterThanOrEqual(2);
    expect(queue.length).toBeLessThanOrEqual(Math.floor(0.1 * results.length));
    const analysis = written.data.abstentionAnalysis;
    expect(analysis.queueSize).toBe(queue.length);
    const summary = squash(section(SECTIONS.summary));
    expect(summary).toContain('Flagged for review (error-probability policy, the 10% of stays');
    expect(summary).toContain(`${queue.length} stays; `);
    expect(squash(section(SECTIONS.summary))).toContain(squash(analysis.verdict));
    const abstention = section(SECTIONS.abstention);
    expect(abstention).toMatch(
      new RegExp(`Review queue\\s+${queue.length} stays flagged by the error-probability policy`),
    );
    expect(abstention).toMatch(new RegExp(`Reviewed\\s+2 of ${queue.length}\\b`));
    expect(abstention).toMatch(/Verdicts\s+agree 1, disagree 0, discuss 1/);
    expect(squash(abstention)).toContain('agree: Low confidence, alert rightly held.');
    // Every policy is compared, and the queue is listed in rank order.
    for (const p of analysis.policies)
      expect(abstention).toMatch(new RegExp(`^${p.policy}\\b`, 'm'));
    const listed = queue.map((r) => r.stayKey);
    const at = listed.map((key) => abstention.lastIndexOf(key));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('prints the queue by patient group: every reported group’s stays and queue', () => {
    const subgroups = written.data.abstentionAnalysis.subgroups;
    expect(subgroups).not.toBeNull();
    const abstention = section(SECTIONS.abstention);
    expect(squash(abstention)).toContain('Does the queue serve every patient group alike?');
    let rows = 0;
    for (const attribute of subgroups!.attributes) {
      expect(squash(abstention)).toContain(`${attribute.attribute} (`);
      for (const g of attribute.groups) {
        // A long name wraps in its narrow cell; the row is then not on one line.
        if (g.group.length > 12) continue;
        const after = g.suppressed
          ? `${escapeRegExp(g.size)}\\s+not shown`
          : `${g.stays}\\s+${g.queued}: `;
        expect(abstention).toMatch(new RegExp(`^\\s*${escapeRegExp(g.group)}\\s+${after}`, 'm'));
        rows++;
      }
    }
    expect(rows).toBeGreaterThan(0);
  });

  it('prints every reported group with its n and outcomes, and names every suppressed group', () => {
    const p = demo.run.spec.params;
    const attributes = new Map(
      demo.store.loadStays(results.map((r) => r.stayId)).map((s) => [s.id, s.attributes]),
    );
    const audit = biasAudit(results, attributes, { threshold: p.threshold, seed: SEED });
    const bias = section(SECTIONS.bias);
    let reported = 0;
    // Groups and attributes are named in words, as in the app ("45–64 years", "Age band").
    for (const attribute of audit.attributes) {
      for (const group of attribute.groups) {
        const words = groupWords(attribute, group.group);
        if (group.suppressed || words.length > 20) continue;
        reported++;
        expect(bias).toMatch(
          new RegExp(`^\\s*${escapeRegExp(words)}\\s+${group.n}\\s+${group.positives}\\s`, 'm'),
        );
      }
    }
    expect(reported).toBeGreaterThan(3);
    expect(audit.suppressed.length).toBeGreaterThan(0);
    for (const s of audit.suppressed) {
      const attribute = audit.attributes.find((a) => a.attribute === s.attribute)!;
      expect(bias).toMatch(
        new RegExp(
          `${escapeRegExp(attributeTitle(attribute))}\\s+${escapeRegExp(groupWords(attribute, s.group))}\\s+<11\\s+suppressed`,
        ),
      );
    }
    expect(bias).toContain(`flagged: ${audit.comparisons.flagged}.`);
  });

  it('shows the three example traces chosen by their rules, notes quoted in full', () => {
    const traces = section(SECTIONS.traces);
    const converged = results.filter((r) => r.status === 'converged');
    const quick = [...converged].sort(
      (a, b) => a.steps - b.steps || b.pFull - a.pFull || a.stayId - b.stayId,
    )[0]!;
    expect(traces).toContain(`7.1 A quick convergence: stay ${quick.stayKey}`);
    const fps = results.filter((r) => r.status === 'exhausted' && r.yFull === 1 && r.label === 0);
    const fp = [...fps].sort((a, b) => b.pFull - a.pFull || a.stayId - b.stayId)[0]!;
    expect(traces).toContain(`7.3 An exhausted false positive: stay ${fp.stayKey}`);
    for (const slot of written.data.examples) {
      for (const chunk of slot.example?.evidenceNotes ?? []) {
        expect(unspaced(traces)).toContain(unspaced(chunk.text));
      }
    }
    expect(traces).toMatch(/Step\s+Leading state’s units\s+p\s+C\s+S\s+K\s+Score/);
  });

  it('maps all nine TRIPOD+AI items to page numbers', () => {
    const tripod = section(SECTIONS.tripod);
    expect(TRIPOD_ITEMS.map((i) => i.item)).toEqual([
      '3b',
      '5a',
      '8a',
      '11',
      '12e',
      '14',
      '15',
      '20b',
      '23a',
    ]);
    for (const item of TRIPOD_ITEMS) {
      const firstWords = item.topic.split(' ').slice(0, 2).join('\\s+');
      expect(tripod).toMatch(new RegExp(`^\\s*${item.item}\\s+${firstWords}`, 'm'));
    }
    expect(tripod).toMatch(/Section 5 \(page \d+\)/);
  });

  it('keeps its pages as PNG artifacts and page 1 for the README', () => {
    const pngs = readdirSync(ARTIFACTS).filter((f) => /^page-\d+\.png$/.test(f));
    expect(pngs).toHaveLength(written.pages);
    // The committed README image changes only on request, so a test run leaves git clean.
    if (!existsSync(README_IMAGE) || process.env.TOE_UPDATE_DOC_IMAGES === '1') {
      mkdirSync(join(REPO, 'docs', 'images'), { recursive: true });
      copyFileSync(join(ARTIFACTS, pngs.sort()[0]!), README_IMAGE);
    }
    expect(existsSync(README_IMAGE)).toBe(true);
  });
});
