/**
 * CSV export of the abstention queue for QI teams' own spreadsheets. No CSV writer library
 * is installed (only csv-parse), so quoting is done here, to RFC 4180: fields joined by
 * commas, records ended by CRLF, a field quoted when it holds a comma, a double quote, CR or
 * LF, and a double quote inside a quoted field written twice.
 */
import type { AbstentionRow } from './abstention-queue';
import type { ExportColumn } from './export-columns';

/** One field, quoted only when RFC 4180 requires it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * Free text (reviewer comments, stay keys) that a spreadsheet would run as a formula when it
 * starts with = + - @, TAB or CR (OWASP "CSV injection") gets a leading apostrophe, which
 * spreadsheets show as text. The stored text is unchanged; only the export is.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const number = (x: number): string => (Number.isFinite(x) ? String(x) : '');

/**
 * The export's columns, in order: fixed, so downstream spreadsheets keep working, and named
 * from the one vocabulary of every export (export-columns.ts), so `toe export` and this file
 * agree on what each column is called and means.
 */
export const ABSTENTION_CSV_COLUMNS: readonly {
  header: ExportColumn;
  value: (r: AbstentionRow) => string;
}[] = [
  { header: 'stay_id', value: (r) => spreadsheetSafe(r.stayKey) },
  { header: 'store_row_id', value: (r) => String(r.stayId) },
  {
    header: 'review_rank',
    value: (r) => (Number.isFinite(r.reviewScore) ? String(r.rank) : ''),
  },
  { header: 'review_score', value: (r) => number(r.reviewScore) },
  { header: 'flagged_for_review', value: (r) => String(r.flagged) },
  { header: 'status', value: (r) => (r.reason === 'converged' ? 'converged' : 'exhausted') },
  // Empty for a converged search, as in `toe export`: "converged" is a status, not a reason.
  { header: 'exhaustion_reason', value: (r) => (r.reason === 'converged' ? '' : r.reason) },
  { header: 'reachable', value: (r) => String(r.reachable) },
  { header: 'fails_confidence', value: (r) => String(r.failsConfidence) },
  { header: 'fails_stability', value: (r) => String(r.failsStability) },
  { header: 'confidence', value: (r) => number(r.confidence) },
  { header: 'stability', value: (r) => number(r.stability) },
  { header: 'p_full', value: (r) => number(r.pFull) },
  { header: 'y_full', value: (r) => String(r.predicted) },
  { header: 'label', value: (r) => String(r.label) },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'evidence_size', value: (r) => String(r.evidenceSize) },
  { header: 'note_units', value: (r) => String(r.noteUnits) },
  { header: 'review_verdict', value: (r) => r.review?.verdict ?? '' },
  { header: 'review_comment', value: (r) => spreadsheetSafe(r.review?.comment ?? '') },
  { header: 'reviewed_at', value: (r) => r.review?.reviewedAt ?? '' },
];

/**
 * The queue as CSV text (UTF-8 when written out): a header record, then one record per row,
 * in the rows' order. `excelBom` prefixes U+FEFF, without which Excel misreads UTF-8 text.
 */
export function abstentionCsv(
  rows: readonly AbstentionRow[],
  options: { excelBom?: boolean } = {},
): string {
  const header = csvRecord(ABSTENTION_CSV_COLUMNS.map((c) => c.header));
  const body = rows.map((r) => csvRecord(ABSTENTION_CSV_COLUMNS.map((c) => c.value(r))));
  return (options.excelBom ? '\uFEFF' : '') + header + body.join('');
}
