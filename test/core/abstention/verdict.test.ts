/**
 * The verdict sentence: one stated rule over all the evidence (the adjusted AURC intervals
 * and the likelihood-ratio test together), honest in both directions, one sentence.
 */
import { describe, expect, it } from 'vitest';
import { abstentionVerdict } from '../../../src/main/core/abstention';
import { pValueText } from '../../../src/shared/figure-text';
import {
  formatDifference,
  type VerdictComparison,
} from '../../../src/main/core/abstention/verdict';
import type { AbstentionPolicyName, TraceFeatureTest } from '../../../src/shared/abstention';
import type { Estimate } from '../../../src/shared/estimate';

const fig = (estimate: number, lower: number, upper: number): Estimate => ({
  estimate,
  missing: null,
  lower,
  upper,
  method: 'bootstrap',
  resamples: 1000,
  skipped: 0,
});
const lrt = (pValue: number): TraceFeatureTest => ({
  reducedFeatures: ['|m(p_full)|', 'alert'],
  features: ['steps'],
  aliased: [],
  stays: 300,
  errors: 60,
  statistic: 1,
  degreesOfFreedom: 6,
  pValue,
});
const base = { traceFeatureReason: null, errors: 60, level: 0.95 };

/** A comparison whose adjusted interval is `adjusted` and unadjusted one `raw`. */
const compare = (
  policy: AbstentionPolicyName,
  adjusted: Estimate,
  raw: Estimate = adjusted,
): VerdictComparison => ({ policy, difference: raw, adjusted });

/** One sentence: a single final full stop, no other sentence break. */
function expectOneSentence(text: string): void {
  expect(text.endsWith('.')).toBe(true);
  expect(text.slice(0, -1)).not.toMatch(/\.\s+[A-Z]/);
}

describe('formatDifference', () => {
  it('writes a bound a rounding error away from 0 as 0, never in exponent notation', () => {
    expect(formatDifference(7.5e-18)).toBe('0.000');
    expect(formatDifference(-3e-12)).toBe('0.000');
    expect(formatDifference(0.00055)).not.toMatch(/e/);
  });
});

describe('abstentionVerdict', () => {
  it('is "not shown" when no adjusted interval lies below 0 and the test finds nothing', () => {
    const verdict = abstentionVerdict({
      ...base,
      comparisons: [
        compare('exhausted', fig(0.01, -0.002, 0.02)),
        compare('toe-tuned', fig(0.002, -0.01, 0.012)),
        compare('learned', fig(-0.004, -0.012, 0.003)),
      ],
      traceFeatureTest: lrt(0.36),
    });
    expect(verdict.kind).toBe('not-shown');
    expect(verdict.sentence).toBe(
      "On this cohort the search is not shown to add anything to the model's own estimate of " +
        'which decisions are wrong: no search-based policy ranks errors better once the 3 ' +
        'policies compared are allowed for (best: learned, −0.004, 95% CI −0.012 to 0.003, ' +
        'adjusted for 3 policies), and the trace features add nothing significant to the ' +
        "model's own confidence and decision in a likelihood-ratio test (p = 0.36, 6 df).",
    );
    expectOneSentence(verdict.sentence);
  });

  it('says "adds" only when an adjusted interval lies below 0 and the test agrees', () => {
    const verdict = abstentionVerdict({
      ...base,
      comparisons: [
        compare('exhausted', fig(0.01, -0.002, 0.02)),
        compare('learned', fig(-0.031, -0.05, -0.012)),
      ],
      traceFeatureTest: lrt(0.0004),
    });
    expect(verdict.kind).toBe('adds');
    expect(verdict.sentence).toBe(
      "On this cohort the search adds to the model's own estimate of which decisions are " +
        'wrong: learned ranks errors better (AURC difference −0.031, 95% CI −0.050 to −0.012, ' +
        "adjusted for 2 policies), and the trace features predict errors beyond the model's " +
        'own confidence and decision in a likelihood-ratio test (p < 0.001, 6 df).',
    );
    expectOneSentence(verdict.sentence);
  });

  it('does not say "adds" from the AURC alone when the test finds nothing (the eICU case)', () => {
    const verdict = abstentionVerdict({
      ...base,
      comparisons: [compare('exhausted', fig(-0.004, -0.0076, -0.0002))],
      traceFeatureTest: lrt(0.97),
    });
    expect(verdict.kind).toBe('not-shown');
    expect(verdict.sentence).toMatch(/exhausted ranks errors better .* but the trace features add/);
    expectOneSentence(verdict.sentence);
  });

  it('does not say "adds" from one unadjusted interval, and says which one leaned', () => {
    const verdict = abstentionVerdict({
      ...base,
      comparisons: [
        compare('exhausted', fig(-0.004, -0.0076, 0.0002), fig(-0.004, -0.006, -0.00007)),
        compare('learned', fig(0.001, -0.01, 0.012)),
      ],
      traceFeatureTest: lrt(0.01),
    });
    expect(verdict.kind).toBe('not-shown');
    expect(verdict.sentence).toMatch(
      /exhausted would look better on an interval not adjusted for the 2 policies compared/,
    );
    expectOneSentence(verdict.sentence);
  });

  it('says "worse" when every adjusted interval lies above 0', () => {
    const verdict = abstentionVerdict({
      ...base,
      comparisons: [compare('exhausted', fig(0.04, 0.02, 0.06))],
      traceFeatureTest: lrt(0.5),
    });
    expect(verdict.kind).toBe('worse');
    expect(verdict.sentence).toMatch(/every search-based policy ranks errors worse/);
    expect(verdict.sentence).not.toMatch(/adjusted for/);
  });

  it('says it cannot tell with too few errors, and names a missing test', () => {
    const few = abstentionVerdict({ ...base, errors: 4, comparisons: [], traceFeatureTest: null });
    expect(few.kind).toBe('too-few-errors');
    expect(few.sentence).toMatch(/too few wrong decisions \(4\)/);
    const noTest = abstentionVerdict({
      ...base,
      comparisons: [compare('exhausted', fig(0.001, -0.01, 0.01))],
      traceFeatureTest: null,
      traceFeatureReason: 'the likelihood-ratio test needs at least 10 wrong',
    });
    expect(noTest.sentence).toMatch(/could not be run \(the likelihood-ratio test needs/);
    const none = abstentionVerdict({ ...base, comparisons: [], traceFeatureTest: lrt(0.5) });
    expect(none.kind).toBe('not-compared');
  });

  it('formats p-values plainly', () => {
    expect(pValueText(0.3612)).toBe('p = 0.36');
    expect(pValueText(0.0473)).toBe('p = 0.047');
    expect(pValueText(0.00002)).toBe('p < 0.001');
  });
});
