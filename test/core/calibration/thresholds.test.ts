/**
 * The five threshold rules on a hand-counted split, and the rule strings the CLI reads.
 *
 * p' (highest first) 0.9  0.8  0.8  0.6  0.4  0.3  0.2  0.1
 * label               1    1    0    0    1    0    0    0      3 events, 5 non-events
 * at t = p':          TP/FP cumulative (ties counted together):
 *   0.9: 1/0   0.8: 2/1   0.6: 2/2   0.4: 3/2   0.3: 3/3   0.2: 3/4   0.1: 3/5
 */
import { describe, expect, it } from 'vitest';
import {
  chooseThreshold,
  figuresAtThreshold,
  parseThresholdRule,
} from '../../../src/main/core/calibration';
import { formatThresholdRule } from '../../../src/shared/calibration';
import { InputError } from '../../../src/main/core/errors/input-error';
import type { ThresholdRule } from '../../../src/shared/calibration';

const p = [0.8, 0.4, 0.9, 0.2, 0.6, 0.1, 0.8, 0.3];
const y = [1, 1, 1, 0, 0, 0, 0, 0];

const pick = (rule: ThresholdRule) => chooseThreshold(rule, p, y);

describe('chooseThreshold', () => {
  it('prevalence: the lowest t with at most 3 predicted positives, the tied 0.8s included', () => {
    // #(p' ≥ 0.8) = 3 ≤ 3 events; #(p' ≥ 0.6) = 4 > 3.
    expect(pick({ kind: 'prevalence' })).toEqual({
      rule: { kind: 'prevalence' },
      value: 0.8,
      stays: 8,
      events: 3,
      sensitivity: 2 / 3,
      specificity: 4 / 5,
      ppv: 2 / 3,
      predictedPositiveRate: 3 / 8,
    });
  });

  it('sensitivity: the highest t reaching the target', () => {
    // ≥ 0.8 needs all 3 events: t = 0.4. ≥ 0.5 needs 2: t = 0.8 (0.9 has 1/3).
    expect(pick({ kind: 'sensitivity', atLeast: 0.8 }).value).toBe(0.4);
    expect(pick({ kind: 'sensitivity', atLeast: 0.5 }).value).toBe(0.8);
    expect(pick({ kind: 'sensitivity', atLeast: 1 }).value).toBe(0.4);
  });

  it('ppv: the lowest t reaching the target, though PPV is not monotone', () => {
    // PPV by t: 0.9 1, 0.8 2/3, 0.6 1/2, 0.4 3/5, 0.3 1/2, 0.2 3/7, 0.1 3/8.
    expect(pick({ kind: 'ppv', atLeast: 0.6 }).value).toBe(0.4); // passes 0.6 (1/2) by
    expect(pick({ kind: 'ppv', atLeast: 0.7 }).value).toBe(0.9);
    expect(pick({ kind: 'ppv', atLeast: 0.3 }).value).toBe(0.1);
  });

  it('youden: the maximum of sensitivity + specificity − 1', () => {
    // J: 0.9 1/3, 0.8 2/3−1/5, 0.6 2/3−2/5, 0.4 1−2/5 = 0.6 (max), 0.3 0.4, ...
    const choice = pick({ kind: 'youden' });
    expect(choice.value).toBe(0.4);
    expect(choice.sensitivity + choice.specificity - 1).toBeCloseTo(0.6, 12);
  });

  it('youden: among equal maxima, the highest t', () => {
    // p' .8 .6 .4 .2 with labels 1 0 1 0: J = 1/2 at t = .8 and at t = .4.
    expect(chooseThreshold({ kind: 'youden' }, [0.8, 0.6, 0.4, 0.2], [1, 0, 1, 0]).value).toBe(0.8);
  });

  it('fixed: reports what the given t achieves; a stay equal to t is positive', () => {
    // p' ≥ 0.5: .9 .8 .8 .6 -> TP 2, FP 2.
    expect(pick({ kind: 'fixed', value: 0.5 })).toMatchObject({
      value: 0.5,
      sensitivity: 2 / 3,
      specificity: 3 / 5,
      ppv: 0.5,
      predictedPositiveRate: 0.5,
    });
    expect(pick({ kind: 'fixed', value: 0.6 }).predictedPositiveRate).toBe(4 / 8);
    // Above every p': nothing positive, PPV undefined.
    expect(pick({ kind: 'fixed', value: 0.95 })).toMatchObject({ ppv: null, sensitivity: 0 });
  });

  it('refuses an unattainable PPV, naming the rule and the best PPV', () => {
    // p' .9 .5 .1, labels 0 1 0: PPV 0, 1/2, 1/3; the best is 50% at t = 0.5.
    const attempt = () =>
      chooseThreshold({ kind: 'ppv', atLeast: 0.99 }, [0.9, 0.5, 0.1], [0, 1, 0]);
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(/threshold rule ppv:0.99.*best attainable is 50\.0% \(at t = 0\.5000/);
  });

  it('refuses prevalence when the top tie group alone outnumbers the events', () => {
    const attempt = () =>
      chooseThreshold({ kind: 'prevalence' }, [0.7, 0.7, 0.7, 0.2], [1, 0, 0, 1]);
    expect(attempt).toThrow(
      /the 3 stays tied at the highest calibrated probability .* outnumber the 2 events/,
    );
  });

  it('needs both outcomes and a valid target', () => {
    expect(() => chooseThreshold({ kind: 'youden' }, [0.2, 0.3], [0, 0])).toThrow(/both outcomes/);
    expect(() => pick({ kind: 'ppv', atLeast: 0 })).toThrow(InputError);
    expect(() => pick({ kind: 'fixed', value: 1.5 })).toThrow(InputError);
  });
});

describe('figuresAtThreshold', () => {
  it('counts p ≥ t', () => {
    expect(figuresAtThreshold(p, y, 0.8)).toEqual({
      stays: 8,
      events: 3,
      sensitivity: 2 / 3,
      specificity: 4 / 5,
      ppv: 2 / 3,
      predictedPositiveRate: 3 / 8,
    });
  });
});

describe('parseThresholdRule', () => {
  it('reads every rule and prints it back the same way', () => {
    const cases: [string, ThresholdRule][] = [
      ['prevalence', { kind: 'prevalence' }],
      ['youden', { kind: 'youden' }],
      ['fixed:0.3', { kind: 'fixed', value: 0.3 }],
      ['sensitivity:0.8', { kind: 'sensitivity', atLeast: 0.8 }],
      ['ppv:0.3', { kind: 'ppv', atLeast: 0.3 }],
    ];
    for (const [text, rule] of cases) {
      expect(parseThresholdRule(text)).toEqual(rule);
      expect(formatThresholdRule(rule)).toBe(text);
    }
  });

  it('refuses malformed rules with the syntax', () => {
    for (const text of [
      '',
      'f1',
      'fixed',
      'fixed:',
      'fixed:abc',
      'fixed:2',
      'ppv:0',
      'youden:1',
      'ppv:0.3:1',
    ]) {
      expect(() => parseThresholdRule(text), text).toThrow(InputError);
    }
    expect(() => parseThresholdRule('median')).toThrow(
      /expected one of prevalence, youden, fixed:T/,
    );
  });
});
