/** The baselines ToE is compared with (method.md, "Baselines"); each picks k units per stay. */
export { selectTopK, rankByScore, type RankingMethod, type UnitRanking } from './unit-ranking';
export {
  fullInputClass,
  confidenceToward,
  DEFAULT_DECISION_THRESHOLD,
  type FullInputClass,
} from './full-input-class';
export { DEFAULT_BASELINE_SEED, type SeedOptions } from './seeded-random';
export { topKRanking } from './top-k';
export { randomRanking } from './random';
export { saliencyRanking, DEFAULT_SALIENCY_EPS, type SaliencyOptions } from './saliency';
export { limeRanking, LIME_DEFAULTS, type LimeOptions, type LimeRanking } from './lime';
export { kernelShapRanking, type KernelShapOptions, type KernelShapRanking } from './kernel-shap';
export { defaultShapBudget } from './shapley-coalitions';
export {
  exhaustiveBestSets,
  EXHAUSTIVE_DEFAULTS,
  type ExhaustiveOptions,
  type ExhaustiveResult,
  type ScoredEvidenceSet,
} from './exhaustive';
export {
  CLINICAL_CONCEPTS,
  conceptVector,
  unavailableConcepts,
  type ClinicalConcept,
} from './concepts';
export {
  trainConceptBottleneck,
  conceptBottleneckProbability,
  conceptBottleneckProbabilityForStay,
  type ConceptBottleneckModel,
  type ConceptBottleneckOptions,
  type ConceptExample,
} from './concept-bottleneck';
