import { describe, expect, it } from 'vitest';
import { randomRanking, selectTopK } from '../../../src/main/core/baselines';
import { runStayMethods, type StayMethodResults } from '../../../src/main/core/evaluation';
import { allUnits, fusedProbabilities, sigmoid } from '../../../src/main/core/models/stay-model';
import { treeOfEvidenceSearch } from '../../../src/main/core/search';
import { handWorkedModel, handWorkedPlan } from '../../support/hand-worked-model';
import { RecordingStayModel } from '../../support/recording-stay-model';

/*
 * The hand-worked stay (test/support/hand-worked-model.ts): logits W1 2, W2 −1, W3 0.5,
 * W4 0, N1 1.5 (ids 0..4); p_full = σ(3), positive. With λ = 1 a set with p ≥ p_full scores
 * 1 + p_full − μK whatever its p (the plateau); below p_full the score is 2p + 1 − p_full − μK.
 *  k = 1: best single unit W1 (σ2).                                            → {0}
 *  k = 2: only {W1, N1} (logit 3.5) reaches the plateau.                        → {0, 4}
 *  k = 3: {W1, W3, N1} (4) and {W1, W4, N1} (3.5) tie on the plateau; the second
 *         key (closer to p_full) picks the 3.5 one.                             → {0, 3, 4}
 *  k = 4: {W1, W2, W3, N1} has logit exactly 3 = p_full (gap 0) and beats
 *         {W1, W3, W4, N1} (4) on the plateau; its parent {W1, W3, N1} was kept. → {0, 1, 2, 4}
 *  Not nested: the k = 4 set drops W4. Rankings are nested by construction:
 *  Top-k (selector 0.1, 0.9, 0.5, 0.2 | 0.3): W2, W3, N1, W4, W1.
 *  Saliency (|∂logit/∂unit| = |weight|): W1 2, N1 1.5, W2 1, W3 0.5, W4 0.
 *  KernelSHAP (exact: 30 coalitions) and LIME: by weight toward the class, W1, N1, W3, W4, W2.
 *  λ = 0 maximises p: {0}, {0,4}, {0,2,4} (4), {0,2,3,4} (4).
 *  Logit stability S = 1 − |3 − l|: {0} (σ2 + 0), {0,4} (σ3.5 + 0.5), {0,3,4} (σ3.5 + 0.5
 *  beats σ4 + 0), {0,1,2,4} (σ3 + 1).
 *  TS only (W1..W4, all below p_full): max p: {0}, {0,2}, {0,2,3}, {0,1,2,3}.
 *  Notes only: {4} at every k. Exhaustive (k ≤ 3) = ToE's sets: {0}, {0,4}, {0,3,4}.
 *  Dynamic: {W1} has C = σ2 < 0.9; {W1, N1} has C = σ3.5 ≥ 0.9, S ≥ 0.9: converged, |E| = 2.
 */
const EXPECTED: Record<string, number[][]> = {
  toe: [[0], [0, 4], [0, 3, 4], [0, 1, 2, 4]],
  'toe-mu0': [[0], [0, 4], [0, 3, 4], [0, 1, 2, 4]],
  'toe-lambda0': [[0], [0, 4], [0, 2, 4], [0, 2, 3, 4]],
  'toe-logit': [[0], [0, 4], [0, 3, 4], [0, 1, 2, 4]],
  'toe-ts-only': [[0], [0, 2], [0, 2, 3], [0, 1, 2, 3]],
  'toe-notes-only': [[4], [4], [4], [4]],
  topk: [[1], [1, 2], [1, 2, 4], [1, 2, 3, 4]],
  saliency: [[0], [0, 4], [0, 1, 4], [0, 1, 2, 4]],
  shap: [[0], [0, 4], [0, 2, 4], [0, 2, 3, 4]],
  lime: [[0], [0, 4], [0, 2, 4], [0, 2, 3, 4]],
  exhaustive: [[0], [0, 4], [0, 3, 4]],
};

const picks = (results: StayMethodResults, method: string) =>
  results.selections
    .filter((s) => s.method === method)
    .sort((a, b) => a.k - b.k)
    .map((s) => s.units);

describe('the per-stay method runner on a hand-worked stay', () => {
  it('picks the worked-out units for every method at every k', async () => {
    const results = await runStayMethods(handWorkedModel(), handWorkedPlan(), 3);
    expect(results.pFull).toBeCloseTo(sigmoid(3), 12);
    expect(results.yFull).toBe(1);
    for (const [method, expected] of Object.entries(EXPECTED))
      expect(picks(results, method), method).toEqual(expected);
    const random = randomRanking(handWorkedModel(), { seed: 11, stream: 3 }).ranking;
    expect(picks(results, 'random')).toEqual([1, 2, 3, 4].map((k) => selectTopK(random, k)));
  });

  it('equals separate fixed-budget searches for ToE at every k', async () => {
    const results = await runStayMethods(handWorkedModel(), handWorkedPlan(), 3);
    for (const k of [1, 2, 3, 4]) {
      const alone = await treeOfEvidenceSearch(handWorkedModel(), { kind: 'fixed', budget: k });
      expect(picks(results, 'toe')[k - 1]).toEqual(alone.evidence);
    }
  });

  it('scores p(m_sel) and p(all minus m_sel) of every pick in one batched call', async () => {
    const model = new RecordingStayModel(handWorkedModel());
    const results = await runStayMethods(model, handWorkedPlan({ methods: ['toe', 'topk'] }), 3);
    const last = model.batches.at(-1)!;
    const keys = last.map((q) => `${Array.from(q.ts).join('')}|${Array.from(q.note).join('')}`);
    expect(new Set(keys).size).toBe(keys.length); // distinct sets only
    const everything = allUnits(model);
    for (const s of results.selections) {
      const removed = everything.filter((u) => !s.units.includes(u));
      const [p, pRemoved] = await fusedProbabilities(handWorkedModel(), [s.units, removed]);
      expect(s.p).toBe(p);
      expect(s.pRemoved).toBe(pRemoved);
    }
  });

  it('compares ToE with the exhaustive optimum and records dynamic-mode outcomes', async () => {
    const results = await runStayMethods(handWorkedModel(), handWorkedPlan(), 3);
    expect(results.optimality.map((o) => o.k)).toEqual([1, 2, 3]);
    for (const o of results.optimality) expect(o.toeScore).toBeCloseTo(o.optimumScore, 12);
    expect(results.optimality.map((o) => o.sameSet)).toEqual([true, true, true]);
    expect(results.dynamic.map((d) => [d.maxSteps, d.status, d.size])).toEqual([
      [5, 'converged', 2],
      [10, 'converged', 2],
    ]);
  });

  it('runs ToE to k = 3 for the optimality gap even when the budgets stop at 1', async () => {
    const results = await runStayMethods(handWorkedModel(), handWorkedPlan({ ks: [1] }), 3);
    expect(picks(results, 'toe')).toEqual([[0]]);
    expect(results.optimality.map((o) => o.k)).toEqual([1, 2, 3]);
  });

  it('runs neither ablations nor audits without ToE', async () => {
    const results = await runStayMethods(
      handWorkedModel(),
      handWorkedPlan({ methods: ['topk'] }),
      3,
    );
    expect(new Set(results.selections.map((s) => s.method))).toEqual(new Set(['topk']));
    expect(results.optimality).toEqual([]);
    expect(results.dynamic).toEqual([]);
  });
});
