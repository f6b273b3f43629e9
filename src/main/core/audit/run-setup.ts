/**
 * Everything decided before a run audits its first stay: which stays (the plan), with which
 * parameters, and the provenance that makes its numbers traceable (the bundle's files, its
 * manifest and the calibration it decides with, docs/model-bundle.md "Integrity"); and, on
 * resume, the checks that the bundle, provider and cohort are still exactly the ones it
 * started with.
 */
import {
  DEFAULT_ABSTENTION_POLICY,
  DEFAULT_REVIEW_BUDGET,
  type AbstentionPolicyName,
  type ReviewBudget,
} from '../../../shared/abstention';
import {
  defaultSearchExtent,
  HOURLY_WINDOWS_ONLY,
  TOE_TUNED_NEEDS_PATH,
  type RunAbstention,
  type SearchExtent,
} from '../../../shared/audit';
import type { RunDecision } from '../../../shared/calibration';
import type { CohortDetail, Split } from '../../../shared/domain';
import { readBundleCalibration } from '../calibration';
import { APP_VERSION } from '../app-version';
import { InputError } from '../errors/input-error';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  changedBundleFiles,
  decisionFingerprint,
  describeDifference,
  firstDifference,
  MANIFEST_FILE,
  variableMatch,
  type BundleManifest,
  type ModelRuntime,
  type VariableMapping,
} from '../models';
import { searchParamsSchema, type SearchParams } from '../search';
import { ConflictError, staysWithLabel, type Store } from '../store';
import type { RunProvenance, RunSummary } from './audit-types';
import { describeIssues } from '../../../shared/validation-issues';

export interface StayPlan {
  stayIds: number[];
  /** Stays in scope without a label for the task. */
  excluded: number;
  /** Those stays' ids: the run scores them (not searched) for the forecast of outcomes not in yet. */
  awaitingStayIds: number[];
}

/**
 * The stays a run audits, in stay id (import) order: those in scope with a task label; those
 * without one are only scored, for monitoring's forecast.
 */
export function planStays(
  store: Store,
  cohort: CohortDetail,
  task: string,
  split: Split | null,
  stayKeys: readonly string[] | null,
): StayPlan {
  if (!cohort.tasks.includes(task)) {
    throw new InputError(
      `cohort "${cohort.name}"`,
      null,
      null,
      `it has no outcome ${task}; its tasks are ${cohort.tasks.join(', ') || 'none'}.`,
    );
  }
  const rows = staysWithLabel(store, cohort.id, task, split);
  let inScope = rows;
  if (stayKeys) {
    const wanted = new Set(stayKeys);
    inScope = rows.filter((r) => wanted.has(r.stay_key));
    const found = new Set(inScope.map((r) => r.stay_key));
    const unknown = [...wanted].filter((key) => !found.has(key));
    if (unknown.length > 0) {
      throw new InputError(
        'stay keys',
        null,
        null,
        `${unknown.length} not in cohort "${cohort.name}"${split ? ` (${split} split)` : ''}: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`,
      );
    }
  }
  const labelled = inScope.filter((r) => r.label !== null);
  if (labelled.length === 0) {
    throw new InputError(
      `cohort "${cohort.name}"`,
      null,
      null,
      `no stays${split ? ` in the ${split} split` : ''} are labelled for ${task}, so there is nothing to audit.`,
    );
  }
  const awaiting = inScope.filter((r) => r.label === null);
  return {
    stayIds: labelled.map((r) => r.id),
    excluded: awaiting.length,
    awaitingStayIds: awaiting.map((r) => r.id),
  };
}

/**
 * The run's parameters: method.md's defaults, the bundle's decision threshold (the manifest
 * defines ŷ_full), then whatever the caller set. Out-of-range values are refused by name.
 */
export function resolveParams(
  given: Partial<SearchParams> | undefined,
  manifest: BundleManifest,
): SearchParams {
  const set = Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined));
  const parsed = searchParamsSchema.safeParse({ threshold: manifest.decisionThreshold, ...set });
  if (parsed.success) return parsed.data;
  throw new InputError(
    'search parameters',
    null,
    null,
    describeIssues(parsed.error.issues, '(all)'),
  );
}

/** How a run decides ŷ_full: 'bundle' uses the calibration file beside it, if there is one. */
export type CalibrationChoice = 'bundle' | 'none';

/**
 * The run's decision: with a calibration file beside the bundle (and not 'none'), its map and
 * validated threshold; else the paper's raw probability with the bundle's (or the caller's)
 * threshold. A caller's threshold beside a calibration is refused: the file's threshold was
 * chosen on validation by a named rule, and a run must not silently mix two thresholds.
 */
export function resolveDecision(
  bundleDir: string,
  manifest: BundleManifest,
  choice: CalibrationChoice,
  givenThreshold: number | undefined,
): RunDecision {
  if (choice === 'none') {
    return { mode: 'paper', threshold: givenThreshold ?? manifest.decisionThreshold };
  }
  const found = readBundleCalibration(bundleDir, bundleFingerprint(bundleHashes(manifest)));
  if (!found) return { mode: 'paper', threshold: givenThreshold ?? manifest.decisionThreshold };
  if (givenThreshold !== undefined && givenThreshold !== found.calibration.threshold.value) {
    throw new InputError(
      'threshold',
      null,
      null,
      `this bundle is calibrated (${found.file}) and its threshold ${found.calibration.threshold.value.toFixed(4)} was chosen on validation by the ${found.calibration.threshold.rule.kind} rule; choose another rule with \`toe calibrate --threshold-rule …\`, or audit the raw probability with --paper-mode.`,
    );
  }
  return {
    mode: 'calibrated',
    map: found.calibration.map,
    threshold: found.calibration.threshold,
    fileSha256: found.sha256,
    file: found.file,
    fittedOn: found.calibration.fittedOn,
  };
}

/** The decision threshold a run's decision implies. */
export function decisionThreshold(decision: RunDecision): number {
  return decision.mode === 'paper' ? decision.threshold : decision.threshold.value;
}

/**
 * The run's abstention settings. The paper's mode keeps the paper's rule by default: every
 * exhausted search flagged (the whole of them is the budget). toe-tuned replays the leader's
 * path to S_max, which a run whose searches stop at convergence does not record.
 */
export function resolveAbstention(
  decision: RunDecision,
  given: { policy?: AbstentionPolicyName; budget?: ReviewBudget } | undefined,
  validationRunId: number | null,
  searchExtent: SearchExtent,
): RunAbstention {
  refuseToeTunedWithoutPath(given?.policy, searchExtent);
  const paper = decision.mode === 'paper';
  return {
    policy: given?.policy ?? (paper ? 'exhausted' : DEFAULT_ABSTENTION_POLICY),
    budget: given?.budget ?? (paper ? { kind: 'share', share: 1 } : DEFAULT_REVIEW_BUDGET),
    validationRunId,
  };
}

/** The extent a request names, or else the one its policy needs (defaultSearchExtent). */
export function requestedSearchExtent(request: {
  searchExtent?: SearchExtent;
  abstention?: { policy?: AbstentionPolicyName };
}): SearchExtent {
  return request.searchExtent ?? defaultSearchExtent(request.abstention?.policy);
}

/** toe-tuned replays the leader's path to S_max, which searches stopped at convergence lack. */
export function refuseToeTunedWithoutPath(
  policy: AbstentionPolicyName | undefined,
  searchExtent: SearchExtent,
): void {
  if (policy === 'toe-tuned' && searchExtent === 'to-convergence') {
    throw new InputError('abstention policy', null, null, TOE_TUNED_NEEDS_PATH);
  }
}

export function runProvenance(
  store: Store,
  cohort: CohortDetail,
  runtime: ModelRuntime,
  decision: RunDecision,
  mapping: VariableMapping,
): RunProvenance {
  const hashes = bundleHashes(runtime.manifest);
  return {
    appVersion: APP_VERSION,
    bundleTask: runtime.manifest.task,
    ...(runtime.hasNoteStream ? {} : { evidenceUnits: HOURLY_WINDOWS_ONLY }),
    bundleHashes: hashes,
    bundleFingerprint: decisionFingerprint(hashes, calibrationSha256(decision)),
    executionProvider: runtime.provider,
    cohortContentHash: store.cohortContentHash(cohort.id),
    cohortName: cohort.name,
    synthetic: cohort.synthetic,
    variableMatch: variableMatch(mapping),
  };
}

function calibrationSha256(decision: RunDecision | undefined): string | null {
  return decision?.mode === 'calibrated' ? decision.fileSha256 : null;
}

/**
 * What differs between the bundle a run started with and the one in its folder now, one
 * phrase per file: for manifest.json the first field that differs (when the run recorded
 * its manifest), else both hashes.
 */
function bundleChanges(
  run: RunSummary,
  runtime: ModelRuntime,
  startedManifest: string | null,
): string[] {
  const recorded = run.provenance.bundleHashes;
  const now = bundleHashes(runtime.manifest);
  const short = (hash: string | undefined) => (hash ? `${hash.slice(0, 12)}…` : 'absent');
  return changedBundleFiles(recorded, now).map((file) => {
    if (file === MANIFEST_FILE && startedManifest !== null) {
      const difference = firstDifference(
        JSON.parse(runtime.bundle.manifestJson),
        JSON.parse(startedManifest),
      );
      if (difference) {
        return `${MANIFEST_FILE}: ${describeDifference(difference, 'the run started')}`;
      }
    }
    return `${file}: SHA-256 ${short(now[file])}, the run started with ${short(recorded[file])}`;
  });
}

/**
 * Refuses to resume with anything that could make the rest of the run differ from its start:
 * another bundle (any file or manifest field; named), calibration, provider or cohort data.
 * Runs recorded before manifests were hashed are compared on their files only.
 */
export function checkResumable(
  store: Store,
  run: RunSummary,
  runtime: ModelRuntime,
  startedManifest: string | null = null,
): void {
  const recorded = run.provenance;
  const changes = bundleChanges(run, runtime, startedManifest);
  if (changes.length > 0) {
    throw new BundleError(
      'hash',
      `The bundle in ${run.spec.bundleDir} is not the one audit run ${run.id} started with (${changes.join('; ')}). Resuming would mix two models' results in one run: start a new run instead.`,
    );
  }
  const decision = run.spec.decision;
  const fingerprint = bundleFingerprint(bundleHashes(runtime.manifest));
  if (decision?.mode === 'calibrated') {
    const now = readBundleCalibration(run.spec.bundleDir, fingerprint);
    if (now?.sha256 !== decision.fileSha256) {
      throw new BundleError(
        'hash',
        `The calibration ${decision.file} ${now ? 'changed' : 'is gone'} since audit run ${run.id} started. Resuming would decide the rest of its stays differently: start a new run instead.`,
      );
    }
  }
  if (
    recorded.bundleFingerprint !== undefined &&
    decisionFingerprint(bundleHashes(runtime.manifest), calibrationSha256(decision)) !==
      recorded.bundleFingerprint
  ) {
    throw new BundleError(
      'hash',
      `The bundle in ${run.spec.bundleDir} does not give the fingerprint audit run ${run.id} recorded (${recorded.bundleFingerprint.slice(0, 12)}…). Start a new run instead.`,
    );
  }
  if (runtime.provider !== recorded.executionProvider) {
    throw new BundleError(
      'unsupported',
      `Audit run ${run.id} ran on ${recorded.executionProvider}, but here the bundle runs on ${runtime.provider}. Providers can differ in the last digits, so resume it where ${recorded.executionProvider} is available, or start a new run.`,
    );
  }
  if (store.cohortContentHash(run.spec.cohortId) !== recorded.cohortContentHash) {
    throw new ConflictError(
      `Cohort "${recorded.cohortName}" changed since audit run ${run.id} started; its results would mix two versions of the data. Start a new run.`,
    );
  }
}
