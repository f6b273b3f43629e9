/**
 * The columns of the per-stay export (stay-results-export.ts), fixed and described: the CSV
 * header and the JSON's `columns` both come from this list, so the two never disagree and
 * scripts written against one export keep working on the next.
 */
import type { StayAuditResult } from '../audit/audit-types';
import { spreadsheetSafe } from '../audit/abstention-csv';
import { outcomeOf } from '../../../shared/audit-statistics';

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
  header: string;
  description: string;
  value: (r: StayResultRow) => CellValue;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The fixed columns, in order; `attr_<name>` columns for the cohort's attributes follow. */
export const STAY_RESULT_COLUMNS: readonly ColumnSpec[] = [
  { header: 'stay_id', description: 'store id of the stay', value: (r) => r.result.stayId },
  {
    header: 'stay_key',
    description: 'the stay key from the import',
    value: (r) => r.result.stayKey,
  },
  { header: 'split', description: 'train, val or test', value: (r) => r.split },
  {
    header: 'synthetic_cohort',
    description: 'true if the cohort is simulated (not patient data)',
    value: (r) => r.synthetic,
  },
  {
    header: 'label',
    description: 'true outcome for the run’s task (0/1)',
    value: (r) => r.result.label,
  },
  {
    header: 'p_full',
    description: 'probability on the full input the run decided on (calibrated if the run was)',
    value: (r) => finite(r.result.pFull),
  },
  {
    header: 'raw_p_full',
    description: 'the model’s own probability on the full input, before calibration',
    value: (r) => finite(r.result.rawPFull),
  },
  {
    header: 'y_full',
    description: 'decision: 1 if p_full >= the run’s threshold',
    value: (r) => r.result.yFull,
  },
  {
    header: 'outcome',
    description: 'TP, FP, TN or FN (y_full against label)',
    value: (r) => outcomeOf(r.result),
  },
  { header: 'status', description: 'converged or exhausted', value: (r) => r.result.status },
  {
    header: 'reachable',
    description: 'convergence was possible given p_full and the τ',
    value: (r) => r.result.reachable,
  },
  {
    header: 'exhaustion_reason',
    description: 'unreachable, both, confidence, stability or unexplained; empty if converged',
    value: (r) => r.reason,
  },
  {
    header: 'flagged_for_review',
    description: 'the run’s review policy flags the stay at its review budget (the review queue)',
    value: (r) => r.reviewOrder?.flagged ?? null,
  },
  {
    header: 'review_rank',
    description: 'the stay’s place in review order (1 = most likely wrong); empty if unscored',
    value: (r) => r.reviewOrder?.rank ?? null,
  },
  {
    header: 'review_score',
    description: 'the review policy’s score: higher = more likely wrong',
    value: (r) => (r.reviewOrder ? finite(r.reviewOrder.score) : null),
  },
  { header: 'steps', description: 'search steps taken', value: (r) => r.result.steps },
  {
    header: 'states_scored',
    description: 'evidence sets the search evaluated',
    value: (r) => r.result.statesScored,
  },
  {
    header: 'evidence',
    description: 'evidence units as W1..W24 / N1..N20 (space-separated in the CSV)',
    value: (r) => r.evidenceLabels,
  },
  {
    header: 'evidence_size',
    description: '|E|: units in the evidence',
    value: (r) => r.result.evidence.length,
  },
  {
    header: 'note_units',
    description: 'note chunks in the evidence',
    value: (r) => r.result.noteUnits,
  },
  {
    header: 'p_evidence',
    description: 'probability from the evidence alone',
    value: (r) => finite(r.result.pEvidence),
  },
  {
    header: 'p_without_evidence',
    description: 'probability from everything but the evidence',
    value: (r) => finite(r.result.pWithoutEvidence),
  },
  {
    header: 'confidence',
    description: 'C of the returned state',
    value: (r) => finite(r.result.confidence),
  },
  {
    header: 'stability',
    description: 'S of the returned state',
    value: (r) => finite(r.result.stability),
  },
  {
    header: 'score',
    description: 'C + λS − μK of the returned state',
    value: (r) => finite(r.result.score),
  },
  {
    header: 'elapsed_ms',
    description: 'search time for the stay',
    value: (r) => finite(r.result.elapsedMs),
  },
  {
    header: 'review_verdict',
    description: 'agree, disagree or discuss; empty if not reviewed',
    value: (r) => r.review?.verdict ?? null,
  },
  {
    header: 'review_comment',
    description: 'the reviewer’s comment',
    value: (r) => r.review?.comment ?? null,
  },
  {
    header: 'reviewed_at',
    description: 'ISO 8601 time of the review',
    value: (r) => r.review?.reviewedAt ?? null,
  },
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
