/**
 * Evaluations kept in the store (store/evaluation-records.ts) under the key an audit run finds
 * them by: the bundle's fingerprint, the cohort's content, the task and split.
 */
import type { EvaluationResult } from '../../../shared/charts';
import type { StoredEvaluation } from '../../../shared/evaluations';
import { bundleFingerprint } from '../models';
import { EvaluationRecords, type EvaluationKey, type Store } from '../store';

export type { EvaluationKey } from '../store';

/**
 * The fingerprint of the bundle an evaluation ran, from the hashes its provenance lists: its
 * files and, since manifests are hashed, manifest.json.
 */
export function evaluatedBundleFingerprint(result: EvaluationResult): string {
  const files = result.provenance.bundle.files;
  return bundleFingerprint(Object.fromEntries(files.map((f) => [f.path, f.sha256])));
}

export class EvaluationStore {
  private readonly records: EvaluationRecords;

  constructor(store: Store) {
    this.records = new EvaluationRecords(store);
  }

  /**
   * Keeps `result`, an evaluation of `cohortId`; returns it as stored. `fingerprint` (default:
   * the result's own) is the key an audit run finds it by: an evaluation made for a run
   * recorded before manifests were hashed is kept under that run's files-only fingerprint.
   */
  save(
    cohortId: number,
    result: EvaluationResult,
    fingerprint: string = evaluatedBundleFingerprint(result),
  ): StoredEvaluation {
    return this.records.insert(cohortId, result, fingerprint);
  }

  /** The newest evaluation with exactly this key, or null. */
  newest(key: EvaluationKey): StoredEvaluation | null {
    return this.records.newest(key);
  }
}
