import { describe, expect, it } from 'vitest';
import { logit, sigmoid } from '../../../src/main/core/models/stay-model';
import { SEARCH_PARAM_DEFAULTS, treeOfEvidenceSearch } from '../../../src/main/core/search';
import { ToyStayModel } from '../../support/toy-stay-model';

// The hand-worked stay of beam-search.test.ts: full logit 2.7; it converges at step 2 on
// {W1, W2} (p = σ(3)). Step 3's leader keeps the best triple, step 4 all four units.
const model = () => new ToyStayModel({ tsBias: -1, tsWeights: [3, 1, 0.2, -0.5] });

describe('searching past convergence for the abstention policies', () => {
  it('keeps the answer, trace and counts of the stop, and records the leaders to S_max', async () => {
    const plain = await treeOfEvidenceSearch(model());
    const continued = await treeOfEvidenceSearch(model(), { kind: 'dynamic' }, undefined, {
      continuePastConvergence: true,
    });
    const { leaderPath: plainPath, ...plainRest } = plain;
    const { leaderPath, ...rest } = continued;
    expect(rest).toEqual(plainRest);
    expect(plainPath).toEqual(plain.trace.map((s) => s.kept[0]!.p));
    // Four candidates, so the beam can grow four steps; the first two are the trace's.
    expect(leaderPath).toHaveLength(4);
    expect(leaderPath.slice(0, 2)).toEqual(plainPath);
    // Step 4 holds every unit: its p is p_full itself.
    expect(leaderPath[3]).toBeCloseTo(sigmoid(2.7), 12);
  });

  it('scores the calibrated probability when given a calibration', async () => {
    // Temperature 2 halves every logit: p_full' = σ(1.35) ≈ 0.794 < 0.8, so a positive
    // decision can no longer converge (method.md's band), though the raw one did.
    const halve = (p: number) => sigmoid(logit(p) / 2);
    const result = await treeOfEvidenceSearch(model(), { kind: 'dynamic' }, SEARCH_PARAM_DEFAULTS, {
      calibration: halve,
    });
    expect(result.rawPFull).toBeCloseTo(sigmoid(2.7), 12);
    expect(result.pFull).toBeCloseTo(sigmoid(1.35), 12);
    expect(result.yFull).toBe(1);
    expect(result.reachable).toBe(false);
    expect(result.status).toBe('exhausted');
    // Every state's p is on the calibrated scale: C of the first leader is σ(2 / 2).
    expect(result.trace[0]!.kept[0]!.p).toBeCloseTo(sigmoid(1), 12);
    expect(result.trace[0]!.kept[0]!.confidence).toBeCloseTo(sigmoid(1), 12);
  });
});
