/**
 * Per-stay results of a run for analysts (`toe export RUN --csv out.csv | --json out.json`):
 * one row per audited stay, in the run's plan order, with the decision, the search's outcome,
 * its evidence, why it exhausted, the clinician review and the stay's subgroup attributes.
 * The columns are fixed in stay-result-columns.ts and named and described by the vocabulary
 * every export shares (audit/export-columns.ts; the JSON carries the descriptions too).
 * `stay_id` is the hospital's identifier, so the rows join back to the source data.
 */
import { writeFileSync } from 'node:fs';
import type { RunSummary } from '../audit/audit-types';
import { csvRecord } from '../audit/abstention-csv';
import { attributeColumn, attributeColumnMeaning, EXPORT_COLUMNS } from '../audit/export-columns';
import { ReviewStore } from '../audit/review-store';
import { runReviewQueue } from '../audit/run-abstention';
import { RunStore } from '../audit/run-store';
import { abstentionReason } from '../audit/statistics-index';
import { readManifest } from '../models';
import type { Store } from '../store';
import { unitLabels } from './figure-format';
import { csvText, STAY_RESULT_COLUMNS, type StayResultRow } from './stay-result-columns';

export interface StayResults {
  run: RunSummary;
  attributes: string[];
  rows: StayResultRow[];
}

export function stayResults(store: Store, runId: number): StayResults {
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  const results = runs.results(runId);
  const cohort = store.getCohort(run.spec.cohortId);
  let windows = cohort.featureSchema.hours;
  try {
    windows = readManifest(run.spec.bundleDir).units.timeSeries.count;
  } catch {
    // The bundle moved: its window count equals the cohort's (checked when the run started).
  }
  const reviews = new Map(new ReviewStore(store).list(runId).map((r) => [r.stayId, r]));
  const order = new Map(runReviewQueue(store, runId).entries.map((e) => [e.stayId, e]));
  const params = run.spec.params;
  const stays = new Map<number, { split: string; attributes: Record<string, string> }>();
  const ids = results.map((r) => r.stayId);
  for (let start = 0; start < ids.length; start += 500) {
    for (const s of store.loadStays(ids.slice(start, start + 500))) {
      stays.set(s.id, { split: s.split, attributes: s.attributes });
    }
  }
  const rows = results.map((result): StayResultRow => {
    const review = reviews.get(result.stayId);
    return {
      result,
      split: stays.get(result.stayId)?.split ?? '',
      attributes: stays.get(result.stayId)?.attributes ?? {},
      review: review
        ? { verdict: review.verdict, comment: review.comment, reviewedAt: review.reviewedAt }
        : null,
      reason: result.status === 'exhausted' ? abstentionReason(result, params) : null,
      reviewOrder: order.get(result.stayId) ?? null,
      evidenceLabels: unitLabels(result.evidence, windows),
      synthetic: cohort.synthetic,
    };
  });
  return { run, attributes: cohort.attributes, rows };
}

/** RFC 4180 text (see abstention-csv.ts); `excelBom` for Excel's UTF-8 detection. */
export function stayResultsCsv(data: StayResults, options: { excelBom?: boolean } = {}): string {
  const header = [
    ...STAY_RESULT_COLUMNS.map((c) => c.header),
    ...data.attributes.map(attributeColumn),
  ];
  const body = data.rows.map((r) =>
    csvRecord([
      ...STAY_RESULT_COLUMNS.map((c) => csvText(c.value(r))),
      ...data.attributes.map((a) => csvText(r.attributes[a] ?? null)),
    ]),
  );
  return (options.excelBom ? '\uFEFF' : '') + csvRecord(header) + body.join('');
}

/** The same rows as JSON, with the run's provenance and the column descriptions. */
export function stayResultsJson(data: StayResults, exportedAt = new Date().toISOString()) {
  const { run } = data;
  return {
    format: 'toe-stay-results',
    // 2: `stay_id` became the hospital's identifier (it was the store's row id, 1).
    version: 2,
    exportedAt,
    run: { id: run.id, status: run.status, spec: run.spec, provenance: run.provenance },
    columns: [
      ...STAY_RESULT_COLUMNS.map((c) => ({
        name: c.header,
        description: EXPORT_COLUMNS[c.header],
      })),
      ...data.attributes.map((a) => ({
        name: attributeColumn(a),
        description: attributeColumnMeaning(a),
      })),
    ],
    stays: data.rows.map((r) =>
      Object.fromEntries([
        ...STAY_RESULT_COLUMNS.map((c) => [c.header, c.value(r)]),
        ...data.attributes.map((a) => [attributeColumn(a), r.attributes[a] ?? null]),
      ]),
    ),
  };
}

export function writeStayResults(
  store: Store,
  runId: number,
  out: { csv?: string; json?: string; excelBom?: boolean },
): { stays: number; csv: string | null; json: string | null } {
  const data = stayResults(store, runId);
  if (out.csv) writeFileSync(out.csv, stayResultsCsv(data, { excelBom: out.excelBom }), 'utf8');
  if (out.json)
    writeFileSync(out.json, `${JSON.stringify(stayResultsJson(data), null, 2)}\n`, 'utf8');
  return { stays: data.rows.length, csv: out.csv ?? null, json: out.json ?? null };
}
