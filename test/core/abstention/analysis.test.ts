/** analyseAbstention end to end on synthetic cohorts: shape, cross-checks, warnings, verdict. */
import { describe, expect, it } from 'vitest';
import {
  analyseAbstention,
  augrc,
  aurc,
  errorProbabilityScores,
  exhaustedScores,
  queueOrder,
  type AbstentionInput,
  type PolicyStay,
} from '../../../src/main/core/abstention';
import {
  abstentionEffect,
  bootstrapCi,
  pick,
  fisherExactTest,
  proportionEstimate,
  ratioOfProportionsEstimate,
} from '../../../src/main/core/statistics';
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
      expect(p.augrc!.estimate).toBeLessThanOrEqual(p.aurc!.estimate!);
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

  it('compares every other policy with the model’s own error estimate, paired', () => {
    const byName = Object.fromEntries(analysis.policies.map((p) => [p.policy, p]));
    expect(analysis.reference).toBe('error-probability');
    const reference = byName['error-probability']!;
    expect(reference.aurcVsReference).toBeNull();
    expect(byName.guaranteed!.aurcVsReference).toBeNull();
    expect(byName.guaranteed!.aurc).toEqual(reference.aurc);
    for (const p of ['exhausted', 'toe-tuned', 'learned', 'confidence'] as const) {
      expect(byName[p]!.aurcVsReference!.estimate).toBeCloseTo(
        byName[p]!.aurc!.estimate! - reference.aurc!.estimate!,
        14,
      );
      expect(byName[p]!.augrcVsReference!.estimate).toBeCloseTo(
        byName[p]!.augrc!.estimate! - reference.augrc!.estimate!,
        14,
      );
    }
    // The verdict's intervals are adjusted for the three search-based policies: wider.
    expect(byName.confidence!.aurcVsReferenceAdjusted).toBeNull();
    for (const p of ['exhausted', 'toe-tuned', 'learned'] as const) {
      const raw = byName[p]!.aurcVsReference!;
      const adjusted = byName[p]!.aurcVsReferenceAdjusted!;
      expect(adjusted.estimate).toBe(raw.estimate);
      expect(adjusted.lower!).toBeLessThanOrEqual(raw.lower!);
      expect(adjusted.upper!).toBeGreaterThanOrEqual(raw.upper!);
    }
  });

  it('says when a policy ranks the stays exactly as the reference does', () => {
    // At a threshold of 0.5 the logit distance and the error estimate order stays alike.
    const byName = Object.fromEntries(analysis.policies.map((p) => [p.policy, p]));
    expect(byName.confidence!.sameRankingAsReference).toBe(true);
    expect(byName.exhausted!.sameRankingAsReference).toBe(false);
    expect(byName['error-probability']!.sameRankingAsReference).toBe(false);
    // At 0.3 an alert at 0.35 and a negative at 0.25 are equally far in logits, but the
    // alert is wrong far more often: the two rankings part.
    const low = (s: PolicyStay): PolicyStay => {
      const pFull = s.pFull;
      return { ...s, threshold: 0.3, yFull: pFull >= 0.3 ? 1 : 0 };
    };
    const shifted = analyseAbstention({
      ...signal,
      test: signal.test.map(low),
      validation: signal.validation!.map(low),
    });
    const confidence = shifted.policies.find((p) => p.policy === 'confidence')!;
    expect(confidence.sameRankingAsReference).toBe(false);
  });

  it('ranks at least as well by the error estimate as by the logit distance, on calibrated stays', () => {
    const byName = Object.fromEntries(analysis.policies.map((p) => [p.policy, p]));
    expect(byName['error-probability']!.aurc!.estimate!).toBeLessThanOrEqual(
      byName.confidence!.aurc!.estimate! + 1e-12,
    );
    const errors = errorsOf(signal.test);
    expect(byName['error-probability']!.augrc!.estimate).toBeCloseTo(
      augrc(errorProbabilityScores(signal.test), errors),
      14,
    );
  });

  it('bootstraps AURC exactly as a brute-force resample of the stays would', () => {
    const scores = exhaustedScores(signal.test);
    const errors = Float64Array.from(errorsOf(signal.test));
    const reference = errorProbabilityScores(signal.test);
    const brute = bootstrapCi(
      (idx) =>
        aurc(pick(scores, idx), pick(errors, idx)) - aurc(pick(reference, idx), pick(errors, idx)),
      400,
      { seed: 20_240_612, resamples: 400 },
    );
    const figure = analysis.policies.find((p) => p.policy === 'exhausted')!.aurcVsReference!;
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
    // Counts get exact intervals: Clopper–Pearson, Katz, Fisher, from the same counts.
    const accepted = 400 - flaggedIds.size;
    const errorsAccepted = totalErrors - flaggedErrors;
    expect(all.errorRateFlagged).toEqual(proportionEstimate(flaggedErrors, flaggedIds.size));
    expect(all.errorRateAccepted).toEqual(proportionEstimate(errorsAccepted, accepted));
    expect(all.enrichment).toEqual(
      ratioOfProportionsEstimate(flaggedErrors, flaggedIds.size, errorsAccepted, accepted),
    );
    expect(all.enrichmentPValue).toBeCloseTo(
      fisherExactTest(
        flaggedErrors,
        flaggedIds.size - flaggedErrors,
        errorsAccepted,
        accepted - errorsAccepted,
      ),
      14,
    );
  });

  it('flips the verdict with the evidence', () => {
    expect(analysis.verdictKind).toBe('adds');
    expect(analysis.verdict).toMatch(/^On this cohort the search adds to the model's own estimate/);
    expect(analysis.traceFeatureTest!.pValue).toBeLessThan(0.001);
    const nullAnalysis = analyseAbstention(input(false));
    expect(nullAnalysis.verdictKind).toBe('not-shown');
    expect(nullAnalysis.verdict).toMatch(/is not shown to add anything/);
    const learned = nullAnalysis.policies.find((p) => p.policy === 'learned')!;
    expect(learned.aurcVsReferenceAdjusted!.upper!).toBeGreaterThanOrEqual(0);
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
    expect(paper.comparedQueueSize).toBe(size);
    for (const p of ABSTENTION_POLICIES) expect(flagged(p)).toBe(size);
  });

  it('compares at equal queue size under a max-error budget too', () => {
    const a = analyseAbstention(
      input(true, {
        policy: 'error-probability',
        budget: { kind: 'max-error', alpha: 0.2, delta: 0.1 },
      }),
    );
    expect(a.comparedQueueSize).toBe(a.queueSize);
    for (const p of a.policies) expect(p.all!.flagged).toBe(a.queueSize);
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
    expect(byName.exhausted!.aurcVsReference).not.toBeNull();
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

  it('sizes a max-error queue by the cut, not by a share, and reports the guarantee', () => {
    const a = analyseAbstention(
      input(true, { policy: 'confidence', budget: { kind: 'max-error', alpha: 0.2, delta: 0.1 } }),
    );
    const confidence = a.policies.find((p) => p.policy === 'confidence')!;
    expect(confidence.fitted).toMatch(/guaranteed cut|no cut certifies/);
    expect(a.queueSize).toBe(confidence.all!.flagged);
    const toeRun = analyseAbstention(
      input(true, { policy: 'toe-tuned', budget: { kind: 'max-error', alpha: 0.2, delta: 0.1 } }),
    );
    const toe = toeRun.policies.find((p) => p.policy === 'toe-tuned')!;
    expect(toe.fitted).toMatch(/δ = 0\.025/);
    const g = a.guarantee!;
    expect(g.policy).toBe('confidence');
    expect(g.alpha).toBe(0.2);
    expect(g.acceptedAudited).toBe(400 - a.queueSize);
    const errorsAccepted = confidence.all!.errors - confidence.all!.errorsFlagged;
    expect(g.errorsAcceptedAudited).toBe(errorsAccepted);
    expect(g.errorRateAcceptedAudited).toEqual(
      proportionEstimate(errorsAccepted, g.acceptedAudited),
    );
    expect(g.held).toBe(errorsAccepted / g.acceptedAudited <= 0.2);
    if (g.certified) expect(g.validationBound!).toBeLessThanOrEqual(0.2);
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

  it('warns of too few errors, and shows no interval without width', () => {
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
    // No false positive: precision is 20 of 20, and its exact interval still has width.
    const all = a.policies.find((p) => p.policy === 'confidence')!.all!;
    expect(all.precisionWithout.estimate).toBe(1);
    expect(all.precisionWithout.method).toBe('clopper-pearson');
    expect(all.precisionWithout.lower!).toBeLessThan(1);
    for (const p of a.policies) {
      for (const f of [p.aurc, p.augrc, p.aurcVsReference]) {
        if (!f || f.lower === null) continue;
        expect(f.lower).toBeLessThan(f.upper!);
        expect(f.estimate!).toBeGreaterThanOrEqual(f.lower);
        expect(f.estimate!).toBeLessThanOrEqual(f.upper!);
      }
    }
    expect(a.traceFeatureTest).toBeNull();
  });

  it('calls the queue inconclusive exactly when Fisher’s exact test does not reject', () => {
    const a = analyseAbstention(input(false, { policy: 'exhausted', resamples: 300 }));
    const all = a.policies.find((p) => p.policy === 'exhausted')!.all!;
    const inconclusive = a.warnings.some(
      (w) => w.kind === 'inconclusive-ratio' && /not shown to hold more wrong/.test(w.message),
    );
    expect(inconclusive).toBe(all.enrichmentPValue! >= 0.05);
  });
});
