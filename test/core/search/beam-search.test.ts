import { describe, expect, it } from 'vitest';
import { sigmoid } from '../../../src/main/core/models/stay-model';
import {
  SEARCH_PARAM_DEFAULTS,
  compareStates,
  convergenceReachable,
  treeOfEvidenceSearch,
} from '../../../src/main/core/search';
import { ToyStayModel } from '../../support/toy-stay-model';

const params = (overrides: Partial<typeof SEARCH_PARAM_DEFAULTS> = {}) => ({
  ...SEARCH_PARAM_DEFAULTS,
  ...overrides,
});

describe('ToE beam search', () => {
  it('converges on the hand-worked example', async () => {
    // Full logit -1 + 3 + 1 + 0.2 - 0.5 = 2.7, p_full = 0.937 (positive, reachable).
    // Step 1: {W1} p = σ(2) = 0.881 leads, but C = 0.881 < 0.9: go on.
    // Step 2: {W1, W2} p = σ(3) = 0.953, C = 0.953, S = 1 - |0.937 - 0.953| = 0.984: converged.
    const model = new ToyStayModel({ tsBias: -1, tsWeights: [3, 1, 0.2, -0.5] });
    const result = await treeOfEvidenceSearch(model);
    expect(result.pFull).toBeCloseTo(sigmoid(2.7), 12);
    expect(result.yFull).toBe(1);
    expect(result.status).toBe('converged');
    expect(result.reachable).toBe(true);
    expect(result.evidence).toEqual([0, 1]);
    expect(result.p).toBeCloseTo(sigmoid(3), 12);
    expect(result.steps).toBe(2);
    expect(result.trace[0]!.kept[0]!.units).toEqual([0]);
    expect(result.trace[1]!.kept[0]).toMatchObject({ units: [0, 1], parent: [0] });
    // 4 singletons, then the 6 distinct pairs (12 children before de-duplication).
    expect(result.statesScored).toBe(10);
    expect(result.trace.map((s) => s.childrenScored)).toEqual([4, 6]);
    // One batched call for the full input, then one per step.
    expect(model.calls).toEqual([1, 4, 6]);
  });

  it('breaks ties on the λ = 1 plateau by closeness to p_full', async () => {
    // Full logit 3 + 2.5 + 2.8 - 3 = 5.3. Pairs {W1,W2}: 5.5, {W1,W3}: 5.8, {W2,W3}: 5.3 all
    // have p ≥ p_full, so C + S = 1 + p_full for each: the scores tie, and the second key
    // picks {W2,W3}, whose p equals p_full. Ranking by weight would pick {W1,W3}.
    const model = new ToyStayModel({ tsWeights: [3, 2.5, 2.8, -3] });
    const result = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 2 });
    const plateau = result.trace[1]!.kept.slice(0, 3);
    expect(new Set(plateau.map((s) => s.score.toFixed(9))).size).toBe(1);
    expect(result.evidence).toEqual([1, 2]);
    expect(result.p).toBeCloseTo(result.pFull, 12);
    expect(result.status).toBe('budget');
  });

  it('runs exactly k steps in fixed mode even when an earlier state is sufficient', async () => {
    const model = new ToyStayModel({ tsBias: -1, tsWeights: [3, 1, 0.2, -0.5] });
    const result = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 3 });
    expect(result.steps).toBe(3);
    expect(result.evidence).toHaveLength(3);
  });

  it('exhausts, and says convergence was unreachable, when p_full is in the grey zone', async () => {
    // p_full = σ(0.85) = 0.70: positive but below τc − (1 − τs) = 0.8, so no set can converge.
    const model = new ToyStayModel({ tsWeights: [0.5, 0.35, 0, 0, 0, 0] });
    const result = await treeOfEvidenceSearch(model);
    expect(result.reachable).toBe(false);
    expect(result.status).toBe('exhausted');
    expect(result.steps).toBe(6); // every candidate used: fewer than S_max = 10
  });

  it('searches note chunks as units, never padding slots, within the top-N candidates', async () => {
    const model = new ToyStayModel({
      tsBias: -2,
      tsWeights: [0.1, 0.2, 0.3],
      noteWeights: [4, 9, 1],
      presentNotes: [0, 2],
    });
    const result = await treeOfEvidenceSearch(
      model,
      { kind: 'fixed', budget: 2 },
      params({ topTimeWindows: 1 }),
    );
    // Candidates: the best window by selector score (W3) and the present chunks N1, N3.
    expect(result.candidates).toEqual([2, 3, 5]);
    expect(result.evidence.every((u) => u !== 4)).toBe(true);
    expect(result.evidence).toContain(3); // N1 carries the decision
  });

  it('beats top-k ranking when units only matter together', async () => {
    // W1 and W2 are weak alone but strong together (a pair bonus); W3 looks best alone.
    const model = new ToyStayModel({
      tsBias: -3,
      tsWeights: [0.5, 0.5, 1.5, 0, 0],
      pairs: [[0, 1, 5]],
    });
    const ranked = await model.selectorScores();
    expect(Array.from(ranked.ts).indexOf(Math.max(...ranked.ts))).toBe(2);
    const result = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 2 });
    expect(result.evidence).toEqual([0, 1]);
  });

  it('uses logit-space stability when asked: no plateau, p closest in logit wins', async () => {
    const model = new ToyStayModel({ tsWeights: [3, 2.5, 2.8, -3] });
    const result = await treeOfEvidenceSearch(
      model,
      { kind: 'fixed', budget: 2 },
      params({ stability: 'logit' }),
    );
    expect(result.evidence).toEqual([1, 2]);
    expect(result.stability).toBeCloseTo(1, 12);
  });

  it('is deterministic and JSON-serialisable', async () => {
    const spec = { tsBias: -1, tsWeights: [1, 1, 1, 1, 1, 1], noteWeights: [1, 1] };
    const a = await treeOfEvidenceSearch(new ToyStayModel(spec));
    const b = await treeOfEvidenceSearch(new ToyStayModel(spec));
    expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(b)));
    // Equal weights: all ties broken by lexicographic unit ids.
    expect(a.trace[0]!.kept.map((s) => s.units[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('state order', () => {
  const pFull = 0.9;
  it('orders by score, then closeness to p_full, then size, then unit ids', () => {
    expect(
      compareStates({ score: 1.2, p: 0.5, units: [1] }, { score: 1.1, p: 0.9, units: [0] }, pFull),
    ).toBeLessThan(0);
    expect(
      compareStates(
        { score: 1, p: 0.95, units: [3] },
        { score: 1 + 1e-12, p: 0.91, units: [0] },
        pFull,
      ),
    ).toBeGreaterThan(0);
    expect(
      compareStates({ score: 1, p: 0.9, units: [0, 1] }, { score: 1, p: 0.9, units: [5] }, pFull),
    ).toBeGreaterThan(0);
    expect(
      compareStates(
        { score: 1, p: 0.9, units: [0, 7] },
        { score: 1, p: 0.9, units: [1, 2] },
        pFull,
      ),
    ).toBeLessThan(0);
  });

  it('in the paper’s order, leaves tied scores to size and unit ids, not closeness to p_full', () => {
    const far = { score: 1, p: 0.99, units: [0] };
    const near = { score: 1, p: 0.91, units: [3] };
    expect(compareStates(far, near, pFull)).toBeGreaterThan(0);
    expect(compareStates(far, near, pFull, 'score-only')).toBeLessThan(0);
  });
});

describe('reachability', () => {
  const p = SEARCH_PARAM_DEFAULTS;
  it('matches method.md: positive needs p_full ≥ 0.8, negative p_full ≤ 0.2 (defaults)', () => {
    expect(convergenceReachable({ pFull: 0.8, yFull: 1 }, p)).toBe(true);
    expect(convergenceReachable({ pFull: 0.79, yFull: 1 }, p)).toBe(false);
    expect(convergenceReachable({ pFull: 0.2, yFull: 0 }, p)).toBe(true);
    expect(convergenceReachable({ pFull: 0.21, yFull: 0 }, p)).toBe(false);
  });
});
