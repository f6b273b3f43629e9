/**
 * runs.statistics and runs.bias through the contract: the same figures the core computes
 * from the store at the run's own parameters, computed on a worker, once per set of results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortStatistics } from '../../../src/shared/audit-statistics';
import type { BiasAudit } from '../../../src/shared/bias-audit';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { biasAudit, cohortStatistics } from '../../../src/main/core/audit/statistics-index';
import { auditedStore, errorCode, value } from './api-fixture';

describe('runs.statistics and runs.bias', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  beforeAll(async () => {
    fx = await auditedStore();
  });
  afterAll(() => fx.dispose());

  it('gives the cohort statistics of the run at its own parameters, computed once', async () => {
    const first = value<CohortStatistics>(
      await fx.call('runs.statistics', { runId: fx.run.id, seed: 11 }),
    );
    const results = new RunStore(fx.store).results(fx.run.id);
    const p = fx.run.spec.params;
    const expected = cohortStatistics(results, {
      threshold: p.threshold,
      seed: 11,
      tauConf: p.tauConf,
      tauSuff: p.tauSuff,
      stability: p.stability,
      maxEvidenceSize: Math.max(p.maxSteps, ...results.map((r) => r.evidence.length)),
    });
    expect(first).toEqual(expected);
    // Every planned stay (the ones with an E1 label) has a result.
    expect(first.stays).toBe(fx.run.doneStays);
    expect(first.parameters).toMatchObject({ seed: 11, resamples: 1000, threshold: p.threshold });
    // The second ask is the cached answer itself, not a recomputation.
    const again = value<CohortStatistics>(
      await fx.call('runs.statistics', { runId: fx.run.id, seed: 11 }),
    );
    expect(again).toBe(first);
    // The seed defaults to 7 and is part of the cache key.
    const seven = value<CohortStatistics>(await fx.call('runs.statistics', { runId: fx.run.id }));
    expect(seven.parameters.seed).toBe(7);
    expect(seven).not.toBe(first);
  });

  it('gives the bias audit over the attributes the store holds for the run', async () => {
    const audit = value<BiasAudit>(
      await fx.call('runs.bias', { runId: fx.run.id, seed: 3, minGroupSize: 5 }),
    );
    const results = new RunStore(fx.store).results(fx.run.id);
    const stays = fx.store.loadStays(results.map((r) => r.stayId));
    const attributes = new Map(stays.map((s) => [s.id, s.attributes]));
    expect(audit).toEqual(
      biasAudit(results, attributes, {
        threshold: fx.run.spec.params.threshold,
        seed: 3,
        minGroupSize: 5,
      }),
    );
    expect(audit.attributes.map((a) => a.attribute)).toContain('sex');
    const crossed = value<BiasAudit>(
      await fx.call('runs.bias', {
        runId: fx.run.id,
        reference: 'best',
        intersections: [['sex', 'age_band']],
      }),
    );
    expect(crossed.parameters.reference).toBe('best');
    expect(crossed.attributes.some((a) => a.kind === 'intersection')).toBe(true);
  });

  it('refuses unknown runs, runs without results, and malformed arguments', async () => {
    expect(errorCode(await fx.call('runs.statistics', { runId: 999 }))).toBe('not-found');
    const runs = new RunStore(fx.store);
    const empty = runs.createRun({
      spec: fx.run.spec,
      provenance: fx.run.provenance,
      stayIds: runs.plannedStayIds(fx.run.id).slice(0, 3),
      excluded: 0,
    });
    runs.markFinished(empty, 'cancelled');
    const refused = await fx.call('runs.statistics', { runId: empty });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!refused.ok && refused.error.message).toMatch(/no results yet.*resume it/);
    // Once a result arrives, the figures are computed on it (no stale cached refusal).
    runs.saveResult(empty, runs.detail(fx.run.id, runs.plannedStayIds(fx.run.id)[0]!));
    const one = value<CohortStatistics>(await fx.call('runs.statistics', { runId: empty }));
    expect(one.stays).toBe(1);

    for (const [name, args] of [
      ['runs.statistics', {}],
      ['runs.statistics', { runId: 'one' }],
      ['runs.statistics', { runId: fx.run.id, seed: -1 }],
      ['runs.statistics', { runId: fx.run.id, resamples: 10 }],
      ['runs.bias', { runId: fx.run.id, reference: 'median' }],
      ['runs.bias', { runId: fx.run.id, minGroupSize: 0 }],
      ['runs.bias', { runId: fx.run.id, intersections: [['sex']] }],
    ] as const) {
      expect(errorCode(await fx.call(name, args)), `${name} ${JSON.stringify(args)}`).toBe(
        'invalid-arguments',
      );
    }
  });
});
