/** analyseAbstention end to end on synthetic cohorts: shape, cross-checks, warnings, verdict. */
import { describe, expect, it } from 'vitest';
import {
  analyseAbstention,
  aurc,
  confidenceScores,
  exhaustedScores,
  queueOrder,
  type AbstentionInput,
  type PolicyStay,
} from '../../../src/main/core/abstention';
import { abstentionEffect, bootstrapCi, pick } from '../../../src/main/core/metrics';
import { ABSTENTION_POLICIES } from '../../../src/shared/abstention';
import { cohort, stay } from './stays';

const errorsOf = (stays: readonly PolicyStay[]): number[] =>
  stays.map((s) => (s.yFull !== s.label ? 1 : 0));

function input(signal: boolean, overrides: Partial<AbstentionInput> = {}): AbstentionInput {
  return {
    runId: 7,
    test: cohort(400, signal ? 31 : 41, { signal }),
    validation: cohort(400, signal ? 32 : 42, { signal, firstId: 10_000 }),
    validationRunId: 6,
    policy: 'learned',
    budget: { kind: 'share', share: 0.1 },
    resamples: 400,
    ...overrides,
  };
}

describe('analyseAbstention', () => {
  const signal = input(true);
  const analysis = analyseAbstention(signal);

  it('is well-formed, plain JSON, and records its parameters', () => {
    expect(analysis.policies.map((p) => p.policy)).toEqual([...ABSTENTION_POLICIES]);
    expect(analysis.parameters).toEqual({ seed: 20_240_612, resamples: 400, level: 0.95 });
    expect(analysis.validationRunId).toBe(6);
    expect(JSON.parse(JSON.stringify(analysis))).toEqual(analysis);
    const errorRate = errorsOf(signal.test).reduce((a, b) => a + b, 0) / 400;
    for (const p of analysis.policies) {
      expect(p.unavailable).toBeNull();
      expect(p.fitted.length).toBeGreaterThan(10);
      expect(p.aurc!.estimate).toBeGreaterThanOrEqual(0);
      expect(p.aurc!.lower!).toBeLessThanOrEqual(p.aurc!.upper!);
      expect(p.riskCoverage.length).toBeLessThanOrEqual(101);
      expect(p.riskCoverage.at(-1)).toEqual({ coverage: 1, risk: expect.closeTo(errorRate, 12) });
      expect(p.all!.stays).toBe(400);
      expect(p.all!.flagged).toBeLessThanOrEqual(40);
      expect(p.reachable!.stays).toBe(signal.test.filter((s) => s.reachable).length);
    }
    const chosen = analysis.policies.find((p) => p.policy === 'learned')!;
    expect(analysis.queueSize).toBe(chosen.all!.flagged);
    expect(queueOrder(signal).queueSize).toBe(analysis.queueSize);
  });

  it('compares each ToE-based policy with confidence, paired', () => {
    const byName = Object.fromEntries(analysis.policies.map((p) => [p.policy, p]));
    expect(byName.confidence!.aurcVsConfidence).toBeNull();
    expect(byName.guaranteed!.aurcVsConfidence).toBeNull();
    expect(byName.guaranteed!.aurc).toEqual(byName.confidence!.aurc);
    for (const p of ['exhausted', 'toe-tuned', 'learned'] as const) {
      expect(byName[p]!.aurcVsConfidence!.estimate).toBeCloseTo(
        byName[p]!.aurc!.estimate! - byName.confidence!.aurc!.estimate!,
        14,
      );
    }
  });

  it('bootstraps AURC exactly as a brute-force resample of the stays would', () => {
    const scores = exhaustedScores(signal.test);
    const errors = Float64Array.from(errorsOf(signal.test));
    const reference = confidenceScores(signal.test);
    const brute = bootstrapCi(
      (idx) =>
        aurc(pick(scores, idx), pick(errors, idx)) - aurc(pick(reference, idx), pick(errors, idx)),
      400,
      { seed: 20_240_612, resamples: 400 },
    );
    const figure = analysis.policies.find((p) => p.policy === 'exhausted')!.aurcVsConfidence!;
    expect(figure.estimate).toBeCloseTo(brute.estimate, 12);
    expect(figure.lower).toBeCloseTo(brute.lower, 12);
    expect(figure.upper).toBeCloseTo(brute.upper, 12);
  });

  it('agrees with the metrics module on precision and sensitivity with abstention', () => {
    const q = queueOrder(signal);
    const flaggedIds = new Set(q.entries.filter((e) => e.flagged).map((e) => e.stayId));
    const flagged = signal.test.map((s) => flaggedIds.has(s.stayId));
    const effect = abstentionEffect(
      signal.test.map((s) => s.pFull),
      signal.test.map((s) => s.label),
      flagged,
      0.5,
    );
    const all = analysis.policies.find((p) => p.policy === 'learned')!.all!;
    expect(all.precisionWith.estimate).toBeCloseTo(effect.precisionWith, 14);
    expect(all.precisionWithout.estimate).toBeCloseTo(effect.precisionWithout, 14);
    expect(all.sensitivityWith.estimate).toBeCloseTo(effect.sensitivityWith, 14);
    expect(all.alertsWithdrawn).toBe(effect.abstained);
    const errors = errorsOf(signal.test);
    const flaggedErrors = errors.filter((e, i) => e && flagged[i]).length;
    const totalErrors = errors.reduce((a, b) => a + b, 0);
    const rateFlagged = flaggedErrors / flaggedIds.size;
    const rateAccepted = (totalErrors - flaggedErrors) / (400 - flaggedIds.size);
    expect(all.errorRateFlagged.estimate).toBeCloseTo(rateFlagged, 14);
    expect(all.enrichment.estimate).toBeCloseTo(rateFlagged / rateAccepted, 12);
  });

  it('flips the verdict with the evidence', () => {
    expect(analysis.verdict).toMatch(
      /^On this cohort the search adds to the model's own confidence/,
    );
    expect(analysis.traceFeatureTest!.pValue).toBeLessThan(0.001);
    const nullAnalysis = analyseAbstention(input(false));
    expect(nullAnalysis.verdict).toMatch(/adds nothing measurable|but no ToE-based policy/);
    expect(nullAnalysis.verdict).not.toMatch(/adds to the model's own confidence/);
    const learned = nullAnalysis.policies.find((p) => p.policy === 'learned')!;
    expect(learned.aurcVsConfidence!.upper!).toBeGreaterThanOrEqual(0);
  });

  it('compares the other policies at the queue size the run policy gives, like for like', () => {
    // The paper's rule at a budget of every stay queues only the exhausted ones: confidence
    // is compared at that many stays, not at all of them.
    const paper = analyseAbstention(
      input(true, { policy: 'exhausted', budget: { kind: 'share', share: 1 } }),
    );
    const size = paper.queueSize;
    expect(size).toBe(signal.test.filter((s) => s.status === 'exhausted').length);
    expect(size).toBeLessThan(signal.test.length);
    const flagged = (p: string) => paper.policies.find((x) => x.policy === p)!.all!.flagged;
    expect(flagged('exhausted')).toBe(size);
    expect(flagged('confidence')).toBe(size);
    expect(flagged('learned')).toBe(size);
  });

  it('is deterministic for a seed', () => {
    expect(analyseAbstention(signal)).toEqual(analysis);
  });
});

describe('analyseAbstention without validation, and its warnings', () => {
  it('marks the fitted policies unavailable and warns', () => {
    const a = analyseAbstention(input(false, { validation: null, policy: 'exhausted' }));
    const byName = Object.fromEntries(a.policies.map((p) => [p.policy, p]));
    for (const p of ['toe-tuned', 'learned', 'guaranteed'] as const) {
      expect(byName[p]!.unavailable).toMatch(/validation/);
      expect(byName[p]!.aurc).toBeNull();
      expect(byName[p]!.all).toBeNull();
    }
    expect(byName.exhausted!.all).not.toBeNull();
    expect(byName.exhausted!.aurcVsConfidence).not.toBeNull();
    expect(a.warnings.map((w) => w.kind)).toContain('no-validation');
  });

  it('cannot size a max-error queue without validation', () => {
    const a = analyseAbstention(
      input(false, {
        validation: null,
        policy: 'confidence',
        budget: { kind: 'max-error', alpha: 0.1, delta: 0.1 },
      }),
    );
    expect(a.queueSize).toBe(0);
    expect(a.policies.find((p) => p.policy === 'confidence')!.all).toBeNull();
    expect(a.warnings.find((w) => w.kind === 'no-validation')!.message).toMatch(/max-error/);
  });

  it('sizes a max-error queue by the cut, not by a share', () => {
    const a = analyseAbstention(
      input(true, { policy: 'confidence', budget: { kind: 'max-error', alpha: 0.2, delta: 0.1 } }),
    );
    const confidence = a.policies.find((p) => p.policy === 'confidence')!;
    expect(confidence.fitted).toMatch(/guaranteed cut|no cut certifies/);
    expect(a.queueSize).toBe(confidence.all!.flagged);
    const toe = a.policies.find((p) => p.policy === 'toe-tuned')!;
    expect(toe.fitted).toMatch(/δ = 0\.025/);
  });

  it('warns when exhaustion is mostly forced by reachability', () => {
    const test = cohort(300, 3, { signal: false }).map((s) => ({
      ...s,
      status: s.reachable ? ('converged' as const) : ('exhausted' as const),
    }));
    const a = analyseAbstention({ ...input(false), test, policy: 'exhausted' });
    const w = a.warnings.find((x) => x.kind === 'forced-by-reachability');
    expect(w!.message).toMatch(/could not have converged/);
  });

  it('warns of too few errors, degenerate intervals and inconclusive ratios', () => {
    // 40 stays; the 3 errors are false negatives, and there is no false positive.
    const test = Array.from({ length: 40 }, (_, i) => {
      const s = stay(i + 1, { logitFull: i < 20 ? 2 + (i % 3) : -1 - (i % 4) });
      return i >= 37 ? { ...s, label: 1 as const } : s;
    });
    const a = analyseAbstention({
      runId: 1,
      test,
      validation: null,
      policy: 'confidence',
      budget: { kind: 'share', share: 0.1 },
      resamples: 200,
    });
    const kinds = a.warnings.map((w) => w.kind);
    expect(kinds).toContain('too-few-errors');
    expect(a.verdict).toMatch(/too few wrong decisions \(3\)/);
    // No false positive in any resample: precision without abstention is always 1.
    const degenerate = a.warnings.find((w) => w.kind === 'degenerate-interval')!;
    expect(degenerate.message).toMatch(/precision without abstention \(all stays\) = 1/);
    expect(a.traceFeatureTest).toBeNull();
  });

  it('labels an enrichment interval that includes 1 as inconclusive', () => {
    const a = analyseAbstention(input(false, { policy: 'exhausted', resamples: 300 }));
    const enrichment = a.policies.find((p) => p.policy === 'exhausted')!.all!.enrichment;
    const crosses = enrichment.lower! <= 1 && (enrichment.upper === null || enrichment.upper >= 1);
    expect(
      a.warnings.some((w) => w.kind === 'inconclusive-ratio' && /error enrichment/.test(w.message)),
    ).toBe(crosses);
    // Every ToE-based policy whose AURC difference interval includes 0 is named, in one warning.
    expect(
      a.warnings.filter((w) => /^Inconclusive: the AURC difference/.test(w.message)).length,
    ).toBeLessThanOrEqual(1);
    for (const p of a.policies) {
      const f = p.aurcVsConfidence;
      if (!f) continue;
      const includesZero = f.lower! <= 0 && f.upper! >= 0;
      const named = a.warnings.some(
        (w) =>
          /^Inconclusive: the AURC difference/.test(w.message) &&
          w.message.includes(`${p.policy} (`),
      );
      expect(named).toBe(includesZero);
    }
  });
});
