import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dynamicOutcomeAt, statesAtBudgets } from '../../../src/main/core/evaluation';
import { SEARCH_PARAM_DEFAULTS, treeOfEvidenceSearch } from '../../../src/main/core/search';
import { ToyStayModel, type ToyModelSpec } from '../../support/toy-stay-model';

const weight = fc.double({ min: -3, max: 3, noNaN: true });

/** Small stays with synergistic pairs (where the beam's choices are not nested). */
const toySpec: fc.Arbitrary<ToyModelSpec> = fc
  .record({
    tsBias: fc.double({ min: -2, max: 2, noNaN: true }),
    tsWeights: fc.array(weight, { minLength: 1, maxLength: 7 }),
    noteWeights: fc.array(weight, { minLength: 0, maxLength: 3 }),
    pairBonus: weight,
  })
  .map(({ tsBias, tsWeights, noteWeights, pairBonus }) => ({
    tsBias,
    tsWeights,
    noteWeights,
    pairs:
      tsWeights.length > 2
        ? [[0, tsWeights.length - 1, pairBonus] as [number, number, number]]
        : [],
  }));

const smallBeam = { ...SEARCH_PARAM_DEFAULTS, beamWidth: 3 };

describe('one fixed-budget run to k_max gives every smaller budget', () => {
  it('equals a separate fixed-budget run at every k (random toy stays)', async () => {
    await fc.assert(
      fc.asyncProperty(
        toySpec,
        fc.constantFrom(smallBeam, SEARCH_PARAM_DEFAULTS),
        async (spec, params) => {
          const kMax = 12; // more than the stay's units: the budget caps at the candidates
          const model = new ToyStayModel(spec);
          const sweep = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: kMax }, params);
          const ks = Array.from({ length: kMax }, (_, i) => i + 1);
          const states = statesAtBudgets(sweep, ks);
          for (const state of states) {
            const alone = await treeOfEvidenceSearch(
              model,
              { kind: 'fixed', budget: state.k },
              params,
            );
            expect(state.units).toEqual(alone.evidence);
            expect(state.p).toBe(alone.p);
            expect(state.score).toBe(alone.score);
          }
        },
      ),
      { numRuns: 40, seed: 20240601 },
    );
  });

  it('handles a stay with no candidate at all (empty evidence, p of nothing)', async () => {
    const model = new ToyStayModel({ tsWeights: [1], tsBias: 0.5 });
    const params = { ...SEARCH_PARAM_DEFAULTS, topTimeWindows: 0 };
    const sweep = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 3 }, params);
    const alone = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 2 }, params);
    expect(statesAtBudgets(sweep, [2])).toEqual([
      { k: 2, units: [], p: alone.p, score: alone.score },
    ]);
  });

  it('refuses budgets beyond the run and dynamic-mode results', async () => {
    const model = new ToyStayModel({ tsWeights: [1, 2, 3] });
    const fixed = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 2 });
    expect(() => statesAtBudgets(fixed, [3])).toThrow(RangeError);
    expect(() => statesAtBudgets(fixed, [0])).toThrow(RangeError);
    const dynamic = await treeOfEvidenceSearch(model, { kind: 'dynamic' });
    expect(() => statesAtBudgets(dynamic, [1])).toThrow(RangeError);
    expect(() => dynamicOutcomeAt(fixed, 1)).toThrow(RangeError);
    expect(() => dynamicOutcomeAt(dynamic, 11)).toThrow(RangeError);
  });
});

describe('one dynamic run with S_max = 10 gives every smaller S_max', () => {
  it('equals a separate dynamic run for S_max = 1..10 (random toy stays)', async () => {
    await fc.assert(
      fc.asyncProperty(toySpec, async (spec) => {
        const model = new ToyStayModel(spec);
        const full = await treeOfEvidenceSearch(model, { kind: 'dynamic' }, smallBeam);
        for (let maxSteps = 1; maxSteps <= smallBeam.maxSteps; maxSteps++) {
          const alone = await treeOfEvidenceSearch(
            model,
            { kind: 'dynamic' },
            { ...smallBeam, maxSteps },
          );
          const outcome = dynamicOutcomeAt(full, maxSteps);
          expect(outcome.status).toBe(alone.status);
          expect(outcome.units).toEqual(alone.evidence);
          expect(outcome.size).toBe(alone.size);
          expect(outcome.p).toBe(alone.p);
          expect(outcome.reachable).toBe(alone.reachable);
        }
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('reads convergence at step 2 of the search test example as converged for S_max ≥ 2 only', async () => {
    // p_full = σ(2.7); {W1} (p = σ(2)) is not confident enough, {W1, W2} converges at step 2.
    const model = new ToyStayModel({ tsBias: -1, tsWeights: [3, 1, 0.2, -0.5] });
    const run = await treeOfEvidenceSearch(model, { kind: 'dynamic' });
    expect(dynamicOutcomeAt(run, 1)).toMatchObject({ status: 'exhausted', size: 1, units: [0] });
    expect(dynamicOutcomeAt(run, 2)).toMatchObject({ status: 'converged', size: 2, units: [0, 1] });
    expect(dynamicOutcomeAt(run, 10)).toMatchObject({ status: 'converged', size: 2 });
  });
});
