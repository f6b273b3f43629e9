/**
 * The per-stay export for analysts, and the two commands: one row per audited stay, the
 * documented columns in their fixed order, values that read back exactly, JSON with types
 * and column descriptions; `toe report` and `toe export` with their exit codes.
 */
import { runReviewQueue } from '../../../src/main/core/audit/run-abstention';
import { parse } from 'csv-parse/sync';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { ReviewStore } from '../../../src/main/core/audit/review-store';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { findReportFonts } from '../../../src/main/core/report/report-fonts';
import { STAY_RESULT_COLUMNS } from '../../../src/main/core/report/stay-result-columns';
import { writeStayResults } from '../../../src/main/core/report/stay-results-export';
import { runToe } from '../../support/run-toe';
import { auditedDemo } from './report-fixture';

const ATTRIBUTES = ['sex', 'age_band', 'race_ethnicity', 'insurance', 'language', 'admission_type'];

describe('per-stay results export', () => {
  let demo: Awaited<ReturnType<typeof auditedDemo>>;
  let results: StayAuditResult[];
  let out: string;

  beforeAll(async () => {
    demo = await auditedDemo(200);
    results = new RunStore(demo.store).results(demo.run.id);
    new ReviewStore(demo.store).set(demo.run.id, results[0]!.stayId, 'disagree', '=SUM(A1), "x"');
    out = mkdtempSync(join(tmpdir(), 'report-export-'));
  });
  afterAll(() => {
    demo?.dispose();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('writes one CSV row per stay with the documented columns', () => {
    const csv = join(out, 'stays.csv');
    const written = writeStayResults(demo.store, demo.run.id, { csv });
    expect(written).toMatchObject({ stays: results.length, csv, json: null });
    const rows = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(results.length);
    expect(Object.keys(rows[0]!)).toEqual([
      ...STAY_RESULT_COLUMNS.map((c) => c.header),
      ...ATTRIBUTES.map((a) => `attr_${a}`),
    ]);
    const queue = new Map(
      runReviewQueue(demo.store, demo.run.id).entries.map((e) => [e.stayId, e]),
    );
    rows.forEach((row, i) => {
      const r = results[i]!;
      // The hospital's identifier, to join back to the source data; the store's id beside it.
      expect(row.stay_id).toBe(r.stayKey);
      expect(row.store_row_id).toBe(String(r.stayId));
      expect(Number(row.p_full)).toBe(r.pFull);
      expect(Number(row.p_evidence)).toBe(r.pEvidence);
      expect(row.status).toBe(r.status);
      expect(row.synthetic_cohort).toBe('true');
      expect(row.split).toBe('test');
      expect(row.evidence!.split(' ').filter(Boolean)).toHaveLength(r.evidence.length);
      // One meaning of "flagged": the run's review policy at its budget, as the queue lists it.
      const entry = queue.get(r.stayId)!;
      expect(row.flagged_for_review).toBe(String(entry.flagged));
      expect(Number(row.review_rank)).toBe(entry.rank);
      expect(Number(row.raw_p_full)).toBe(r.rawPFull);
      expect(row.exhaustion_reason === '').toBe(r.status === 'converged');
    });
    // A comment a spreadsheet would run as a formula is written as text.
    expect(rows[0]!.review_comment).toBe(`'=SUM(A1), "x"`);
    expect(rows[0]!.review_verdict).toBe('disagree');
  });

  it('writes the same rows as typed JSON with the column descriptions', () => {
    const json = join(out, 'stays.json');
    writeStayResults(demo.store, demo.run.id, { json });
    const data = JSON.parse(readFileSync(json, 'utf8')) as {
      format: string;
      columns: { name: string; description: string }[];
      stays: Record<string, unknown>[];
      run: { id: number };
    };
    expect(data.format).toBe('toe-stay-results');
    expect(data.columns.find((c) => c.name === 'stay_id')!.description).toMatch(/hospital/);
    expect(data.run.id).toBe(demo.run.id);
    expect(data.stays).toHaveLength(results.length);
    expect(data.columns.every((c) => c.description.length > 0)).toBe(true);
    const first = data.stays[0]!;
    expect(first.p_full).toBe(results[0]!.pFull);
    expect(first.reachable).toBe(results[0]!.reachable);
    expect(first.review_comment).toBe('=SUM(A1), "x"');
    expect(Array.isArray(first.evidence)).toBe(true);
    expect(data.stays.some((s) => s.review_verdict === null)).toBe(true);
  });

  it('runs as `toe report` and `toe export`, with exit codes for mistakes', () => {
    const env = { TOE_EXECUTION_PROVIDER: 'cpu' };
    const pdf = join(out, 'audit.pdf');
    const report = runToe(['report', String(demo.run.id), '--out', pdf], demo.dbPath, env);
    expect(report.stderr).toBe('');
    expect(report.status).toBe(0);
    expect(report.stdout).toMatch(/Wrote .*audit\.pdf: \d+ pages for audit run \d+ \(SYNTHETIC/);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = join(out, 'cli.csv');
    const exported = runToe(['export', String(demo.run.id), '--csv', csv], demo.dbPath, env);
    expect(exported.status).toBe(0);
    expect(existsSync(csv)).toBe(true);
    // `--json FILE` after the command is export's file, not the global output switch.
    const json = join(out, 'cli.json');
    const asJson = runToe(['export', String(demo.run.id), '--json', json], demo.dbPath, env);
    expect(asJson.stderr).toBe('');
    expect(asJson.status).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8')).stays.length).toBeGreaterThan(0);
    expect(runToe(['export', String(demo.run.id)], demo.dbPath, env).status).toBe(2);
    const missing = runToe(['report', '999', '--out', pdf], demo.dbPath, env);
    expect(missing.status).toBe(4);
    expect(missing.stderr).toMatch(/No audit run 999/);
    const nowhere = join(out, 'no-such-folder', 'a.pdf');
    expect(runToe(['report', String(demo.run.id), '--out', nowhere], demo.dbPath, env).status).toBe(
      4,
    );
  });

  it('offers no call that writes the PDF to a path the caller names', async () => {
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    const path = join(out, 'api.pdf');
    const outcome = await dispatch(handlers, 'reports.export' as 'reports.pdf', {
      runId: demo.run.id,
      path,
    });
    expect(outcome.ok).toBe(false);
    expect(existsSync(path)).toBe(false);
  });

  it('says where the report fonts belong when they are missing', () => {
    expect(() => findReportFonts(join(out, 'no-fonts'))).toThrow(
      /DejaVuSansCondensed\.ttf.*missing.*resources\/fonts/s,
    );
  });
});
