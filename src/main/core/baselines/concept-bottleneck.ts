import { CLINICAL_CONCEPTS, conceptVector } from './concepts';
import { fitLogisticRegression, logisticProbability } from './logistic-regression';

/**
 * Hard concept bottleneck model (Koh et al., 2020; paper, "Baseline Comparisons"): a stay
 * is reduced to the 24 binary concepts of concepts.ts, and an L2-regularised logistic
 * regression on those alone predicts the outcome. "Hard": the bottleneck is the 0/1
 * concepts, not concept probabilities, so nothing else about the stay leaks through.
 *
 * Class weights default to 'balanced' (n / (2·n_class), sklearn's rule), as ToE's own
 * predictors are trained class-balanced (method.md, "Predictor"): the CBM's 0.5 threshold
 * then means what the full model's does, which decision agreement and the comparison of
 * operating points need. Use 'none' for calibrated prevalence-scale probabilities (ECE);
 * AUROC and AUPRC barely move between the two.
 */
export interface ConceptBottleneckOptions {
  /** sklearn's C, inverse L2 strength; default 1 (sklearn's default). */
  c?: number;
  classWeight?: 'balanced' | 'none';
}

export interface ConceptExample {
  /** One 0/1 per CLINICAL_CONCEPTS entry (conceptVector). */
  concepts: ArrayLike<number>;
  label: 0 | 1;
}

export interface ConceptBottleneckModel {
  /** Concept ids, in coefficient order. */
  concepts: readonly string[];
  coefficients: Float64Array;
  intercept: number;
  c: number;
  classWeight: 'balanced' | 'none';
  converged: boolean;
}

/** Fits the bottleneck's logistic regression on the TRAIN split's concept vectors. */
export function trainConceptBottleneck(
  examples: readonly ConceptExample[],
  options: ConceptBottleneckOptions = {},
): ConceptBottleneckModel {
  const cols = CLINICAL_CONCEPTS.length;
  const c = options.c ?? 1;
  const classWeight = options.classWeight ?? 'balanced';
  const positives = examples.filter((e) => e.label === 1).length;
  const negatives = examples.length - positives;
  if (positives === 0 || negatives === 0) {
    throw new RangeError(
      `the concept bottleneck needs both outcomes in training (${positives} positive, ${negatives} negative)`,
    );
  }
  const features = new Float64Array(examples.length * cols);
  examples.forEach((example, i) => {
    if (example.concepts.length !== cols)
      throw new RangeError(`stay ${i} has ${example.concepts.length} concepts, not ${cols}`);
    for (let j = 0; j < cols; j++) features[i * cols + j] = example.concepts[j]!;
  });
  const labels = Float64Array.from(examples, (e) => e.label);
  const sampleWeights =
    classWeight === 'balanced'
      ? Float64Array.from(
          examples,
          (e) => examples.length / (2 * (e.label === 1 ? positives : negatives)),
        )
      : undefined;
  const fit = fitLogisticRegression(features, examples.length, cols, labels, { c, sampleWeights });
  return {
    concepts: CLINICAL_CONCEPTS.map((concept) => concept.id),
    coefficients: fit.coefficients,
    intercept: fit.intercept,
    c,
    classWeight,
    converged: fit.converged,
  };
}

/** P(outcome) for one stay's concept vector. */
export function conceptBottleneckProbability(
  model: ConceptBottleneckModel,
  concepts: ArrayLike<number>,
): number {
  if (concepts.length !== model.coefficients.length) {
    throw new RangeError(`expected ${model.coefficients.length} concepts, got ${concepts.length}`);
  }
  return logisticProbability(model, concepts);
}

/** P(outcome) straight from a stay's raw hourly tensor. */
export function conceptBottleneckProbabilityForStay(
  model: ConceptBottleneckModel,
  stay: { series: Float32Array },
  schema: { hours: number; variables: readonly { name: string }[] },
): number {
  const vector = conceptVector(
    stay.series,
    schema.hours,
    schema.variables.map((v) => v.name),
  );
  return conceptBottleneckProbability(model, vector);
}
