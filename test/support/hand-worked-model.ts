import { SEARCH_PARAM_DEFAULTS } from '../../src/main/core/search';
import type { EvaluationPlan } from '../../src/main/core/evaluation';
import { ToyStayModel } from './toy-stay-model';

/**
 * A stay whose every method's picks can be worked out on paper (see the comments of
 * test/core/evaluation/stay-method-runner.test.ts for the working):
 *   units W1..W4 = ids 0..3 with logit weights 2, −1, 0.5, 0; one note chunk N1 = id 4 with
 *   weight 1.5; no biases, so p_full = σ(2 − 1 + 0.5 + 0 + 1.5) = σ(3) ≈ 0.953 (positive).
 *   Selector scores 0.1, 0.9, 0.5, 0.2 (windows) and 0.3 (chunk): Top-k's order is
 *   W2, W3, N1, W4, W1 — deliberately unlike the weights.
 */
export function handWorkedModel(): ToyStayModel {
  return new ToyStayModel({
    tsWeights: [2, -1, 0.5, 0],
    noteWeights: [1.5],
    selector: { ts: [0.1, 0.9, 0.5, 0.2], note: [0.3] },
  });
}

/** The evaluation plan the tests run on it: budgets 1–4, every method, method.md defaults. */
export function handWorkedPlan(overrides: Partial<EvaluationPlan> = {}): EvaluationPlan {
  return {
    ks: [1, 2, 3, 4],
    methods: ['toe', 'topk', 'random', 'saliency', 'lime', 'shap', 'cbm'],
    params: SEARCH_PARAM_DEFAULTS,
    seed: 11,
    resamples: 200,
    limeSamples: 2000,
    shapBudget: null,
    ...overrides,
  };
}
