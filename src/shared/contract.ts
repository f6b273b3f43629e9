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
import { CONFUSION_CLASSES, DEFAULT_FIGURES_SEED, type CohortStatistics } from './audit-statistics';
import { searchParamOverridesSchema } from './search-params';
import type { BiasAudit } from './bias-audit';
import type {
  AppInfo,
  CohortDetail,
  CohortSummary,
  ImportReport,
  JobProgress,
  PhiFinding,
  StaySummary,
} from './domain';
import { PHI_MODES, SPLITS } from './domain';
import type { RunEvaluationState, StoredEvaluation } from './evaluations';
import { SELECTABLE_METHODS } from './charts/evaluation-data';
import type { BundleSummary } from './model-bundles';
import type { RunComparison } from './run-comparison';
import type { RunStartCheck } from './run-start-check';
import type { StayDetail, StayNeighbours } from './stay-detail';
import { describeIssues } from './validation-issues';
import { COHORT_NAME_MAX } from './cohort-name';

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
  .object({ mode: z.enum(PHI_MODES), falseAlarms })
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

const abstentionPolicy = z.enum(ABSTENTION_POLICIES);

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
  'cohorts.delete': call<{ deleted: boolean }>()(z.object({ cohortId }).strict()),
  'cohorts.createDemo': call<ImportReport>()(
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
        jobId,
      })
      .strict(),
  ),
  'cohorts.import': call<ImportReport>()(
    z
      .object({
        format: z.enum(['mimic-iv', 'generic', 'yaib']),
        dir: z.string().min(1),
        name: z.string().min(1).max(COHORT_NAME_MAX).optional(),
        phi: phiPolicy,
        /** YAIB only: how hourly labels become one per stay, `onset-within:N` (N 1–168). */
        labelRule: z
          .string()
          .regex(
            /^onset-within:(?:[1-9]|[1-9]\d|1[0-5]\d|16[0-8])$/,
            'write onset-within:N, N from 1 to 168',
          )
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
  'runs.start': call<RunSummary>()(z.object({ ...runRequest, jobId }).strict()),
  /**
   * What `runs.start` would do, checked before it starts: whether the bundle can be used,
   * whether it was trained on generated data and the cohort is real, and the completed run
   * that already audited exactly this (which the user may open instead).
   */
  'runs.checkStart': call<RunStartCheck>()(z.object(runRequest).strict()),
  'runs.list': call<RunSummary[]>()(z.object({}).strict()),
  'runs.get': call<RunSummary>()(z.object({ runId }).strict()),
  'runs.resume': call<RunSummary>()(z.object({ runId, workers, jobId }).strict()),
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
   * Two completed runs of one task compared (docs/audit-metrics.md, "Comparing two runs"):
   * every figure of each, B − A with its bootstrap interval and Benjamini–Hochberg flag, both
   * reliability curves and the evidence composition, as `toe compare` computes them.
   */
  'runs.compare': call<RunComparison>()(z.object({ runA: runId, runB: runId, seed }).strict()),
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
   * transport can hand it to the user its own way (a Blob download in the browser).
   */
  'abstentions.csv': call<{ csv: string; rows: number }>()(
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
          .max(2 ** 32 - 1),
        resamples: z.number().int().min(1).max(100_000),
        limeSamples: z.number().int().min(2).max(1_000_000),
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
  /** The model bundles shipped with the app, each verified against its manifest. */
  'models.list': call<BundleSummary[]>()(z.object({}).strict()),
  /**
   * The PDF audit report as bytes (base64), for a download. The core picks a private temp
   * file and deletes it, so no caller (e.g. a browser page) chooses a path on disk: no call
   * of the contract writes a file where the user did not choose it (`toe report` writes to
   * the path typed on the command line, outside the contract). Page 1
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
  }>()(z.object({ runId, seed }).strict()),
  /**
   * The comparison of two runs (`runs.compare`) as a PDF, bytes in base64 for a download,
   * made in memory: no caller chooses a path on disk (as for `reports.pdf`).
   */
  'reports.comparisonPdf': call<{ fileName: string; pages: number; pdfBase64: string }>()(
    z.object({ runA: runId, runB: runId, seed }).strict(),
  ),
  /**
   * One page of the report `reports.pdf` wrote (the same bytes, kept while the run and its
   * reviews are unchanged) as a PNG 800 px wide, for paging through the preview.
   */
  'reports.page': call<{ page: number; pages: number; pngBase64: string }>()(
    z.object({ runId, seed, page: z.number().int().min(1).max(100_000) }).strict(),
  ),
  'jobs.cancel': call<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1) }).strict()),
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

/** Events pushed from the core to every connected renderer. */
export type ApiEvent =
  | { type: 'job.progress'; progress: JobProgress }
  | { type: 'job.finished'; jobId: string; ok: boolean; error: string | null }
  | { type: 'run.progress'; progress: RunProgress & { jobId: string } };

export type ErrorCode =
  | 'invalid-arguments'
  | 'not-found'
  | 'conflict'
  | 'bad-input'
  | 'cancelled'
  | 'unauthorized'
  | 'unavailable'
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
