import { describe, expect, it } from 'vitest';
import { PHI_KINDS } from '../../../src/shared/domain';
import { loadEvalSet, scorePhiEval } from '../../fixtures/phi-eval/score';

// The floors of issue 16, on the labelled synthetic set (npm run phi-eval prints the figures).
describe('PHI guard on the labelled evaluation set', () => {
  const set = loadEvalSet();
  const score = scorePhiEval(set);

  it('is large enough and labels every kind', () => {
    expect(set.identified.length).toBeGreaterThanOrEqual(300);
    expect(set.clean.length).toBeGreaterThanOrEqual(200);
    for (const kind of PHI_KINDS) {
      expect(score.perKind.find((k) => k.kind === kind)!.labelled, kind).toBeGreaterThanOrEqual(15);
    }
  });

  it('finds at least 97% of all identifier spans and 95% of each kind', () => {
    expect(score.spanRecall).toBeGreaterThanOrEqual(0.97);
    for (const k of score.perKind) expect(k.recall, k.kind).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses at most 2% of clean clinical notes', () => {
    expect(score.cleanRefusedRate, score.falseAlarms.join('\n')).toBeLessThanOrEqual(0.02);
  });
});
