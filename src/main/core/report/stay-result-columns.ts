/**
 * The columns of the per-stay export (stay-results-export.ts), fixed: the CSV header and the
 * JSON's `columns` both come from this list, so the two never disagree and scripts written
 * against one export keep working on the next. Names and meanings are the vocabulary every
 * export shares (export-columns.ts).
 */
import type { StayAuditResult } from '../audit/audit-types';
import { spreadsheetSafe } from '../audit/abstention-csv';
import { outcomeOf } from '../../../shared/audit-statistics';
import type { ExportColumn } from '../audit/export-columns';

export interface StayResultRow {
  result: StayAuditResult;
  split: string;
  attributes: Readonly<Record<string, string>>;
  review: { verdict: string; comment: string; reviewedAt: string } | null;
  /** Why the search exhausted (abstention-queue reasons); null when it converged. */
  reason: string | null;
  /** The run's review policy: its score and rank, and whether it flags the stay. */
  reviewOrder: { score: number; rank: number; flagged: boolean } | null;
  evidenceLabels: string[];
  synthetic: boolean;
}

/** A cell as JSON keeps it; the CSV writes it as text (see csvText). */
export type CellValue = string | number | boolean | null | string[];

export interface ColumnSpec {
  header: ExportColumn;
  value: (r: StayResultRow) => CellValue;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The fixed columns, in order; `attr_<name>` columns for the cohort's attributes follow. */
export const STAY_RESULT_COLUMNS: readonly ColumnSpec[] = [
  { header: 'stay_id', value: (r) => r.result.stayKey },
  { header: 'store_row_id', value: (r) => r.result.stayId },
  { header: 'split', value: (r) => r.split },
  { header: 'synthetic_cohort', value: (r) => r.synthetic },
  { header: 'label', value: (r) => r.result.label },
  { header: 'p_full', value: (r) => finite(r.result.pFull) },
  { header: 'raw_p_full', value: (r) => finite(r.result.rawPFull) },
  { header: 'y_full', value: (r) => r.result.yFull },
  { header: 'outcome', value: (r) => outcomeOf(r.result) },
  { header: 'status', value: (r) => r.result.status },
  { header: 'reachable', value: (r) => r.result.reachable },
  { header: 'exhaustion_reason', value: (r) => r.reason },
  { header: 'flagged_for_review', value: (r) => r.reviewOrder?.flagged ?? null },
  { header: 'review_rank', value: (r) => r.reviewOrder?.rank ?? null },
  { header: 'review_score', value: (r) => (r.reviewOrder ? finite(r.reviewOrder.score) : null) },
  { header: 'steps', value: (r) => r.result.steps },
  { header: 'states_scored', value: (r) => r.result.statesScored },
  { header: 'evidence', value: (r) => r.evidenceLabels },
  { header: 'evidence_size', value: (r) => r.result.evidence.length },
  { header: 'note_units', value: (r) => r.result.noteUnits },
  { header: 'p_evidence', value: (r) => finite(r.result.pEvidence) },
  { header: 'p_without_evidence', value: (r) => finite(r.result.pWithoutEvidence) },
  { header: 'confidence', value: (r) => finite(r.result.confidence) },
  { header: 'stability', value: (r) => finite(r.result.stability) },
  { header: 'score', value: (r) => finite(r.result.score) },
  { header: 'elapsed_ms', value: (r) => finite(r.result.elapsedMs) },
  { header: 'review_verdict', value: (r) => r.review?.verdict ?? null },
  { header: 'review_comment', value: (r) => r.review?.comment ?? null },
  { header: 'reviewed_at', value: (r) => r.review?.reviewedAt ?? null },
];

/**
 * CSV text of a cell: numbers in full precision (shortest round-trip form), booleans as
 * true/false, null as an empty field, lists space-separated; text is made spreadsheet-safe.
 */
export function csvText(value: CellValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'string') return spreadsheetSafe(value);
  return String(value);
}
