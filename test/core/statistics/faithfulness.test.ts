import { describe, expect, it } from 'vitest';
import {
  auroc,
  averagePrecision,
  comprehensiveness,
  decisionAgreement,
  fidelityMae,
  sufficiencyAuprc,
  sufficiencyAuroc,
} from '../../../src/main/core/statistics';

describe('fidelityMae', () => {
  it('is the mean absolute gap between p_full and p(m_sel)', () => {
    // |.9 − .7| + |.2 − .25| + |.6 − .6| = .2 + .05 + 0 = .25 → .25 / 3
    expect(fidelityMae([0.9, 0.2, 0.6], [0.7, 0.25, 0.6])).toBeCloseTo(0.25 / 3, 15);
    expect(fidelityMae([], [])).toBeNaN();
  });
});

describe('decisionAgreement', () => {
  it('compares [p(m_sel) >= threshold] with y_full, the threshold counting as positive', () => {
    // [.7, .25, .5, .49] >= .5 → [1, 0, 1, 0] vs y_full [1, 0, 1, 1] → 3 of 4 agree.
    expect(decisionAgreement([0.7, 0.25, 0.5, 0.49], [1, 0, 1, 1])).toBe(0.75);
    // At .6: [1, 0, 0, 0] → agree, agree, no, no → 2 of 4.
    expect(decisionAgreement([0.7, 0.25, 0.5, 0.49], [1, 0, 1, 1], 0.6)).toBe(0.5);
  });
});

describe('comprehensiveness', () => {
  it('is the mean drop in confidence for the full-input class when m_sel is removed', () => {
    // Stay 1, ŷ = 1: Pr(1 | all) − Pr(1 | all − m_sel) = .9 − .6 = .3
    // Stay 2, ŷ = 0: Pr(0 | all) − Pr(0 | all − m_sel) = (1 − .2) − (1 − .3) = .1
    // mean = .2
    expect(comprehensiveness([0.9, 0.2], [0.6, 0.3], [1, 0])).toBeCloseTo(0.2, 15);
  });

  it('can be negative when removing the evidence raises the confidence', () => {
    // ŷ = 1: .6 − .8 = −.2
    expect(comprehensiveness([0.6], [0.8], [1])).toBeCloseTo(-0.2, 15);
  });
});

describe('sufficiency AUROC / AUPRC', () => {
  it('are the ranking metrics of p(m_sel) against the true labels', () => {
    const pSel = [0.9, 0.8, 0.8, 0.3];
    const labels = [1, 1, 0, 0];
    expect(sufficiencyAuroc(pSel, labels)).toBe(auroc(pSel, labels));
    expect(sufficiencyAuroc(pSel, labels)).toBe(0.875);
    expect(sufficiencyAuprc(pSel, labels)).toBe(averagePrecision(pSel, labels));
  });
});
