/** The verdict sentence: honest in both directions, one sentence, built from the evidence. */
import { describe, expect, it } from 'vitest';
import { abstentionVerdict, formatPValue } from '../../../src/main/core/abstention';
import type { TraceFeatureTest } from '../../../src/shared/abstention';
import type { Estimate } from '../../../src/shared/estimate';

const fig = (estimate: number, lower: number, upper: number): Estimate => ({
  estimate,
  missing: null,
  lower,
  upper,
  resamples: 1000,
  skipped: 0,
});
const lrt = (pValue: number): TraceFeatureTest => ({
  features: ['steps'],
  stays: 300,
  errors: 60,
  statistic: 1,
  degreesOfFreedom: 7,
  pValue,
});
const base = { traceFeatureReason: null, errors: 60, level: 0.95 };

/** One sentence: a single final full stop, no other sentence break. */
function expectOneSentence(text: string): void {
  expect(text.endsWith('.')).toBe(true);
  expect(text.slice(0, -1)).not.toMatch(/\.\s+[A-Z]/);
}

describe('abstentionVerdict', () => {
  it('says the search adds nothing when no AURC interval excludes 0 and the LRT is null', () => {
    const text = abstentionVerdict({
      ...base,
      comparisons: [
        { policy: 'exhausted', difference: fig(0.01, -0.002, 0.02) },
        { policy: 'toe-tuned', difference: fig(0.002, -0.01, 0.012) },
        { policy: 'learned', difference: fig(-0.004, -0.012, 0.003) },
      ],
      traceFeatureTest: lrt(0.36),
    });
    expect(text).toBe(
      "On this cohort the search adds nothing measurable to the model's own confidence: no " +
        "ToE-based policy's AURC differs from confidence alone (best: learned, −0.004, 95% CI " +
        '−0.012 to 0.003) and the trace features add nothing in a likelihood-ratio test (p = 0.36).',
    );
    expectOneSentence(text);
  });

  it('flips to the positive version when an interval lies below 0', () => {
    const text = abstentionVerdict({
      ...base,
      comparisons: [
        { policy: 'exhausted', difference: fig(0.01, -0.002, 0.02) },
        { policy: 'learned', difference: fig(-0.031, -0.05, -0.012) },
      ],
      traceFeatureTest: lrt(0.0004),
    });
    expect(text).toBe(
      "On this cohort the search adds to the model's own confidence: learned ranks errors " +
        'better than confidence alone (AURC difference −0.031, 95% CI −0.050 to −0.012; 1 of 2 ' +
        'ToE-based policies compared, intervals not adjusted for that), and the ' +
        'trace features predict errors beyond confidence in a likelihood-ratio test (p < 0.001).',
    );
    expectOneSentence(text);
  });

  it('says when a policy is worse, and when the LRT alone finds information', () => {
    const worse = abstentionVerdict({
      ...base,
      comparisons: [
        { policy: 'exhausted', difference: fig(0.04, 0.02, 0.06) },
        { policy: 'learned', difference: fig(0.001, -0.01, 0.012) },
      ],
      traceFeatureTest: lrt(0.5),
    });
    expect(worse).toMatch(/no ToE-based policy ranks errors better than confidence alone/);
    expect(worse).toMatch(/exhausted is worse, 0\.040, 95% CI 0\.020 to 0\.060/);
    expectOneSentence(worse);
    const allWorse = abstentionVerdict({
      ...base,
      comparisons: [{ policy: 'exhausted', difference: fig(0.04, 0.02, 0.06) }],
      traceFeatureTest: lrt(0.5),
    });
    expect(allWorse).toMatch(/every ToE-based policy ranks errors worse than confidence alone/);
    const mixed = abstentionVerdict({
      ...base,
      comparisons: [{ policy: 'learned', difference: fig(-0.01, -0.02, 0.001) }],
      traceFeatureTest: lrt(0.01),
    });
    expect(mixed).toMatch(/carry some information .* \(likelihood-ratio test p = 0\.010\), but no/);
    expectOneSentence(mixed);
  });

  it('says it cannot tell with too few errors, or without a test', () => {
    expect(
      abstentionVerdict({ ...base, errors: 4, comparisons: [], traceFeatureTest: null }),
    ).toMatch(/too few wrong decisions \(4\)/);
    const noTest = abstentionVerdict({
      ...base,
      comparisons: [{ policy: 'exhausted', difference: fig(0.001, -0.01, 0.01) }],
      traceFeatureTest: null,
      traceFeatureReason: 'the likelihood-ratio test needs at least 10 wrong',
    });
    expect(noTest).toMatch(/could not be run \(the likelihood-ratio test needs/);
  });

  it('formats p-values plainly', () => {
    expect(formatPValue(0.3612)).toBe('p = 0.36');
    expect(formatPValue(0.0473)).toBe('p = 0.047');
    expect(formatPValue(0.00002)).toBe('p < 0.001');
  });
});
