/**
 * What `toe report`, `toe export` and `toe compare` ask of the contract: `reports.pdf` with the
 * command's resamples and bias-audit group size (and the stays and SYNTHETIC mark it prints),
 * `runs.exportStays` as the CSV and JSON text the command writes, in the one column vocabulary,
 * and `runs.compare` / `reports.comparisonPdf` with the command's resamples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { RunComparison } from '../../../src/shared/run-comparison';
import { EXPORT_COLUMNS } from '../../../src/main/core/audit/export-columns';
import { stayResults, stayResultsCsv } from '../../../src/main/core/report/stay-results-export';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { auditedStore, errorCode, value } from './api-fixture';

type Exported = { stays: number; csv: string | null; json: string | null };

describe('the calls behind toe report, toe export and toe compare', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  beforeAll(async () => {
    fx = await auditedStore();
  }, 300_000);
  afterAll(() => fx.dispose());

  it('runs.exportStays: the CSV text the export writes, stay_id the hospital’s id', async () => {
    const exported = value<Exported>(
      await fx.call('runs.exportStays', { runId: fx.run.id, csv: true }),
    );
    expect(exported.json).toBeNull();
    expect(exported.stays).toBe(fx.run.doneStays);
    expect(exported.csv).toBe(stayResultsCsv(stayResults(fx.store, fx.run.id)));
    const rows = parse(exported.csv!, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(exported.stays);
    const vocabulary = Object.keys(EXPORT_COLUMNS);
    expect(Object.keys(rows[0]!).filter((c) => !c.startsWith('attr_'))).toEqual(
      expect.arrayContaining(['stay_id', 'store_row_id']),
    );
    for (const column of Object.keys(rows[0]!).filter((c) => !c.startsWith('attr_'))) {
      expect(vocabulary).toContain(column);
    }
    const keys = new Map(
      (
        fx.store.db.prepare('SELECT id, stay_key FROM stays').all() as {
          id: number;
          stay_key: string;
        }[]
      ).map((s) => [s.id, s.stay_key]),
    );
    for (const row of rows) expect(row.stay_id).toBe(keys.get(Number(row.store_row_id)));
  });

  it('runs.exportStays: the JSON document and a CSV with a byte-order mark', async () => {
    const exported = value<Exported>(
      await fx.call('runs.exportStays', {
        runId: fx.run.id,
        csv: true,
        json: true,
        excelBom: true,
      }),
    );
    expect(exported.csv).toBe(`\uFEFF${stayResultsCsv(stayResults(fx.store, fx.run.id))}`);
    expect(exported.json!.endsWith('}\n')).toBe(true);
    const document = JSON.parse(exported.json!) as {
      format: string;
      version: number;
      run: { id: number };
      columns: { name: string; description: string }[];
      stays: Record<string, unknown>[];
    };
    expect(document).toMatchObject({
      format: 'toe-stay-results',
      version: 2,
      run: { id: fx.run.id },
    });
    expect(document.stays).toHaveLength(exported.stays);
    expect(document.columns.find((c) => c.name === 'stay_id')?.description).toBe(
      EXPORT_COLUMNS.stay_id,
    );
  });

  it('runs.exportStays: refuses asking for nothing, and a run that does not exist', async () => {
    expect(errorCode(await fx.call('runs.exportStays', { runId: fx.run.id }))).toBe(
      'invalid-arguments',
    );
    expect(errorCode(await fx.call('runs.exportStays', { runId: 999, csv: true }))).toBe(
      'not-found',
    );
  });

  it('reports.pdf: takes the resamples and group size toe report offers, and says what it covers', async () => {
    const report = value<{ pages: number; pdfBase64: string; stays: number; synthetic: boolean }>(
      await fx.call('reports.pdf', {
        runId: fx.run.id,
        seed: 3,
        resamples: 200,
        minGroupSize: 5,
      }),
    );
    expect(report.pages).toBeGreaterThan(3);
    expect(Buffer.from(report.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(report).toMatchObject({ stays: fx.run.doneStays, synthetic: true });
    for (const args of [{ resamples: 99 }, { resamples: 100_001 }, { minGroupSize: 0 }]) {
      expect(errorCode(await fx.call('reports.pdf', { runId: fx.run.id, ...args }))).toBe(
        'invalid-arguments',
      );
    }
  }, 300_000);

  it('runs.compare and reports.comparisonPdf: take toe compare’s resamples', async () => {
    const stayKeys = fx.store
      .listStays(fx.cohortId, { split: 'val', limit: 30 })
      .stays.map((s) => s.stayKey);
    const runB = await startRun(
      fx.store,
      { cohortId: fx.cohortId, task: 'E1', split: 'val', stayKeys, workers: 1 },
      {},
    );
    const args = { runA: fx.run.id, runB: runB.id, seed: 7, resamples: 150 };
    const comparison = value<RunComparison>(await fx.call('runs.compare', args));
    expect(comparison.parameters).toMatchObject({ seed: 7, resamples: 150 });
    const pdf = value<{ pages: number; pdfBase64: string }>(
      await fx.call('reports.comparisonPdf', args),
    );
    expect(pdf.pages).toBeGreaterThan(3);
    expect(errorCode(await fx.call('runs.compare', { ...args, resamples: 50 }))).toBe(
      'invalid-arguments',
    );
  }, 300_000);
});
