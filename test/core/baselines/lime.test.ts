import { describe, expect, it } from 'vitest';
import { limeKernelWeight, limeRanking } from '../../../src/main/core/baselines/lime';
import { fitWeightedRidge } from '../../../src/main/core/baselines/weighted-ridge';
import { allUnits, queryForUnits, sigmoid } from '../../../src/main/core/models/stay-model';
import { RecordingStayModel } from '../../support/recording-stay-model';
import { ToyStayModel } from '../../support/toy-stay-model';

// Clearly separated logit weights: ids 0..4 windows, id 5 the one note chunk.
const weights = { ts: [3, -2, 1, 0.2, -0.5], note: [1.5] };
const toy = (tsBias: number) =>
  new ToyStayModel({ tsBias, tsWeights: weights.ts, noteWeights: weights.note });

describe('LIME over evidence units', () => {
  it('recovers the sign and order of the weights toward a positive decision', async () => {
    // Full logit −1 + 3 − 2 + 1 + 0.2 − 0.5 + 1.5 = 2.2: p_full = σ(2.2) ≈ 0.90, ŷ = 1.
    const model = new RecordingStayModel(toy(-1));
    const result = await limeRanking(model, { seed: 11 });
    expect(result.yFull).toBe(1);
    expect(result.pFull).toBeCloseTo(sigmoid(2.2), 12);
    expect(result.ranking).toEqual([0, 5, 2, 3, 4, 1]);
    const signs = allUnits(model).map((u) => Math.sign(result.scores[u]!));
    expect(signs).toEqual([1, -1, 1, 1, -1, 1]);
    // One forward() call of 5,000 masks, the first being the full input (as lime's row 0).
    expect(model.callSizes).toEqual([5000]);
    expect(result.evaluations).toBe(5000);
    const first = model.batches[0]![0]!;
    expect(first).toEqual(queryForUnits(model, allUnits(model)));
  });

  it('ranks toward the full-input class: for a negative decision the order flips', async () => {
    // Full logit −6 + 3.2 = −2.8: ŷ = 0; a unit that lowers p supports the decision.
    const result = await limeRanking(toy(-6), { seed: 11 });
    expect(result.yFull).toBe(0);
    expect(result.ranking).toEqual([1, 4, 3, 2, 5, 0]);
    expect(Math.sign(result.scores[1]!)).toBe(1);
    expect(Math.sign(result.scores[0]!)).toBe(-1);
  });

  it('is reproducible from its seed, and the seed only perturbs the estimate', async () => {
    const a = await limeRanking(toy(-1), { seed: 5, stream: 2 });
    const b = await limeRanking(toy(-1), { seed: 5, stream: 2 });
    const c = await limeRanking(toy(-1), { seed: 6, stream: 2 });
    expect([...b.scores]).toEqual([...a.scores]);
    expect([...c.scores]).not.toEqual([...a.scores]);
    expect(c.ranking).toEqual(a.ranking);
  });

  it('weights samples by lime text kernel: √exp(−d²/25²) on 100 × cosine distance', () => {
    expect(limeKernelWeight(6, 6, 25)).toBe(1);
    // Nothing kept: distance 100, weight √exp(−16) = exp(−8).
    expect(limeKernelWeight(0, 6, 25)).toBeCloseTo(Math.exp(-8), 15);
    // 3 of 12 kept: cosine similarity √(3/12) = 0.5, distance 50, weight exp(−2).
    expect(limeKernelWeight(3, 12, 25)).toBeCloseTo(Math.exp(-2), 15);
  });

  it('honours the samples option', async () => {
    const model = toy(-1);
    const result = await limeRanking(model, { samples: 300, seed: 1 });
    expect(model.calls).toEqual([300]);
    expect(result.ranking[0]).toBe(0);
  });
});

describe('weighted ridge (LIME surrogate)', () => {
  const design = { rows: 6, cols: 2, values: [1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 2, 1] };
  const y = [0.9, 0.2, 1.4, -0.1, 1.0, 2.3];
  const w = [1.0, 0.5, 2.0, 0.25, 1.5, 0.75];

  it('matches scikit-learn Ridge(alpha, fit_intercept=True) with sample weights', () => {
    // Reference values from sklearn 1.2.1 Ridge(...).fit(X, y, sample_weight=w).
    const one = fitWeightedRidge(design, y, w, 1);
    expect(one.coefficients[0]).toBeCloseTo(0.6328825021132715, 12);
    expect(one.coefficients[1]).toBeCloseTo(0.27117497886728653, 12);
    expect(one.intercept).toBeCloseTo(0.38689771766694836, 12);
    const tenth = fitWeightedRidge(design, y, w, 0.1);
    expect(tenth.coefficients[0]).toBeCloseTo(0.9732532751091703, 12);
    expect(tenth.coefficients[1]).toBeCloseTo(0.37117903930130985, 12);
    expect(tenth.intercept).toBeCloseTo(-0.007641921397379736, 12);
  });

  it('satisfies the ridge optimality conditions', () => {
    // Weighted residuals are orthogonal to the intercept, and Xᵀ W r = α β.
    const alpha = 1;
    const fit = fitWeightedRidge(design, y, w, alpha);
    const residual = y.map(
      (yi, i) =>
        yi -
        fit.intercept -
        fit.coefficients[0]! * design.values[2 * i]! -
        fit.coefficients[1]! * design.values[2 * i + 1]!,
    );
    expect(residual.reduce((sum, r, i) => sum + w[i]! * r, 0)).toBeCloseTo(0, 12);
    for (let j = 0; j < 2; j++) {
      const gradient = residual.reduce(
        (sum, r, i) => sum + w[i]! * r * design.values[2 * i + j]!,
        0,
      );
      expect(gradient).toBeCloseTo(alpha * fit.coefficients[j]!, 12);
    }
  });
});
