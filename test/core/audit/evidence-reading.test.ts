import { describe, expect, it } from 'vitest';
import type { TraceState, TraceStep } from '../../../src/shared/audit';
import {
  chartedRuns,
  chartedText,
  evidenceRole,
  evidenceSentence,
  evidenceText,
  hourRuns,
  leaderTies,
  reportedStep,
  SCORE_TIE,
  stepsText,
} from '../../../src/shared/evidence-reading';
import { SCORE_TIE as SEARCH_SCORE_TIE } from '../../../src/main/core/search/state-order';
import { conceptOf, inConceptOrder } from '../../../src/shared/variable-concepts';

const T = 24;
const CALIBRATED = { threshold: 0.342, calibrated: true };

function outcome(pFull: number, pEvidence: number, pWithoutEvidence: number, evidence: number[]) {
  return {
    pFull,
    yFull: pFull >= 0.342 ? (1 as const) : (0 as const),
    pEvidence,
    pWithoutEvidence,
    evidence,
  };
}

describe('evidenceSentence', () => {
  it('says sufficient, not necessary when the stay without the evidence keeps the decision', () => {
    const hours = [0, 1, 16, 17, 18, 19, 20, 21, 22, 23];
    expect(evidenceSentence(outcome(0.82, 0.82, 0.55, hours), CALIBRATED, T)).toBe(
      '82% risk, flagged at the 34% threshold: hours 1–2 and 17–24 alone give 82% (flagged too); without them 55% (still flagged): sufficient, not necessary.',
    );
  });

  it('says sufficient and necessary when removing the evidence flips the decision', () => {
    expect(evidenceSentence(outcome(0.6, 0.7, 0.2, [4, T + 2]), CALIBRATED, T)).toBe(
      '60% risk, flagged at the 34% threshold: hour 5 plus note chunk N3 alone give 70% (flagged too); without them 20% (no longer flagged): sufficient and necessary.',
    );
  });

  it('says necessary, not sufficient and neither for evidence that does not reproduce it', () => {
    expect(evidenceSentence(outcome(0.5, 0.2, 0.3, [T]), CALIBRATED, T)).toMatch(
      /note chunk N1 alone gives 20% \(not flagged\); without it 30% \(no longer flagged\): necessary, not sufficient\.$/,
    );
    expect(evidenceSentence(outcome(0.5, 0.2, 0.45, [3, 5]), CALIBRATED, T)).toMatch(
      /hours 4 and 6 alone give 20% \(not flagged\); without them 45% \(still flagged\): neither sufficient nor necessary\.$/,
    );
  });

  it('words a negative decision from its own side', () => {
    expect(evidenceSentence(outcome(0.06, 0.05, 0.4, [T + 3]), CALIBRATED, T)).toBe(
      '6% risk, not flagged at the 34% threshold: note chunk N4 alone gives 5% (not flagged either); without it 40% (now flagged): sufficient and necessary.',
    );
  });

  it('never rounds a probability onto the wrong side of the threshold', () => {
    // At whole percents 34.4%, 34.21% and the 34.2% threshold would all read "34%".
    expect(evidenceSentence(outcome(0.344, 0.3421, 0.5, [0]), CALIBRATED, T)).toBe(
      '34.40% risk, flagged at the 34.20% threshold: hour 1 alone gives 34.21% (flagged too); without it 50.00% (still flagged): sufficient, not necessary.',
    );
  });

  it('does not call a paper-mode probability a risk, and handles an empty set', () => {
    const paper = { threshold: 0.5, calibrated: false };
    expect(evidenceSentence(outcome(0.9, 0.4, 0.9, []), paper, T)).toBe(
      'Uncalibrated model probability 90%, flagged at the 50% threshold; the search kept no unit, and the fixed context alone gives 40% (not flagged).',
    );
  });
});

describe('evidence words', () => {
  it('groups consecutive hours and steps and names note chunks', () => {
    expect(stepsText([3, 1, 2, 5])).toBe('steps 1–3 and 5');
    expect(hourRuns([23, 0, 1, 9])).toEqual([
      [1, 2],
      [10, 10],
      [24, 24],
    ]);
    expect(evidenceText([0, 1, 9, 23, T, T + 4], T)).toBe(
      'hours 1–2, 10 and 24 plus note chunks N1 and N5',
    );
  });

  it('judges sufficiency and necessity at the threshold, inclusive as the decision is', () => {
    expect(evidenceRole({ yFull: 1, pEvidence: 0.5, pWithoutEvidence: 0.49 }, 0.5)).toEqual({
      sufficient: true,
      necessary: true,
    });
  });
});

const state = (units: number[], p: number, score: number): TraceState => ({
  units,
  parent: null,
  p,
  confidence: p,
  stability: 1 - Math.abs(0.9 - p),
  size: units.length,
  score,
});

describe('leaderTies', () => {
  it('finds kept sets tied with the leader and names the tie-break that decided', () => {
    const trace: TraceStep[] = [
      {
        step: 1,
        childrenScored: 30,
        leader: 0,
        kept: [state([24], 0.95, 1.9), state([26], 0.97, 1.9 + 1e-12), state([3], 0.7, 1.5)],
      },
      { step: 2, childrenScored: 20, leader: 0, kept: [state([24, 26], 0.9, 1.8)] },
    ];
    expect(leaderTies(trace, 0.9)).toEqual([
      {
        step: 1,
        score: 1.9,
        tied: [trace[0]!.kept[0], trace[0]!.kept[1]],
        wholeBeam: false,
        decidedBy: 'closest p',
      },
    ]);
  });

  it('says when every kept set ties, so the cut may have dropped more', () => {
    const kept = [state([1], 0.9, 1.9), state([2], 0.9, 1.9)];
    const [tie] = leaderTies([{ step: 1, childrenScored: 10, leader: 0, kept }], 0.9);
    expect(tie).toMatchObject({ wholeBeam: true, decidedBy: 'unit order' });
  });

  it('uses the search’s own tolerance', () => {
    expect(SCORE_TIE).toBe(SEARCH_SCORE_TIE);
  });
});

describe('reportedStep', () => {
  const trace: TraceStep[] = [1, 2, 3].map((step) => ({
    step,
    childrenScored: 10,
    leader: 0,
    kept: [
      state(
        Array.from({ length: step }, (_, i) => i),
        0.9,
        [1.85, 1.9, 1.8][step - 1]!,
      ),
    ],
  }));

  it('reports the last step’s leader and finds the earlier peak', () => {
    const found = reportedStep({ trace, evidence: [0, 1, 2] });
    expect(found?.reported.step).toBe(3);
    expect(found?.peak.step).toBe(2);
  });

  it('claims nothing when the stored evidence is not the last leader', () => {
    expect(reportedStep({ trace, evidence: [0] })).toBeNull();
    expect(reportedStep({ trace: [], evidence: [] })).toBeNull();
  });
});

describe('chartedText', () => {
  // Hourly vitals in hours 0–3, a lactate in hour 2, an unknown variable in hour 3, hour 4 empty.
  const charted = (name: string, mean: (number | null)[]) => ({ concept: conceptOf(name), mean });
  const variables = inConceptOrder(
    [
      charted('Lactate', [null, null, 3.1, null, null]),
      charted('HR', [88, 92, 110, 105, null]),
      charted('queue_depth', [null, null, null, 4, null]),
      charted('SysABP', [120, 118, 95, 100, null]),
      charted('O2Sat', [97, 96, 91, 93, null]),
    ],
    (v) => (v.concept.id === null ? v.concept.short : v.concept.id),
  );

  it("says what an hour charted, by concept group, vital signs first, in the cohort's words", () => {
    expect(chartedText(variables, 0)).toBe('HR, SBP, SpO₂ (vital signs)');
    expect(chartedText(variables, 2)).toBe('HR, SBP, SpO₂ (vital signs); lactate (blood gas)');
    expect(chartedText(variables, 3)).toBe('HR, SBP, SpO₂ (vital signs); queue_depth (other)');
    expect(chartedText(variables, 4)).toBe('nothing charted');
  });

  it('merges consecutive evidence hours that charted alike, whatever order they come in', () => {
    expect(chartedRuns(variables, [4, 1, 0, 2])).toEqual([
      { first: 0, last: 1, charted: 'HR, SBP, SpO₂ (vital signs)' },
      { first: 2, last: 2, charted: 'HR, SBP, SpO₂ (vital signs); lactate (blood gas)' },
      { first: 4, last: 4, charted: 'nothing charted' },
    ]);
  });
});
