/**
 * An audit of a test split together with the audit of the validation split its fitted
 * abstention policies (toe-tuned, learned, guaranteed) are fitted on: one command audits
 * validation, then test. A completed validation audit of the same model, decision,
 * parameters and data is reused; an interrupted one is resumed, so the pair resumes as
 * single runs do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { searchExtentOf } from '../../../shared/audit';
import { CALIBRATION_FILE } from '../calibration';
import { bundleHashes, changedBundleFiles, readManifest, SHIPPED_MODELS_DIR } from '../models';
import type { Store } from '../store';
import type { RunSummary } from './audit-types';
import { resumeRun, startRun, type RunOptions, type RunRequest } from './run-engine';
import { RunStore } from './run-store';
import { refuseToeTunedWithoutPath, requestedSearchExtent } from './run-setup';

export interface AuditPairOptions extends RunOptions {
  /** Told before the validation audit starts or is resumed, and when one is reused. */
  onValidation?: (event: { runId: number | null; action: 'start' | 'resume' | 'reuse' }) => void;
}

/** Audits validation (unless unneeded or reused), then the requested run. */
export async function startAuditWithValidation(
  store: Store,
  request: RunRequest,
  options: AuditPairOptions = {},
): Promise<RunSummary> {
  // Refused before a validation audit is spent on it.
  refuseToeTunedWithoutPath(request.abstention?.policy, requestedSearchExtent(request));
  const split = request.split ?? null;
  if (split === null || split === 'val' || request.validationRunId !== undefined) {
    return startRun(store, request, options);
  }
  // The job commits with the test run: the validation audit is not its point of no return.
  const { beginCommit: _beginCommit, ...validationOptions } = options;
  const validation = await validationRun(store, request, validationOptions);
  return startRun(store, { ...request, validationRunId: validation.id }, options);
}

/** Resumes a run, after first completing the validation audit it depends on. */
export async function resumeAuditWithValidation(
  store: Store,
  runId: number,
  options: AuditPairOptions = {},
): Promise<RunSummary> {
  const runs = new RunStore(store);
  const validationId = runs.getRun(runId).spec.abstention?.validationRunId ?? null;
  if (validationId !== null) {
    const validation = runs.getRun(validationId);
    if (validation.status !== 'completed') {
      options.onValidation?.({ runId: validationId, action: 'resume' });
      // A take-over was agreed for the run asked for, not for its validation audit; nor is
      // the validation audit's completion the job's point of no return.
      const { takeOver: _takeOver, beginCommit: _beginCommit, ...validationOptions } = options;
      await resumeRun(store, validationId, validationOptions);
    }
  }
  return resumeRun(store, runId, options);
}

async function validationRun(
  store: Store,
  request: RunRequest,
  options: AuditPairOptions,
): Promise<RunSummary> {
  // The validation audit takes its decision's default review settings: the policy asked
  // for the test run may need a validation audit of its own, which this one has not.
  const { abstention: _requested, ...rest } = request;
  const wanted: RunRequest = { ...rest, split: 'val', stayKeys: null, validationRunId: null };
  const candidate = reusableRun(store, wanted);
  if (candidate?.status === 'completed') {
    options.onValidation?.({ runId: candidate.id, action: 'reuse' });
    return candidate;
  }
  if (candidate) {
    options.onValidation?.({ runId: candidate.id, action: 'resume' });
    return resumeRun(store, candidate.id, options);
  }
  options.onValidation?.({ runId: null, action: 'start' });
  return startRun(store, wanted, options);
}

/**
 * The latest run that audited exactly what `request` asks for, with the model and decision
 * it would use now — completed (reuse it) or resumable without a take-over (resume it) — or
 * null. A run held by a live or stale lease, or one that failed, is never offered.
 */
export function reusableRun(store: Store, request: RunRequest): RunSummary | null {
  const bundleDir = resolve(request.bundleDir ?? join(SHIPPED_MODELS_DIR, request.task));
  const expected = expectedModel(bundleDir, request);
  return (
    new RunStore(store)
      .listRuns()
      .reverse()
      .filter((run) => run.status !== 'failed' && resumableWithoutTakeOver(run))
      .find((run) => matchesRequest(run, { ...request, bundleDir }, expected)) ?? null
  );
}

function resumableWithoutTakeOver(run: RunSummary): boolean {
  if (run.status !== 'running') return true;
  const state = run.lease?.state ?? 'free';
  return state === 'dead' || state === 'free';
}

/** The bundle's files and the calibration file a run of this request would use now. */
interface ExpectedModel {
  bundleHashes: Record<string, string>;
  /** SHA-256 of the calibration file the run would decide on; null: the paper's mode. */
  calibrationSha256: string | null;
}

function expectedModel(bundleDir: string, request: RunRequest): ExpectedModel {
  const file = join(bundleDir, CALIBRATION_FILE);
  const calibrated = (request.calibration ?? 'bundle') === 'bundle' && existsSync(file);
  return {
    bundleHashes: bundleHashes(readManifest(bundleDir)),
    calibrationSha256: calibrated
      ? createHash('sha256').update(readFileSync(file)).digest('hex')
      : null,
  };
}

/**
 * Whether an earlier run audited what this request asks: same cohort, task, split, bundle
 * files, calibration file, the search parameters the caller set, and no stay subset.
 * The cohort's content is checked again when the run is resumed.
 */
function matchesRequest(run: RunSummary, request: RunRequest, expected: ExpectedModel): boolean {
  const spec = run.spec;
  if (spec.cohortId !== request.cohortId || spec.task !== request.task) return false;
  if (spec.split !== (request.split ?? null) || (spec.stayKeys && spec.stayKeys.length > 0))
    return false;
  if (spec.bundleDir !== request.bundleDir) return false;
  if (changedBundleFiles(run.provenance.bundleHashes, expected.bundleHashes).length > 0)
    return false;
  const sha = spec.decision?.mode === 'calibrated' ? spec.decision.fileSha256 : null;
  if (sha !== expected.calibrationSha256) return false;
  // Searches recorded to S_max serve a request to stop at convergence too, not the reverse.
  const stopped = searchExtentOf(spec) === 'to-convergence';
  if (stopped && requestedSearchExtent(request) === 'to-limit') return false;
  const given = request.params ?? {};
  return Object.entries(given).every(
    ([key, value]) => value === undefined || spec.params[key as keyof typeof spec.params] === value,
  );
}
