import { describe, expect, it } from 'vitest';
import { exhaustiveBestSets } from '../../../src/main/core/baselines/exhaustive';
import { saliencyRanking } from '../../../src/main/core/baselines/saliency';
import { topKRanking } from '../../../src/main/core/baselines/top-k';
import { selectTopK } from '../../../src/main/core/baselines/unit-ranking';
import { sigmoid } from '../../../src/main/core/models/stay-model';
import { ToyStayModel } from '../../support/toy-stay-model';

/**
 * Units 1 and 2 are weak alone (0.1 each) but worth 2.5 together; unit 0 is the strongest
 * single unit. Full logit −1 + 1.2 + 0.1 + 0.1 − 0.3 + 2.5 = 2.6, p_full = σ(2.6) ≈ 0.931.
 */
const synergistic = () =>
  new ToyStayModel({ tsBias: -1, tsWeights: [1.2, 0.1, 0.1, -0.3], pairs: [[1, 2, 2.5]] });

const objective = (p: number, pFull: number, size: number) =>
  p + (1 - Math.abs(pFull - p)) - 0.05 * size;

describe('Exhaustive enumeration (k = 1..3)', () => {
  it('finds the synergistic pair that ranking and greedy search miss', async () => {
    const model = synergistic();
    const result = await exhaustiveBestSets(model);
    const pFull = sigmoid(2.6);
    expect(result.pFull).toBeCloseTo(pFull, 12);
    expect(result.yFull).toBe(1);
    // k = 1: {0} has p = σ(0.2) = 0.550, every other singleton p < 0.3.
    expect(result.best[0]!.units).toEqual([0]);
    // k = 2: {1, 2} has p = σ(1.7) = 0.846: score 0.846 + 1 − 0.085 − 0.1 = 1.660.
    // Greedy from {0} reaches only {0, 1} (p = σ(0.3), score 1.117); Top-k and saliency,
    // blind to the pair bonus, pick {0, 3} (score 1.024).
    expect(result.best[1]!.units).toEqual([1, 2]);
    expect(result.best[1]!.p).toBeCloseTo(sigmoid(1.7), 12);
    expect(result.best[1]!.score).toBeCloseTo(objective(sigmoid(1.7), pFull, 2), 12);
    expect(result.best[1]!.score).toBeGreaterThan(objective(sigmoid(0.3), pFull, 2) + 0.5);
    expect(selectTopK((await topKRanking(synergistic())).ranking, 2)).toEqual([0, 3]);
    expect(selectTopK((await saliencyRanking(synergistic())).ranking, 2)).toEqual([0, 3]);
    // k = 3: {0, 1, 2}, p = σ(2.9) ≥ p_full, on the λ = 1 plateau at 1 + p_full − 0.15.
    expect(result.best[2]!.units).toEqual([0, 1, 2]);
    expect(result.best[2]!.score).toBeCloseTo(1 + pFull - 0.15, 12);
    // 4 + 6 + 4 sets and the full input, in one call.
    expect(model.calls).toEqual([15]);
    expect(result.evaluations).toBe(15);
    expect(result.evaluateCalls).toBe(1);
  });

  it('batches the sets in chunks of batchSize, the full input riding in the first', async () => {
    const model = synergistic();
    const result = await exhaustiveBestSets(model, { batchSize: 4 });
    expect(model.calls).toEqual([4, 4, 4, 3]);
    expect(result.best.map((s) => s.units)).toEqual([[0], [1, 2], [0, 1, 2]]);
  });

  it('breaks score ties by closeness to p_full, then ids (method.md order)', async () => {
    // Full logit 5.3. Pairs {0,1}: 5.5, {0,2}: 5.8, {1,2}: 5.3 all have p ≥ p_full, so
    // C + S = 1 + p_full for each: tied scores; {1, 2} reproduces p_full exactly and wins.
    const model = new ToyStayModel({ tsWeights: [3, 2.5, 2.8, -3] });
    const result = await exhaustiveBestSets(model, { maxK: 2 });
    expect(result.best[1]!.units).toEqual([1, 2]);
    expect(result.best[1]!.p).toBeCloseTo(result.pFull, 12);
    // Exact ties all the way down fall to the lexicographically smallest set.
    const flat = await exhaustiveBestSets(new ToyStayModel({ tsWeights: [0, 0, 0] }), { maxK: 2 });
    expect(flat.best.map((s) => s.units)).toEqual([[0], [0, 1]]);
  });

  it('restricts candidates to the top-N windows and chunks by selector score, like ToE', async () => {
    // Selector = |weight|: windows 0 (1.2) and 3 (0.3) are the top 2; the chunk is padding-free.
    const model = new ToyStayModel({
      tsBias: -1,
      tsWeights: [1.2, 0.1, 0.1, -0.3],
      noteWeights: [0.2, 0.9],
      presentNotes: [1],
      pairs: [[1, 2, 2.5]],
    });
    const result = await exhaustiveBestSets(model, { candidates: { ts: 2, note: 1 } });
    expect(result.candidates).toEqual([0, 3, 5]);
    // Logits: {0} 0.2, {3} −1.3, {5} −0.1; {0,5} 1.1, {0,3} −0.1, {3,5} −0.4; {0,3,5} 0.8.
    // The synergistic pair {1, 2} is out of reach: windows 1 and 2 are not candidates.
    expect(result.best.map((s) => s.units)).toEqual([[0], [0, 5], [0, 3, 5]]);
    // 3 + 3 + 1 sets and the full input.
    expect(model.calls).toEqual([8]);
    const all = await exhaustiveBestSets(model, { candidates: null });
    expect(all.candidates).toEqual([0, 1, 2, 3, 5]);
    expect(all.best[1]!.units).toEqual([1, 2]);
  });

  it('scores toward a negative decision and supports logit-space stability', async () => {
    // Full logit −3 + 1 − 2 + 0.5 = −3.5: ŷ = 0, so C = 1 − p; unit 1 (−2) is the best single.
    const model = new ToyStayModel({ tsBias: -3, tsWeights: [1, -2, 0.5] });
    const result = await exhaustiveBestSets(model, { maxK: 1 });
    expect(result.yFull).toBe(0);
    expect(result.best[0]!.units).toEqual([1]);
    expect(result.best[0]!.confidence).toBeCloseTo(1 - sigmoid(-5), 12);
    const logitSpace = await exhaustiveBestSets(model, { maxK: 2, stability: 'logit' });
    // {0, 1} has logit −4 (gap 0.5); {1} has −5 (gap 1.5): logit stability prefers the pair.
    expect(logitSpace.best[1]!.units).toEqual([0, 1]);
    expect(logitSpace.best[1]!.stability).toBeCloseTo(0.5, 9);
  });
});
