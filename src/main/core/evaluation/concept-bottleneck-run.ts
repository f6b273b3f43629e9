/**
 * The hard concept bottleneck of an evaluation: trained ONCE per evaluation on the train
 * split's concept vectors (so it never sees the evaluated stays), then applied to each
 * evaluated stay. It has no evidence budget, so it is reported as its own row (paper,
 * "Comparison with Concept Bottleneck Models": AUROC / AUPRC).
 */
import {
  conceptBottleneckProbability,
  conceptVector,
  trainConceptBottleneck,
  unavailableConcepts,
  type ConceptBottleneckModel,
  type ConceptExample,
} from '../baselines';
import {
  auroc,
  averagePrecision,
  expectedCalibrationError,
  type BootstrapOptions,
  estimate,
} from '../statistics';
import type { Stay, Store } from '../store';
import type { FeatureSchema } from '../../../shared/domain';
import type { ConceptBottleneckSection } from '../../../shared/charts';
import { outcomeColumns, type StayRecord } from './stay-record';

/** Train stays are read this many at a time: memory stays flat on large cohorts. */
const SLICE = 500;

export interface TrainedConceptBottleneck {
  model: ConceptBottleneckModel;
  trainStays: number;
  variables: string[];
  hours: number;
}

/** Fits the bottleneck on every train-split stay of the cohort labelled for `task`. */
export function trainOnTrainSplit(
  store: Store,
  cohortId: number,
  task: string,
  schema: FeatureSchema,
): TrainedConceptBottleneck {
  const variables = schema.variables.map((v) => v.name);
  const ids = store.stayIds(cohortId, 'train');
  const examples: ConceptExample[] = [];
  for (let start = 0; start < ids.length; start += SLICE) {
    for (const stay of store.loadStays(ids.slice(start, start + SLICE))) {
      const label = stay.outcomes[task];
      if (label === undefined) continue;
      examples.push({ concepts: conceptVector(stay.series, schema.hours, variables), label });
    }
  }
  return {
    model: trainConceptBottleneck(examples),
    trainStays: examples.length,
    variables,
    hours: schema.hours,
  };
}

/** P(outcome) of one stay under the trained bottleneck. */
export function conceptProbability(trained: TrainedConceptBottleneck, stay: Stay): number {
  return conceptBottleneckProbability(
    trained.model,
    conceptVector(stay.series, trained.hours, trained.variables),
  );
}

/** The bottleneck's AUROC, AUPRC and ECE on the evaluated stays; null when it was not run. */
export function conceptBottleneckSection(
  records: readonly StayRecord[],
  trained: TrainedConceptBottleneck | null,
  ci: BootstrapOptions,
): ConceptBottleneckSection | null {
  if (!trained) return null;
  const { labels } = outcomeColumns(records);
  const p = Float64Array.from(records, (r) => r.cbmP ?? Number.NaN);
  return {
    trainStays: trained.trainStays,
    auroc: estimate((s, y) => auroc(s, y), [p, labels], ci),
    auprc: estimate((s, y) => averagePrecision(s, y), [p, labels], ci),
    ece: estimate((s, y) => expectedCalibrationError(s, y), [p, labels], ci),
    converged: trained.model.converged,
    unavailableConcepts: unavailableConcepts(trained.variables),
  };
}
