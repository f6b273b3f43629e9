import { describe, expect, it } from 'vitest';
import { saliencyRanking } from '../../../src/main/core/baselines/saliency';
import type {
  EvidenceQuery,
  StayModel,
  StreamLogits,
} from '../../../src/main/core/models/stay-model';
import { RecordingStayModel } from '../../support/recording-stay-model';
import { ToyStayModel } from '../../support/toy-stay-model';

describe('Saliency (grouped Input×Gradient)', () => {
  it('equals the exact weight × input of a linear model, ranked by magnitude', async () => {
    // Inputs are all 1, so Input×Gradient of each unit is its weight:
    // ids 0..3 → 0.5, -2, 1, 0.3; chunks 4 (slot 0) → 0.7, 6 (slot 2) → -1.5; slot 1 is padding.
    const toy = new ToyStayModel({
      tsBias: 0.3,
      tsWeights: [0.5, -2, 1, 0.3],
      noteBias: -0.2,
      noteWeights: [0.7, 9, -1.5],
      presentNotes: [0, 2],
    });
    const result = await saliencyRanking(toy);
    const expected: Record<number, number> = { 0: 0.5, 1: -2, 2: 1, 3: 0.3, 4: 0.7, 6: -1.5 };
    for (const [unit, weight] of Object.entries(expected)) {
      expect(result.scores![Number(unit)]).toBeCloseTo(weight, 10);
    }
    expect(result.scores![5]).toBeNaN();
    expect(result.ranking).toEqual([1, 6, 2, 4, 0, 3]);
    // One call: a + and a − query per unit.
    expect(toy.calls).toEqual([12]);
    expect(result.evaluations).toBe(12);
  });

  it('perturbs a window through its TS weight and a chunk through noteInputScale', async () => {
    const toy = new RecordingStayModel(
      new ToyStayModel({ tsWeights: [1, 2], noteWeights: [3, 4], presentNotes: [1] }),
    );
    await saliencyRanking(toy, { eps: 1e-2 });
    const [windowUp, windowDown, , , chunkUp, chunkDown] = toy.batches[0]!;
    expect([...windowUp!.ts]).toEqual([Math.fround(1.01), 1]);
    expect([...windowDown!.ts]).toEqual([Math.fround(0.99), 1]);
    expect(windowUp!.noteInputScale).toBeUndefined();
    // Every present chunk stays selected; the padding slot stays unselected.
    expect([...windowUp!.note]).toEqual([0, 1]);
    expect([...chunkUp!.ts]).toEqual([1, 1]);
    expect([...chunkUp!.note]).toEqual([0, 1]);
    expect([...chunkUp!.noteInputScale!]).toEqual([1, Math.fround(1.01)]);
    expect([...chunkDown!.noteInputScale!]).toEqual([1, Math.fround(0.99)]);
  });

  it('gives Σ x_i ∂f/∂x_i on a smooth nonlinear model (exact for a quadratic)', async () => {
    // l(x) = 2·x0 − x1 + 3·x0·x1: at x = (1, 1), x0·∂l/∂x0 = 2 + 3 = 5, x1·∂l/∂x1 = −1 + 3 = 2.
    const quadratic: StayModel = {
      hours: 2,
      noteSlots: 0,
      presentNotes: [],
      selectorScores: async () => ({ ts: new Float32Array(2), note: new Float32Array() }),
      forward: async (queries: readonly EvidenceQuery[]): Promise<StreamLogits> => ({
        ts: Float64Array.from(queries, (q) => 2 * q.ts[0]! - q.ts[1]! + 3 * q.ts[0]! * q.ts[1]!),
        note: new Float64Array(queries.length),
      }),
    };
    const result = await saliencyRanking(quadratic);
    expect(result.scores![0]).toBeCloseTo(5, 9);
    expect(result.scores![1]).toBeCloseTo(2, 9);
    expect(result.ranking).toEqual([0, 1]);
  });

  it('rejects an eps outside (0, 1)', async () => {
    const toy = new ToyStayModel({ tsWeights: [1] });
    await expect(saliencyRanking(toy, { eps: 0 })).rejects.toThrow(RangeError);
  });
});
