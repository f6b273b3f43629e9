/**
 * The model runtime: loads a verified bundle (docs/model-bundle.md) and gives each stay a
 * StayModel for the search, the baselines and the metrics.
 */
export type { EvidenceQuery, StayModel, StreamLogits } from './stay-model';
export { BundleError, type BundleProblem } from './bundle-error';
export { loadBundle, readManifest, readUncheckedManifest, type ModelBundle } from './bundle';
export {
  bundleFingerprint,
  bundleHashes,
  CALIBRATION_HASH_KEY,
  changedBundleFiles,
  decisionFingerprint,
  legacyBundleFingerprint,
} from './bundle-fingerprint';
export { signBundle } from './bundle-signing';
export {
  canonicalJson,
  canonicalSha256,
  describeDifference,
  firstDifference,
  MANIFEST_FILE,
  SIGNATURE_FILE,
  verifyManifestSignature,
  writeSignature,
  type FieldDifference,
} from './manifest-integrity';
export type { BundleManifest } from './manifest-schema';
export { checkCohortCompatibility, cohortDifferences } from './cohort-compatibility';
export { mapVariables, variableMatch, type VariableMapping } from './variable-mapping';
export {
  cudaInstalled,
  providerRequestFromEnv,
  type ExecutionProviderName,
  type ExecutionProviderRequest,
  type ModelLogger,
} from './execution-provider';
export { ModelRuntime, type RuntimeOptions } from './model-runtime';
export { OnnxStayModel } from './onnx-stay-model';
export type { StayTensors } from './stay-inputs';
export { composedTsLogits, type ComposedTs } from './ts-parts';
export {
  fullInputLogits,
  fullInputMetrics,
  scoreSplit,
  type LabelledLogits,
  type StreamFigures,
} from './full-input-scoring';
export { trainingContentHash } from './training-content-hash';
export { trainingRelation, type TrainingRelation } from './training-relation';
export { embedCohortNotes, type EmbedReport } from './cohort-embedding';
export { openEncoderFolder, readEncoderFolder, type EncoderFolder } from './encoder-folder';
export {
  listBundles,
  summariseBundle,
  SHIPPED_MODELS_DIR,
  type BundleSummary,
} from './bundle-catalog';
export { bundleFullInputMetrics, type FullInputMetricsRequest } from './full-input-report';
