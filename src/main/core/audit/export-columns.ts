/**
 * The one column vocabulary of every per-stay export: `toe export` (stay-results-export.ts),
 * `toe abstentions --csv` and the app's Export CSV (abstention-csv.ts). A column means the
 * same thing in each file that has it, so an analyst's script reads any of them, and joins
 * back to the hospital's data on `stay_id`, the identifier the cohort was imported with.
 */
export const EXPORT_COLUMNS = {
  stay_id: 'the stay’s identifier in the hospital’s data (as given at import)',
  store_row_id: 'the stay’s row id in this store (the app’s links use it); not the hospital’s',
  split: 'train, val or test',
  synthetic_cohort: 'true if the cohort is simulated (not patient data)',
  label: 'true outcome for the run’s task (0/1)',
  p_full: 'probability on the full input the run decided on (calibrated if the run was)',
  raw_p_full: 'the model’s own probability on the full input, before calibration',
  y_full: 'decision: 1 if p_full >= the run’s threshold',
  outcome: 'TP, FP, TN or FN (y_full against label)',
  status: 'converged or exhausted',
  reachable: 'convergence was possible given p_full and the τ',
  exhaustion_reason:
    'why the search exhausted: unreachable, both, confidence, stability or unexplained; empty if it converged',
  fails_confidence: 'C of the returned state is below τ_conf',
  fails_stability: 'S of the returned state is below τ_suff',
  flagged_for_review:
    'the run’s review policy flags the stay at its review budget (the review queue)',
  review_rank: 'the stay’s place in review order (1 = most likely wrong); empty if unscored',
  review_score: 'the review policy’s score: higher = more likely wrong',
  steps: 'search steps taken',
  states_scored: 'evidence sets the search evaluated',
  evidence: 'evidence units as W1..W24 / N1..N20 (space-separated in a CSV)',
  evidence_size: '|E|: units in the evidence',
  note_units: 'note chunks in the evidence',
  p_evidence: 'probability from the evidence alone',
  p_without_evidence: 'probability from everything but the evidence',
  confidence: 'C of the returned state',
  stability: 'S of the returned state',
  score: 'C + λS − μK of the returned state',
  elapsed_ms: 'search time for the stay',
  review_verdict: 'agree, disagree or discuss; empty if not reviewed',
  review_comment: 'the reviewer’s comment',
  reviewed_at: 'ISO 8601 time of the review',
} as const satisfies Readonly<Record<string, string>>;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

/** The subgroup attribute columns a cohort adds after the fixed ones. */
export const attributeColumn = (attribute: string): string => `attr_${attribute}`;

export const attributeColumnMeaning = (attribute: string): string =>
  `subgroup attribute ${attribute}; empty if not recorded`;
