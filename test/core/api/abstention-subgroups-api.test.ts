/**
 * runs.abstention carries the queue by subgroup: the run's chosen policy's queue, split by
 * the attributes the store holds for its stays, exactly as queueBySubgroup computes it from
 * the run's results and review queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbstentionAnalysis } from '../../../src/shared/abstention';
import { queueBySubgroup } from '../../../src/main/core/audit/queue-subgroups';
import { runReviewQueue } from '../../../src/main/core/audit/run-abstention';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { auditedStore, value } from './api-fixture';

describe('runs.abstention: the queue by subgroup', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  beforeAll(async () => {
    fx = await auditedStore();
  });
  afterAll(() => fx.dispose());

  it('splits the run’s queue by every attribute of its stays', async () => {
    const analysis = value<AbstentionAnalysis>(
      await fx.call('runs.abstention', { runId: fx.run.id, seed: 5 }),
    );
    const subgroups = analysis.subgroups;
    expect(subgroups).not.toBeNull();
    expect(subgroups!.stays).toBe(fx.run.doneStays);
    expect(subgroups!.queued).toBe(analysis.queueSize);
    expect(subgroups!.attributes.map((a) => a.attribute)).toContain('sex');

    const results = new RunStore(fx.store).results(fx.run.id);
    const queue = runReviewQueue(fx.store, fx.run.id);
    const flagged = new Set(queue.entries.filter((e) => e.flagged).map((e) => e.stayId));
    const attributes = new Map(
      fx.store.loadStays(results.map((r) => r.stayId)).map((s) => [s.id, s.attributes]),
    );
    const expected = queueBySubgroup(
      results.map((r) => ({
        stayId: r.stayId,
        error: r.yFull !== r.label,
        queued: flagged.has(r.stayId),
      })),
      attributes,
    );
    expect(subgroups).toEqual(expected);
    // Every group's stays add up to the run's, suppressed ones included.
    for (const a of subgroups!.attributes) {
      const reported = a.groups.flatMap((g) => (g.suppressed ? [] : [g]));
      expect(reported.reduce((s, g) => s + g.stays, 0)).toBeLessThanOrEqual(fx.run.doneStays);
      expect(a.groups.length).toBeGreaterThan(0);
    }
  });
});
