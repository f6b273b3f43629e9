// The one API contract. Main (IPC), the HTTP server, the preload bridge and the renderer
// all derive from this table: a call's name, the zod schema of its arguments and the type
// of its result. Arguments are validated by whichever transport receives them.
import { z } from 'zod';
import { ABSTENTION_POLICIES, reviewBudgetSchema, type AbstentionAnalysis } from './abstention';
import {
  ABSTENTION_REASONS,
  ABSTENTION_SORT_KEYS,
  QUEUE_SCOPES,
  type AbstentionRow,
} from './abstention-queue';
import {
  SEARCH_EXTENTS,
  type RunProgress,
  type RunSummary,
  type StayAuditDetail,
  type StayAuditResult,
  type StayReview,
} from './audit';
import {
  CONFUSION_CLASSES,
  DEFAULT_FIGURES_SEED,
  DEFAULT_RESAMPLES,
  type CohortStatistics,
} from './audit-statistics';
import { searchParamOverridesSchema } from './search-params';
import { DEFAULT_MIN_GROUP_SIZE, type BiasAudit } from './bias-audit';
import {
  DEFAULT_MONITORING_PERIOD,
  MAX_SERIES_RUNS,
  periodRuleSchema,
  type MonitoringCsvFile,
  type MonitoringReport,
} from './monitoring';
import type {
  AppInfo,
  CohortDetail,
  CohortSummary,
  ImportSummary,
  JobProgress,
  PhiFinding,
  StaySummary,
} from './domain';
import { DEMO_SCENARIOS, PHI_LEVELS, PHI_MODES, SPLITS } from './domain';
import type { RunEvaluationState, StoredEvaluation } from './evaluations';
import { SELECTABLE_METHODS } from './charts/evaluation-data';
import { DEFAULT_EVALUATION } from './evaluation-settings';
import type { BundleSigning, BundleSummary, FullInputMetricsReport } from './model-bundles';
import {
  CALIBRATION_METHODS,
  DEFAULT_CALIBRATION_METHOD,
  type BundleCalibrationOutcome,
} from './calibration';
import { thresholdRuleSchema } from './threshold-rule-text';
import type { RunComparison } from './run-comparison';
import type { RunStartCheck } from './run-start-check';
import type { StayDetail, StayNeighbours } from './stay-detail';
import type { StoreBackup, StoreCheckReport } from './store-check';
import { describeIssues } from './validation-issues';
import { COHORT_NAME_MAX } from './cohort-name';
import { LABEL_RULE_HELP, parseLabelRule } from './label-rule';

interface CallSpec<A extends z.ZodType, R> {
  args: A;
  /** Phantom: carries the result type, never read at run time. */
  result?: R;
}

function call<R>() {
  return <A extends z.ZodType>(args: A): CallSpec<A, R> => ({ args });
}

/** Long calls accept a caller-chosen job id; progress events carry it. */
const jobId = z.string().min(1).max(100).optional();
const cohortId = z.number().int().positive();
const runId = z.number().int().positive();
/** A static ceiling; the core also refuses more than 4 workers per core of this machine. */
const workers = z.number().int().min(1).max(64).optional();
const stayId = z.number().int().positive();
/** Findings marked false alarms, by PhiFinding.mark (file:line:field:start). */
const falseAlarms = z.array(z.string().min(1).max(1000)).max(100_000).default([]);
/** What the PHI guard does with what it finds; refuse unless the user chose otherwise. */
const phiPolicy = z
  .object({ mode: z.enum(PHI_MODES), falseAlarms, level: z.enum(PHI_LEVELS).optional() })
  .strict()
  .default({ mode: 'refuse', falseAlarms: [] });
/** Bootstrap seed of every interval (printed with the figures, so they can be reproduced). */
const seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1)
  .default(DEFAULT_FIGURES_SEED);
const outcome = z.enum(CONFUSION_CLASSES);
/** Bootstrap resamples of each interval. */
const resamples = z.number().int().min(100).max(100_000).default(DEFAULT_RESAMPLES);

const abstentionPolicy = z.enum(ABSTENTION_POLICIES);

/** What `runs.monitoring` groups a run's stays by. */
const monitoringRequest = z
  .object({
    runId,
    seed,
    period: periodRuleSchema.default(DEFAULT_MONITORING_PERIOD),
    unit: z.string().min(1).max(200).nullable().default(null),
    minGroupSize: z.number().int().min(1).max(100_000).default(DEFAULT_MIN_GROUP_SIZE),
    /** Leading periods whose outcomes set the charts' baseline (Phase I); 0: the model's own risks. */
    referencePeriods: z.number().int().min(0).max(1000).default(0),
    /**
     * Earlier runs of the same bundle over successive cohorts, oldest first, watched with this
     * one as a series (docs/monitoring.md, "A series of runs"); empty: the run alone.
     */
    seriesRunIds: z
      .array(runId)
      .max(MAX_SERIES_RUNS - 1)
      .default([]),
  })
  .strict();

/** onnxruntime's execution providers a caller may ask for ('auto': CUDA when it works). */
export const EXECUTION_PROVIDERS = ['auto', 'cuda', 'cpu'] as const;

/**
 * The job-progress phase of `runs.start` and `runs.resume` that says what is done with the
 * validation split first (audited, resumed or a completed audit reused); its message says which.
 */
export const VALIDATION_PHASE = 'Validation split';

/** What to audit and how: `runs.start`'s arguments, which `runs.checkStart` checks first. */
const runRequest = {
  cohortId,
  task: z.string().min(1).max(100),
  split: z.enum(SPLITS).optional(),
  /** Bundle folder; default: the shipped bundle for the task. */
  bundle: z.string().min(1).optional(),
  /** Any subset; unset ones take method.md's defaults, the threshold the bundle's. */
  params: searchParamOverridesSchema.optional(),
  workers,
  /** Audit only these stays (a filtered subset). */
  stayKeys: z.array(z.string().min(1)).min(1).max(1_000_000).optional(),
  /** 'bundle' (default): decide on the bundle's calibration file; 'none': the paper's mode. */
  calibration: z.enum(['bundle', 'none']).optional(),
  abstention: z
    .object({ policy: abstentionPolicy.optional(), budget: reviewBudgetSchema.optional() })
    .strict()
    .optional(),
  /** Audit the validation split first, for the policies fitted on it (default true). */
  validation: z.boolean().default(true),
  /** How far each stay's search goes (default 'to-limit'; SearchExtent). */
  searchExtent: z.enum(SEARCH_EXTENTS).optional(),
};

export const calls = {
  'app.info': call<AppInfo>()(z.object({}).strict()),
  'cohorts.list': call<CohortSummary[]>()(z.object({}).strict()),
  'cohorts.get': call<CohortDetail>()(z.object({ cohortId }).strict()),
  /**
   * A cohort by its name, or by its id written as digits, as a command line names one; not
   * found, the refusal lists the store's cohorts.
   */
  'cohorts.resolve': call<CohortDetail>()(
    z.object({ nameOrId: z.string().min(1).max(1000) }).strict(),
  ),
  'cohorts.delete': call<{ deleted: boolean }>()(z.object({ cohortId }).strict()),
  'cohorts.createDemo': call<ImportSummary>()(
    z
      .object({
        name: z.string().min(1).max(COHORT_NAME_MAX).default('demo'),
        stays: z.number().int().min(10).max(100_000).default(2000),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .default(7),
        spurious: z.boolean().default(false),
        /** A monitoring scenario (docs/demo-cohort.md); 'none' is the plain demo. */
        scenario: z.enum(DEMO_SCENARIOS).default('none'),
        /**
         * Stays admitted on or after this day (YYYY-MM-DD) get no outcome, as the latest stays
         * of a model in service: runs score them for monitoring's forecast.
         */
        outcomesPendingFrom: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
          .optional(),
        jobId,
      })
      .strict(),
  ),
  'cohorts.import': call<ImportSummary>()(
    z
      .object({
        format: z.enum(['mimic-iv', 'generic', 'yaib']),
        dir: z.string().min(1),
        name: z.string().min(1).max(COHORT_NAME_MAX).optional(),
        phi: phiPolicy,
        /** YAIB only: how hourly labels become one per stay (shared/label-rule.ts). */
        labelRule: z
          .string()
          .max(100)
          .refine((rule) => parseLabelRule(rule) !== null, `write ${LABEL_RULE_HELP}`)
          .optional(),
        jobId,
      })
      .strict()
      .refine((a) => a.labelRule === undefined || a.format === 'yaib', {
        message: 'labelRule applies to the yaib format only',
      }),
  ),
  'stays.list': call<{ total: number; stays: StaySummary[] }>()(
    z
      .object({
        cohortId,
        split: z.enum(SPLITS).optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(100),
      })
      .strict(),
  ),
  'runs.start': call<RunSummary>()(
    z
      .object({
        ...runRequest,
        /** onnxruntime's provider for a new run (default: $TOE_EXECUTION_PROVIDER, else auto). */
        executionProvider: z.enum(EXECUTION_PROVIDERS).optional(),
        /**
         * Return the latest completed run that audited exactly this (same cohort, split,
         * bundle files, calibration and the parameters given), or resume an interrupted one,
         * instead of starting another (default false: always a new run).
         */
        reuse: z.boolean().default(false),
        jobId,
      })
      .strict(),
  ),
  /**
   * What `runs.start` would do, checked before it starts: whether the bundle can be used,
   * whether it was trained on generated data and the cohort is real, and the completed run
   * that already audited exactly this (which the user may open instead).
   */
  'runs.checkStart': call<RunStartCheck>()(z.object(runRequest).strict()),
  'runs.list': call<RunSummary[]>()(z.object({}).strict()),
  'runs.get': call<RunSummary>()(z.object({ runId }).strict()),
  'runs.resume': call<RunSummary>()(
    z
      .object({
        runId,
        workers,
        /**
         * Take over a run whose lease is stale (no heartbeat for LEASE_STALE_SECONDS): true, or
         * only from the holder the user agreed to (its process and host, as `runs.get` shows
         * them), so that a lease which changed hands meanwhile is not taken. Never a live one.
         */
        takeOver: z
          .union([
            z.boolean(),
            z
              .object({
                pid: z.number().int().nullable(),
                host: z.string().max(1000).nullable(),
              })
              .strict(),
          ])
          .optional(),
        jobId,
      })
      .strict(),
  ),
  'runs.results': call<{ total: number; results: StayAuditResult[] }>()(
    z
      .object({
        runId,
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(10_000).default(500),
      })
      .strict(),
  ),
  'runs.stay': call<StayAuditDetail>()(
    z.object({ runId, stayId: z.number().int().positive() }).strict(),
  ),
  /** Where a stay sits among the run's stays of one outcome class and/or search status. */
  'runs.neighbours': call<StayNeighbours>()(
    z
      .object({
        runId,
        stayId: stayId.optional(),
        outcome: outcome.optional(),
        status: z.enum(['converged', 'exhausted']).optional(),
      })
      .strict(),
  ),
  /**
   * Every abstention policy's proof on the run (docs/abstention.md): risk–coverage, AURC,
   * figures at the run's budget, the likelihood-ratio test, the verdict and warnings.
   */
  'runs.abstention': call<AbstentionAnalysis>()(z.object({ runId, seed }).strict()),
  /** Changes a run's review policy and budget: a reviewer's setting, not the search's. */
  'runs.setAbstention': call<RunSummary>()(
    z.object({ runId, policy: abstentionPolicy, budget: reviewBudgetSchema }).strict(),
  ),
  /** The run's cohort statistics (docs/audit-metrics.md), at its own parameters. */
  'runs.statistics': call<CohortStatistics>()(z.object({ runId, seed }).strict()),
  /** The run's bias audit over the attributes its stays carry in the store. */
  'runs.bias': call<BiasAudit>()(
    z
      .object({
        runId,
        seed,
        reference: z
          .union([
            z.enum(['largest', 'best']),
            z.object({ group: z.record(z.string().min(1), z.string().min(1)) }).strict(),
          ])
          .optional(),
        minGroupSize: z.number().int().min(1).max(100_000).optional(),
        intersections: z
          .array(z.tuple([z.string().min(1), z.string().min(1)]))
          .max(20)
          .optional(),
      })
      .strict(),
  ),
  /**
   * A run's stays over time and across units (docs/monitoring.md): per period of their start
   * (or of an attribute naming one) and per unit, the p-chart, the VLAD with its risk-adjusted
   * CUSUM, the funnel plot, the operating points and the risks' forecast checked.
   */
  'runs.monitoring': call<MonitoringReport>()(monitoringRequest),
  /** The same monitoring report as CSV files: groups, operating points and the stays' chart values. */
  'runs.monitoringCsv': call<{ files: MonitoringCsvFile[] }>()(monitoringRequest),
  /**
   * Two completed runs of one task compared (docs/audit-metrics.md, "Comparing two runs"):
   * every figure of each, B − A with its bootstrap interval and Benjamini–Hochberg flag, both
   * reliability curves and the evidence composition, as `toe compare` computes them.
   */
  'runs.compare': call<RunComparison>()(
    z.object({ runA: runId, runB: runId, seed, resamples }).strict(),
  ),
  /**
   * A run's per-stay results for analysts (`toe export`), one row per audited stay in the
   * run's plan order, in the one column vocabulary of every export (`stay_id` the hospital's
   * identifier): RFC 4180 CSV text and/or the JSON document (with the run's provenance and
   * each column's description) as text, for the caller to write or download.
   */
  'runs.exportStays': call<{ stays: number; csv: string | null; json: string | null }>()(
    z
      .object({
        runId,
        csv: z.boolean().default(false),
        json: z.boolean().default(false),
        /** Start the CSV with a byte-order mark, for Excel. */
        excelBom: z.boolean().default(false),
      })
      .strict()
      .refine((a) => a.csv || a.json, { message: 'ask for csv, json or both' }),
  ),
  /**
   * The run's review queue — by default the stays its policy flags at its budget, most likely
   * wrong first — with why each search stopped and the reviews, a page at a time.
   */
  'abstentions.list': call<{ total: number; rows: AbstentionRow[] }>()(
    z
      .object({
        runId,
        scope: z.enum(QUEUE_SCOPES).default('flagged'),
        sort: z
          .object({
            key: z.enum(ABSTENTION_SORT_KEYS),
            direction: z.enum(['asc', 'desc']).default('asc'),
          })
          .strict()
          .optional(),
        filter: z
          .object({
            reasons: z.array(z.enum(ABSTENTION_REASONS)).optional(),
            outcomes: z.array(outcome).optional(),
            reviewed: z.boolean().optional(),
          })
          .strict()
          .optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(5000).default(500),
      })
      .strict(),
  ),
  /**
   * The whole queue (same sort and filter, no paging) as RFC 4180 CSV text, so each
   * transport can hand it to the user its own way (a Blob download in the browser); `rows`
   * stays written, `flagged` of them in the run's queue.
   */
  'abstentions.csv': call<{ csv: string; rows: number; flagged: number }>()(
    z
      .object({
        runId,
        scope: z.enum(QUEUE_SCOPES).default('flagged'),
        /** Start with a byte-order mark, so spreadsheet programs read the comments as UTF-8. */
        excelBom: z.boolean().default(true),
        sort: z
          .object({
            key: z.enum(ABSTENTION_SORT_KEYS),
            direction: z.enum(['asc', 'desc']).default('asc'),
          })
          .strict()
          .optional(),
        filter: z
          .object({
            reasons: z.array(z.enum(ABSTENTION_REASONS)).optional(),
            outcomes: z.array(outcome).optional(),
            reviewed: z.boolean().optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** The review of one stay in one run; null when nobody has reviewed it. */
  'reviews.get': call<{ review: StayReview | null }>()(z.object({ runId, stayId }).strict()),
  /** Records (or replaces) a reviewer's verdict on one stay's evidence in one run. */
  'reviews.set': call<StayReview>()(
    z
      .object({
        runId,
        stayId,
        verdict: z.enum(['agree', 'disagree', 'discuss']),
        comment: z.string().max(5000).default(''),
        /** A comment is screened like imported text; keeping identifiers is no option here. */
        phi: z
          .object({ mode: z.enum(['refuse', 'redact']), falseAlarms })
          .strict()
          .default({ mode: 'refuse', falseAlarms: [] }),
      })
      .strict(),
  ),
  'reviews.clear': call<{ cleared: boolean }>()(z.object({ runId, stayId }).strict()),
  /**
   * One stay's raw data for the trace view. Give the run (its bundle decides which note
   * chunks are units) or the cohort, not both.
   */
  'stays.detail': call<StayDetail>()(
    z
      .object({ stayId, runId: runId.optional(), cohortId: cohortId.optional() })
      .strict()
      .refine((a) => (a.runId === undefined) !== (a.cohortId === undefined), {
        message: 'give either runId or cohortId',
      }),
  ),
  /**
   * The faithfulness–sparsity frontier of a run's model: the newest stored evaluation of its
   * bundle on its cohort and split (the test split for a run of every split), and any
   * evaluation of them under way.
   */
  'evaluations.forRun': call<RunEvaluationState>()(z.object({ runId }).strict()),
  /**
   * Evaluates a run's bundle on its cohort and split with toe evaluate's defaults, as a job on
   * a worker thread, and keeps the result. `limit`: only the first N stays of the split.
   */
  'evaluations.start': call<StoredEvaluation>()(
    z.object({ runId, limit: z.number().int().min(1).max(10_000_000).optional(), jobId }).strict(),
  ),
  /**
   * Evaluates a bundle on a cohort split (`toe evaluate`): every method at every budget, the
   * abstention audits of the split unless `abstention` is false or `limit` is given, the
   * result kept in the store. Returns it with its report folder as bytes, for the caller to
   * write; `out` (where it goes) is only recorded in the command that reproduces it.
   */
  'evaluations.evaluate': call<{
    evaluation: StoredEvaluation;
    folder: { file: string; base64: string }[];
    /** The report's headline section (Markdown), as a terminal prints it. */
    headline: string;
  }>()(
    z
      .object({
        cohort: z.string().min(1).max(1000),
        task: z.string().min(1).max(100),
        bundle: z.string().min(1).max(4096).optional(),
        split: z.enum(SPLITS),
        ks: z.array(z.number().int().min(1).max(1000)).min(1).max(1000),
        methods: z.array(z.enum(SELECTABLE_METHODS)).min(1),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1)
          .default(DEFAULT_EVALUATION.seed),
        resamples: z.number().int().min(1).max(100_000).default(DEFAULT_EVALUATION.resamples),
        limeSamples: z.number().int().min(2).max(1_000_000).default(DEFAULT_EVALUATION.limeSamples),
        shapBudget: z.number().int().min(2).max(10_000_000).optional(),
        limit: z.number().int().min(1).max(10_000_000).optional(),
        abstention: z.boolean(),
        executionProvider: z.enum(['auto', 'cuda', 'cpu']).optional(),
        workers,
        out: z.string().min(1).max(4096).optional(),
        jobId,
      })
      .strict(),
  ),
  /**
   * The model bundles shipped with the app (or those in `dir`, one folder per task), each
   * verified against its manifest.
   */
  'models.list': call<BundleSummary[]>()(
    z.object({ dir: z.string().min(1).max(4096).optional() }).strict(),
  ),
  /**
   * Signs a bundle's manifest.json (writes manifest.signature.json beside it): for bundles
   * made before manifests were signed. It writes into the bundle folder, so only the desktop
   * app and `toe` may: refused over HTTP.
   */
  'models.sign': call<BundleSigning>()(
    z
      .object({
        bundle: z.string().min(1).max(4096),
        /** Sign the manifest as it is now although it differs from what was signed. */
        replace: z.boolean().default(false),
      })
      .strict(),
  ),
  /**
   * A bundle's full-input metrics on a cohort split (`toe models eval`): AUROC, AUPRC and ECE
   * per stream with bootstrap intervals, and how the cohort relates to its training cohort.
   */
  'models.fullInputMetrics': call<FullInputMetricsReport>()(
    z
      .object({
        task: z.string().min(1).max(100),
        /** Default: the shipped bundle for the task. */
        bundle: z.string().min(1).max(4096).optional(),
        /** Cohort name or id. */
        cohort: z.string().min(1).max(1000),
        split: z.enum(SPLITS).default('test'),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1)
          .default(7),
        resamples: z.number().int().min(1).max(100_000).default(DEFAULT_RESAMPLES),
        executionProvider: z.enum(EXECUTION_PROVIDERS).optional(),
        jobId,
      })
      .strict(),
  ),
  /**
   * Calibrates a bundle's fused probability and chooses its decision threshold on a cohort's
   * validation split, writing calibration.json into the bundle folder unless `dryRun`; a
   * split with too few events, or an existing calibration, is refused unless `force` (the old
   * file is kept beside it). Writing is refused over HTTP, as for `models.sign`.
   */
  'models.calibrate': call<BundleCalibrationOutcome>()(
    z
      .object({
        bundle: z.string().min(1).max(4096),
        /** Cohort name or id; its validation split is used. */
        cohort: z.string().min(1).max(1000),
        method: z.enum(CALIBRATION_METHODS).default(DEFAULT_CALIBRATION_METHOD),
        thresholdRule: thresholdRuleSchema.default({ kind: 'prevalence' }),
        dryRun: z.boolean().default(false),
        force: z.boolean().default(false),
        executionProvider: z.enum(EXECUTION_PROVIDERS).optional(),
        jobId,
      })
      .strict(),
  ),
  /**
   * The PDF audit report as bytes (base64), for a download. The core picks a private temp
   * file and deletes it, so no caller (e.g. a browser page) chooses a path on disk: no call
   * of the contract writes a file where the user did not choose it (`toe report` writes these
   * bytes to the path typed on the command line). Page 1
   * comes with it as a PNG (800 px wide) in the same call, not a call of its own: the
   * preview is then of the very bytes the user saves, and the report, which takes seconds
   * to write, is written once.
   */
  'reports.pdf': call<{
    fileName: string;
    pages: number;
    pdfBase64: string;
    pageOnePngBase64: string;
    sections: string[];
    /** The report's bookmarks (its sections) with the page each starts on. */
    contents: { title: string; page: number }[];
    /** Stays the report's statistics cover, and whether its cohort is SYNTHETIC. */
    stays: number;
    synthetic: boolean;
  }>()(
    z
      .object({
        runId,
        seed,
        resamples,
        /** Bias audit: groups with fewer stays are suppressed. */
        minGroupSize: z.number().int().min(1).max(1_000_000).default(DEFAULT_MIN_GROUP_SIZE),
      })
      .strict(),
  ),
  /**
   * The comparison of two runs (`runs.compare`) as a PDF, bytes in base64 for a download,
   * made in memory: no caller chooses a path on disk (as for `reports.pdf`).
   */
  'reports.comparisonPdf': call<{ fileName: string; pages: number; pdfBase64: string }>()(
    z.object({ runA: runId, runB: runId, seed, resamples }).strict(),
  ),
  /**
   * One page of the report `reports.pdf` wrote (the same bytes, kept while the run and its
   * reviews are unchanged) as a PNG 800 px wide, for paging through the preview.
   */
  'reports.page': call<{ page: number; pages: number; pngBase64: string }>()(
    z.object({ runId, seed, page: z.number().int().min(1).max(100_000) }).strict(),
  ),
  /** Asks a job to stop; `outcome` says whether the job could still honour it (CancelReply). */
  'jobs.cancel': call<{ outcome: CancelReply }>()(z.object({ jobId: z.string().min(1) }).strict()),
  /**
   * Checks the store the core has open, without changing it (`toe store check`): SQLite's
   * integrity check and foreign keys, then ToE Audit's own invariants. Problems found are the
   * report's (`ok` false), not a refusal.
   */
  'store.check': call<StoreCheckReport>()(z.object({}).strict()),
  /**
   * Copies the store the core has open to a new file with SQLite's online backup (safe while
   * it is in use), never over an existing file, and checks the copy. It writes where the
   * caller says: only the desktop app and `toe` may; over HTTP it is refused as unavailable.
   */
  'store.backup': call<StoreBackup>()(z.object({ target: z.string().min(1).max(4096) }).strict()),
  /**
   * A folder chosen in the desktop app's native dialog; null when the user closed it. Only the
   * desktop transport can show one: over HTTP it is refused as unavailable, and the page offers
   * a typed path instead.
   */
  'folders.choose': call<{ path: string | null }>()(
    z.object({ title: z.string().min(1).max(200) }).strict(),
  ),
} as const;

export type CallName = keyof typeof calls;
type Spec<N extends CallName> = (typeof calls)[N];
export type CallArgs<N extends CallName> = z.input<Spec<N>['args']>;
export type ParsedArgs<N extends CallName> = z.output<Spec<N>['args']>;
export type CallResult<N extends CallName> = NonNullable<Spec<N>['result']>;

export const CALL_NAMES = Object.keys(calls) as CallName[];

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(calls, name);
}

/**
 * What became of a Cancel: `accepted` while the job had not yet committed (its `job.finished`
 * then says `cancelled`, unless the job had no check left and finished first); `too-late` once
 * it was committing or had finished, or when no such job is running.
 */
export type CancelReply = 'accepted' | 'too-late';

/**
 * How a job ended: `cancelled` only when a Cancel was honoured before the job committed (an
 * import leaves no cohort; an audit run keeps the stays it had audited, resumable).
 */
export type JobOutcome = 'completed' | 'failed' | 'cancelled';

/**
 * The end of a job. `cancelRequested` with an outcome other than `cancelled` means a Cancel
 * arrived but the job had finished first (its work was kept, or it failed on its own).
 * `ok` and `error` are kept for listeners that only need success or the message.
 */
export interface JobFinished {
  type: 'job.finished';
  jobId: string;
  outcome: JobOutcome;
  cancelRequested: boolean;
  ok: boolean;
  error: string | null;
}

/** Events pushed from the core to every connected renderer. */
export type ApiEvent =
  | { type: 'job.progress'; progress: JobProgress }
  | JobFinished
  | { type: 'run.progress'; progress: RunProgress & { jobId: string } };

export type ErrorCode =
  | 'invalid-arguments'
  | 'not-found'
  | 'conflict'
  | 'bad-input'
  | 'cancelled'
  | 'unauthorized'
  | 'unavailable'
  /** The store is damaged or not a ToE Audit store: the message names the file and what to do. */
  | 'store-damaged'
  /** The store can be read but not written (a read-only file or share): the message says how to get a copy. */
  | 'store-read-only'
  | 'internal';

/** The error shape both transports return; `message` is written for the user. */
export interface ApiErrorPayload {
  code: ErrorCode;
  message: string;
  /** Bad input: where it is, for a page to show beside the message. */
  location?: { file: string; line: number | null; field: string | null };
  /** Refused by the PHI guard: the possible identifiers it found (the first 1,000), masked. */
  phiFindings?: PhiFinding[];
  /** How many it found in all, listed or not. */
  phiTotal?: number;
  /**
   * An audit run this refusal interrupted (cancelled, or failed mid-way): it keeps its results
   * and `runs.resume` carries it on, as a caller may tell the user.
   */
  runId?: number;
}

export type CallOutcome<R> = { ok: true; value: R } | { ok: false; error: ApiErrorPayload };

/** Validates arguments against the contract; the error names every offending field. */
export function parseArgs<N extends CallName>(
  name: N,
  raw: unknown,
): { ok: true; args: ParsedArgs<N> } | { ok: false; error: ApiErrorPayload } {
  const result = calls[name].args.safeParse(raw ?? {});
  if (result.success) return { ok: true, args: result.data as ParsedArgs<N> };
  const problems = describeIssues(result.error.issues, '(arguments)');
  return {
    ok: false,
    error: { code: 'invalid-arguments', message: `Invalid arguments for ${name}: ${problems}` },
  };
}

/** What the renderer talks to: the same shape over IPC and over HTTP. */
export interface Bridge {
  invoke<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallOutcome<CallResult<N>>>;
  onEvent(listener: (event: ApiEvent) => void): () => void;
}
