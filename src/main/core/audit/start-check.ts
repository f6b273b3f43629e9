/**
 * What the start form checks before an audit starts: a bundle folder that can be audited
 * with, a bundle trained on generated data about to judge real patients (the user must
 * confirm), and a completed audit that already answers exactly this request (offered
 * instead of spending minutes on the same numbers again).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { searchExtentOf } from '../../../shared/audit';
import type { RunStartCheck } from '../../../shared/run-start-check';
import {
  BundleError,
  bundleHashes,
  decisionFingerprint,
  MANIFEST_FILE,
  readManifest,
  SHIPPED_MODELS_DIR,
  type BundleManifest,
} from '../models';
import type { Store } from '../store';
import type { RunSummary } from './audit-types';
import type { RunRequest } from './run-engine';
import {
  decisionThreshold,
  requestedSearchExtent,
  resolveAbstention,
  resolveDecision,
  resolveParams,
} from './run-setup';
import { RunStore } from './run-store';

export function checkRunStart(store: Store, request: RunRequest): RunStartCheck {
  const bundleDir = resolve(request.bundleDir ?? join(SHIPPED_MODELS_DIR, request.task));
  const read = readBundle(bundleDir, request.task);
  if ('problem' in read) {
    return { bundleProblem: read.problem, syntheticOnReal: null, identicalRun: null };
  }
  const { manifest } = read;
  const cohort = store.getCohort(request.cohortId);
  return {
    bundleProblem: null,
    syntheticOnReal:
      manifest.training.synthetic === true && !cohort.synthetic
        ? { trainingCohort: manifest.training.cohort }
        : null,
    identicalRun: identicalRun(store, request, bundleDir, manifest),
  };
}

/** The bundle's checked manifest, or why the folder cannot be audited with, in plain words. */
function readBundle(
  bundleDir: string,
  task: string,
): { manifest: BundleManifest } | { problem: string } {
  if (!existsSync(bundleDir) || !statSync(bundleDir).isDirectory()) {
    return { problem: `There is no folder at ${bundleDir}. Check the path of the bundle folder.` };
  }
  if (!existsSync(join(bundleDir, MANIFEST_FILE))) {
    return {
      problem: `The folder ${bundleDir} holds no model bundle: choose the folder that holds ${MANIFEST_FILE} and the model files.`,
    };
  }
  try {
    const manifest = readManifest(bundleDir);
    if (manifest.task !== task) {
      return {
        problem: `This bundle predicts ${manifest.task}, not ${task}: choose a bundle made for ${task}, or audit ${manifest.task}.`,
      };
    }
    return { manifest };
  } catch (error) {
    if (error instanceof BundleError) return { problem: error.message };
    throw error;
  }
}

/**
 * The latest completed run this request would repeat: same cohort, task, split and stays, a
 * bundle and calibration with the same fingerprint (wherever the folder is now), and the
 * same resolved search parameters, search extent, decision and review settings. Workers are
 * left out: results do not depend on them.
 */
function identicalRun(
  store: Store,
  request: RunRequest,
  bundleDir: string,
  manifest: BundleManifest,
): RunSummary | null {
  const decision = resolveDecision(
    bundleDir,
    manifest,
    request.calibration ?? 'bundle',
    request.params?.threshold,
  );
  const fingerprint = decisionFingerprint(
    bundleHashes(manifest),
    decision.mode === 'calibrated' ? decision.fileSha256 : null,
  );
  const params = resolveParams(
    { ...request.params, threshold: decisionThreshold(decision) },
    manifest,
  );
  const extent = requestedSearchExtent(request);
  const review = resolveAbstention(decision, request.abstention, null, extent);
  const split = request.split ?? null;
  // Only a test or train split is audited after its validation split (validation-run.ts).
  const withValidation =
    request.validationRunId !== null && (split === 'test' || split === 'train');
  const stays = JSON.stringify(request.stayKeys?.length ? [...request.stayKeys] : null);
  const matches = (run: RunSummary): boolean => {
    const spec = run.spec;
    return (
      run.status === 'completed' &&
      spec.cohortId === request.cohortId &&
      spec.task === request.task &&
      spec.split === split &&
      JSON.stringify(spec.stayKeys?.length ? spec.stayKeys : null) === stays &&
      run.provenance.bundleFingerprint === fingerprint &&
      (spec.decision?.mode ?? 'paper') === decision.mode &&
      sameParams(spec.params, params) &&
      searchExtentOf(spec) === extent &&
      spec.abstention?.policy === review.policy &&
      JSON.stringify(spec.abstention.budget) === JSON.stringify(review.budget) &&
      (spec.abstention.validationRunId !== null) === withValidation
    );
  };
  return new RunStore(store).listRuns().reverse().find(matches) ?? null;
}

function sameParams(a: RunSummary['spec']['params'], b: RunSummary['spec']['params']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key as keyof typeof a] === b[key as keyof typeof b]);
}
