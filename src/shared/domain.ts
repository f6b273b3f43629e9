// Domain types shared by the core, both transports and the renderer. Plain data only:
// everything here crosses IPC and HTTP as JSON.

export const SPLITS = ['train', 'val', 'test'] as const;
export type Split = (typeof SPLITS)[number];

export type CohortSource = 'mimic-iv' | 'generic' | 'demo' | 'yaib';

/** One time-series variable of a cohort's feature schema. */
export interface VariableSpec {
  name: string;
  unit: string;
}

/**
 * The feature schema, stored once per cohort. A stay's tensor holds, for each of `hours`
 * bins and each variable, the mean, min and max of the values charted in that hour, plus
 * one missingness indicator per variable (1 = nothing charted).
 */
export interface FeatureSchema {
  hours: number;
  variables: VariableSpec[];
  statistics: ['mean', 'min', 'max'];
}

/** How radiology text becomes note units. */
export interface NoteRule {
  sentencesPerChunk: number;
  maxChunks: number;
}

/** Context vectors: never searched, fixed priors for both streams. */
/**
 * A per-stay input the model reads but the search never masks (a "fixed prior"): numeric
 * (age, height, weight) or categorical (sex, admission or unit type). Values live in the
 * store's static_inputs table; a stay without a value has no row.
 */
export type StaticInputSpec =
  | { name: string; kind: 'numeric'; unit: string }
  | { name: string; kind: 'categorical'; categories: string[] };

export interface ContextSchema {
  cxrLabels: string[];
  ecgFields: string[];
  /** Absent in cohorts imported before static inputs existed: they have none. */
  staticInputs?: StaticInputSpec[];
}

export interface CohortSummary {
  id: number;
  name: string;
  source: CohortSource;
  synthetic: boolean;
  description: string;
  createdAt: string;
  stays: number;
  splits: Record<Split, number>;
  tasks: string[];
  attributes: string[];
}

export interface VariableCoverage {
  variable: string;
  /** Share of stays with at least one value in the window. */
  stayCoverage: number;
  /** Share of stay-hours with at least one value. */
  hourCoverage: number;
  values: number;
  droppedImplausible: number;
}

export interface ExclusionCount {
  reason: string;
  stays: number;
}

export interface TaskPrevalence {
  task: string;
  positives: number;
  stays: number;
  byTestSplit: { positives: number; stays: number };
}

/**
 * The identifier kinds the PHI guard detects: the HIPAA Safe Harbor kinds that text can
 * carry (photographs and biometrics cannot be in text). Fax numbers are phones; vehicle and
 * device identifiers share one kind; health plan and account numbers share one kind.
 */
export const PHI_KINDS = [
  'name',
  'date',
  'age over 89',
  'street address',
  'city',
  'zip code',
  'phone',
  'email',
  'ssn',
  'mrn',
  'account number',
  'licence number',
  'device id',
  'url',
  'ip address',
  'facility',
] as const;
export type PhiKind = (typeof PHI_KINDS)[number];

/** A possible identifier in one text: its kind and its character span [start, end). */
export interface PhiSpan {
  kind: PhiKind;
  start: number;
  end: number;
}

/**
 * What the PHI guard does with the identifiers it finds: refuse the whole import (or the
 * review's save), replace each with a placeholder of its kind, or keep them (only where a
 * data-use agreement permits identified data).
 */
export const PHI_MODES = ['refuse', 'redact', 'allow'] as const;
export type PhiMode = (typeof PHI_MODES)[number];

/**
 * How hard the guard looks (docs/phi-guard.md): 'default' is its rules, the shapes names and
 * codes take, and the safe-list pass's candidates but a lone capitalised word no list knows
 * at all with no preposition before it; 'strict' takes that word for a possible identifier too
 * (most are a drug's or a device's brand): more identifiers found, and more clean text refused
 * or redacted.
 */
export const PHI_LEVELS = ['default', 'strict'] as const;
export type PhiLevel = (typeof PHI_LEVELS)[number];

/**
 * The demo cohort's monitoring scenarios (docs/demo-cohort.md): 'none' is the plain demo;
 * 'drift' and 'steady' date stays over two years and add a care unit, 'drift' with a known
 * rise in hospital mortality for monitoring charts to find, 'steady' without one.
 */
export const DEMO_SCENARIOS = ['none', 'drift', 'steady'] as const;
export type DemoScenario = (typeof DEMO_SCENARIOS)[number];

/** The guard's instructions for one import or one review. */
export interface PhiPolicy {
  mode: PhiMode;
  /**
   * Findings the user has read and judged not to be identifiers, by `PhiFinding.mark`: they
   * are stored as written in every mode, and listed in the import summary.
   */
  falseAlarms: readonly string[];
  /** How hard it looks; 'default' when not given. */
  level?: PhiLevel;
}

/**
 * A possible direct identifier the PHI guard found in a text the store would keep, as
 * reports and errors carry it: where and what, never the text itself.
 */
export interface PhiFinding {
  /** Names this finding to mark it a false alarm: `file:line:field:start` (line left out when the source has none). */
  mark: string;
  file: string;
  /** Line in the file, or null for a text without lines (a cohort name, a review). */
  line: number | null;
  /** The column or key holding the text: `text`, `value`, `stay_id`, `description`, … */
  field: string;
  kind: PhiKind;
  /** Character span [start, end) in that field's text. */
  start: number;
  end: number;
  /** The match with most of it masked, so the report itself leaks nothing. */
  excerpt: string;
}

/** Identifiers found of one kind. */
export interface PhiKindCount {
  kind: PhiKind;
  count: number;
}

/** What the guard did in one import, as its report records it: counts, never the text. */
export interface PhiScreening {
  mode: PhiMode;
  /** Where it looked, as `file field` (`notes.csv text`, `stays.csv subject_id`, …). */
  scanned: string[];
  /** Identifiers found, by kind, false alarms apart: redacted or kept, as the mode says. */
  found: PhiKindCount[];
  /** Findings the user marked as false alarms, kept as written. */
  falseAlarms: PhiFinding[];
  /** Marks given that matched no finding: a typo, or a file changed since it was refused. */
  unmatchedMarks: string[];
}

/** What an importer reports: stays in and out with reasons, coverage, dropped values. */
export interface ImportSummary {
  format: CohortSource;
  source: string;
  cohortName: string;
  startedAt: string;
  finishedAt: string;
  /** Hours in each stay's window (24 in the paper's cohort). */
  windowHours: number;
  /** false when the cohort says it is not clinical: reports then use domain-neutral words. */
  clinical: boolean;
  staysSeen: number;
  staysIncluded: number;
  exclusions: ExclusionCount[];
  tasks: TaskPrevalence[];
  coverage: VariableCoverage[];
  rowsRead: Record<string, number>;
  valuesDroppedImplausible: number;
  staysWithoutNotes: number;
  staysWithoutCxr: number;
  staysWithoutEcg: number;
  notes: string[];
  /** The PHI guard's work; absent from reports of imports made before it screened every text. */
  phi?: PhiScreening;
}

export interface CohortDetail extends CohortSummary {
  featureSchema: FeatureSchema;
  noteRule: NoteRule;
  contextSchema: ContextSchema;
  report: ImportSummary | null;
}

export interface StaySummary {
  stayKey: string;
  subjectKey: string;
  split: Split;
  t0: string;
  losHours: number | null;
  outcomes: Record<string, number>;
  attributes: Record<string, string>;
  noteChunks: number;
  hasCxr: boolean;
  hasEcg: boolean;
}

export interface AppInfo {
  version: string;
  dbPath: string;
  /** The desktop app (IPC), a browser over `toe serve` (HTTP), or the `toe` command. */
  transport: 'ipc' | 'http' | 'cli';
}

/**
 * One step of long work, as the core reports it: a phase and how far into it. A job's
 * `job.progress` event carries it as JobProgress, with the job's id and an ETA.
 */
export interface ProgressUpdate {
  phase: string;
  done: number;
  total: number;
  message?: string;
}

export type ProgressSink = (update: ProgressUpdate) => void;

export interface JobProgress {
  jobId: string;
  phase: string;
  done: number;
  total: number;
  /** Seconds to completion, when it can be estimated. */
  etaSeconds: number | null;
  message: string;
}
