/**
 * Runs whose searches stop at convergence (searchExtent 'to-convergence', the default unless
 * the policy is toe-tuned): the same stays give the same answers, traces and flags as a run
 * whose searches go on to S_max (toe audit --search-to-limit); only the leader's path ends at
 * convergence, so toe-tuned, which replays it to S_max, is refused when asked for and
 * unavailable in the analysis. A validation audit recorded to S_max serves such a run, not the
 * other way round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runAbstentionAnalysis,
  runAbstentionInput,
} from '../../../src/main/core/audit/run-abstention';
import type { RunRequest } from '../../../src/main/core/audit/run-engine';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { requestedSearchExtent } from '../../../src/main/core/audit/run-setup';
import {
  reusableRun,
  startAuditWithValidation,
  type AuditPairOptions,
} from '../../../src/main/core/audit/validation-run';
import { scorePolicy } from '../../../src/main/core/abstention';
import { InputError } from '../../../src/main/core/errors/input-error';
import { TOE_TUNED_NEEDS_PATH } from '../../../src/shared/audit';
import { BUNDLE_DIR } from '../models/training-cohort';
import { comparableResults, demoStore } from '../../support/audit-runs';

describe('searches stopped at convergence', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const options: AuditPairOptions = { executionProvider: 'cpu', workers: 1 };
  const request = (extra: Partial<RunRequest> = {}): RunRequest => ({
    cohortId: demo.cohortId,
    task: 'E1',
    split: 'test',
    bundleDir: BUNDLE_DIR,
    workers: 1,
    ...extra,
  });
  let toLimit = 0;
  let toConvergence = 0;

  beforeAll(async () => {
    demo = await demoStore(150);
    toLimit = (
      await startAuditWithValidation(demo.store, request({ searchExtent: 'to-limit' }), options)
    ).id;
    toConvergence = (
      await startAuditWithValidation(
        demo.store,
        request({ searchExtent: 'to-convergence' }),
        options,
      )
    ).id;
  });
  afterAll(() => demo.dispose());

  it('stops at convergence by default, and goes on to S_max when toe-tuned needs the path', () => {
    expect(requestedSearchExtent(request())).toBe('to-convergence');
    expect(requestedSearchExtent(request({ abstention: { policy: 'learned' } }))).toBe(
      'to-convergence',
    );
    expect(requestedSearchExtent(request({ abstention: { policy: 'toe-tuned' } }))).toBe(
      'to-limit',
    );
    expect(requestedSearchExtent(request({ searchExtent: 'to-limit' }))).toBe('to-limit');
    // A default request is served by the run that stopped at convergence.
    expect(reusableRun(demo.store, request())?.id).toBe(toConvergence);
  });

  it('records the extent with the run, and reuses the validation audit recorded to S_max', () => {
    const runs = new RunStore(demo.store);
    const stopped = runs.getRun(toConvergence);
    const full = runs.getRun(toLimit);
    expect(stopped.spec.searchExtent).toBe('to-convergence');
    expect(full.spec.searchExtent).toBe('to-limit');
    expect(stopped.spec.abstention!.validationRunId).toBe(full.spec.abstention!.validationRunId);
    // The other way round, a validation audit stopped at convergence is not reused.
    const stoppedValidation = request({ split: 'val', searchExtent: 'to-convergence' });
    expect(reusableRun(demo.store, stoppedValidation)?.spec.searchExtent).toBe('to-limit');
  });

  it('gives every stay the same answer and trace; only the leader path ends at convergence', () => {
    const full = comparableResults(demo.store, toLimit);
    const stopped = comparableResults(demo.store, toConvergence);
    expect([...stopped.keys()]).toEqual([...full.keys()]);
    let shorter = 0;
    for (const [key, s] of stopped) {
      const f = full.get(key)!;
      const { leaderPath: stoppedPath, ...stoppedRest } = s;
      const { leaderPath: fullPath, ...fullRest } = f;
      expect(stoppedRest, key).toEqual(fullRest);
      // The stopped path is the full one's beginning: the leaders up to convergence.
      expect(stoppedPath, key).toEqual(fullPath.slice(0, stoppedPath.length));
      expect(stoppedPath.length, key).toBe(s.steps);
      if (stoppedPath.length < fullPath.length) shorter++;
    }
    // Converged searches stopped early: the runs must differ somewhere for the test to mean anything.
    expect(shorter).toBeGreaterThan(0);
  });

  it('scores every policy but toe-tuned the same, and says why toe-tuned is unavailable', () => {
    const full = runAbstentionInput(demo.store, toLimit);
    const stopped = runAbstentionInput(demo.store, toConvergence);
    expect(full.stoppedAtConvergence).toBe(false);
    expect(stopped.stoppedAtConvergence).toBe(true);
    for (const policy of ['exhausted', 'confidence', 'learned', 'guaranteed'] as const) {
      const a = scorePolicy(policy, full);
      const b = scorePolicy(policy, stopped);
      expect(b.unavailable, policy).toBe(a.unavailable);
      expect(b.scores, policy).toEqual(a.scores);
      expect(b.flagged, policy).toEqual(a.flagged);
    }
    expect(scorePolicy('toe-tuned', full).unavailable).toBeNull();
    expect(scorePolicy('toe-tuned', stopped).unavailable).toBe(TOE_TUNED_NEEDS_PATH);
    const analysis = runAbstentionAnalysis(demo.store, toConvergence, { seed: 1, resamples: 20 });
    const toeTuned = analysis.policies.find((p) => p.policy === 'toe-tuned')!;
    expect(toeTuned.unavailable).toBe(TOE_TUNED_NEEDS_PATH);
  });

  it('refuses toe-tuned for a run that stops at convergence, at the start and later', async () => {
    const runs = new RunStore(demo.store);
    const before = runs.listRuns().length;
    await expect(
      startAuditWithValidation(
        demo.store,
        request({ searchExtent: 'to-convergence', abstention: { policy: 'toe-tuned' } }),
        options,
      ),
    ).rejects.toThrow(TOE_TUNED_NEEDS_PATH);
    // Refused before anything was audited, the validation split included.
    expect(runs.listRuns()).toHaveLength(before);
    const budget = { kind: 'share', share: 0.1 } as const;
    expect(() => runs.setAbstention(toConvergence, { policy: 'toe-tuned', budget })).toThrow(
      InputError,
    );
    expect(
      runs.setAbstention(toLimit, { policy: 'toe-tuned', budget }).spec.abstention,
    ).toMatchObject({ policy: 'toe-tuned' });
  });
});
