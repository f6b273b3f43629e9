/**
 * How an audited cohort relates to the cohort a bundle was trained on, in words a committee
 * can act on: the same data (then which role the audited split played in training), another
 * cohort, or a model trained on SYNTHETIC data applied to real stays. The two content hashes
 * a report prints are different definitions (the store's covers every stay and attribute;
 * the bundle's covers the stays training read for its task), so equality is decided by
 * recomputing the bundle's definition on the audited cohort, never by comparing the two.
 */
import type { CohortDetail, Split } from '../../../shared/domain';
import type { Store } from '../store';
import type { BundleManifest } from './manifest-schema';
import { trainingContentHash } from './training-content-hash';

export type TrainingRelationKind =
  /** The very data the bundle was trained on (its training content hash matches). */
  | 'training-cohort'
  /** A cohort with the training cohort's name whose data differ (re-imported or edited). */
  | 'renamed-data'
  | 'other-cohort';

export interface TrainingRelation {
  kind: TrainingRelationKind;
  trainingCohort: string;
  /** null: the bundle predates manifests that record it. */
  trainedOnSynthetic: boolean | null;
  auditedSynthetic: boolean;
  /** A model fitted to generated data and applied to patients: the reader must be warned. */
  syntheticOnReal: boolean;
  /** One sentence for the cover. */
  sentence: string;
}

const SPLIT_ROLE: Record<Split, string> = {
  train:
    'the stays the model was fitted on, so its figures are optimistic and do not show how it performs on new patients',
  val: 'the stays used to stop training and to calibrate the decision, not to fit the model',
  test: 'held out from training and calibration',
};

export function trainingRelation(
  store: Store,
  cohortId: number,
  manifest: BundleManifest,
  split: Split | null,
): TrainingRelation {
  const cohort: CohortDetail = store.getCohort(cohortId);
  const training = manifest.training;
  // The hash reads every stay, so it is computed only for the cohort the manifest names.
  const kind: TrainingRelationKind =
    cohort.name !== training.cohort
      ? 'other-cohort'
      : trainingContentHash(store, cohortId, manifest.task) === training.contentSha256
        ? 'training-cohort'
        : 'renamed-data';
  const trainedOnSynthetic = training.synthetic ?? null;
  const syntheticOnReal = trainedOnSynthetic === true && !cohort.synthetic;
  return {
    kind,
    trainingCohort: training.cohort,
    trainedOnSynthetic,
    auditedSynthetic: cohort.synthetic,
    syntheticOnReal,
    sentence: relationSentence(kind, training.cohort, split, syntheticOnReal),
  };
}

function relationSentence(
  kind: TrainingRelationKind,
  trainingCohort: string,
  split: Split | null,
  syntheticOnReal: boolean,
): string {
  if (kind === 'training-cohort') {
    const role = split
      ? `; the audited ${split} split is ${SPLIT_ROLE[split]}`
      : '; the audit covers every split, including the stays the model was fitted on';
    return `This is the bundle’s own training cohort: the same data it was trained on${role}.`;
  }
  const other =
    kind === 'renamed-data'
      ? `This cohort has the name of the bundle’s training cohort (“${trainingCohort}”) but not its data (re-imported or changed since training)`
      : `This is another cohort than the bundle’s training cohort (“${trainingCohort}”)`;
  const transport = syntheticOnReal
    ? ': a model trained on SYNTHETIC data is applied to real stays.'
    : ': the bundle’s recorded figures describe that cohort, not this one.';
  return `${other}${transport}`;
}
