// The one API contract. Main (IPC), the HTTP server, the preload bridge and the renderer
// all derive from this table: a call's name, the zod schema of its arguments and the type
// of its result. Arguments are validated by whichever transport receives them.
import { z } from 'zod';
import type {
  RunProgress,
  RunSummary,
  SearchParams,
  StayAuditDetail,
  StayAuditResult,
} from './audit';
import type {
  AppInfo,
  CohortDetail,
  CohortSummary,
  ImportReport,
  JobProgress,
  StaySummary,
} from './domain';
import { SPLITS } from './domain';

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
const workers = z.number().int().min(1).max(256).optional();

/**
 * The search parameters a caller sets (any subset). Ranges and names are checked by the
 * core's searchParamsSchema when the run starts, the one place they are defined; an
 * out-of-range value comes back as bad-input naming the parameter. Unset ones take
 * method.md's defaults, except the decision threshold, which comes from the bundle.
 */
const searchParamsOverrides = z.custom<Partial<SearchParams>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected an object of search parameters',
);

export const calls = {
  'app.info': call<AppInfo>()(z.object({}).strict()),
  'cohorts.list': call<CohortSummary[]>()(z.object({}).strict()),
  'cohorts.get': call<CohortDetail>()(z.object({ cohortId }).strict()),
  'cohorts.delete': call<{ deleted: boolean }>()(z.object({ cohortId }).strict()),
  'cohorts.createDemo': call<ImportReport>()(
    z
      .object({
        name: z.string().min(1).max(100).default('demo'),
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
        format: z.enum(['mimic-iv', 'generic']),
        dir: z.string().min(1),
        name: z.string().min(1).max(100).optional(),
        allowPhi: z.boolean().default(false),
        jobId,
      })
      .strict(),
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
        cohortId,
        task: z.string().min(1).max(100),
        split: z.enum(SPLITS).optional(),
        /** Bundle folder; default: the shipped bundle for the task. */
        bundle: z.string().min(1).optional(),
        params: searchParamsOverrides.optional(),
        workers,
        /** Audit only these stays (a filtered subset). */
        stayKeys: z.array(z.string().min(1)).min(1).max(1_000_000).optional(),
        jobId,
      })
      .strict(),
  ),
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
  /** Writes the PDF audit report of a run to `path` (toe report). */
  'reports.export': call<{ path: string; pages: number }>()(
    z
      .object({
        runId,
        path: z.string().min(1),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1)
          .default(7),
      })
      .strict(),
  ),
  'jobs.cancel': call<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1) }).strict()),
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
  | 'internal';

/** The error shape both transports return; `message` is written for the user. */
export interface ApiErrorPayload {
  code: ErrorCode;
  message: string;
}

export type CallOutcome<R> = { ok: true; value: R } | { ok: false; error: ApiErrorPayload };

/** Validates arguments against the contract; the error names every offending field. */
export function parseArgs<N extends CallName>(
  name: N,
  raw: unknown,
): { ok: true; args: ParsedArgs<N> } | { ok: false; error: ApiErrorPayload } {
  const result = calls[name].args.safeParse(raw ?? {});
  if (result.success) return { ok: true, args: result.data as ParsedArgs<N> };
  const problems = result.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ');
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
