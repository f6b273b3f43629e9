/**
 * What the trace view and the review controls call: one stay's raw data, stepping through
 * a run's stays by outcome and status, the abstention queue, and reviews, through the
 * contract on a real store and a real run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbstentionRow } from '../../../src/shared/abstention-queue';
import type { StayAuditResult, StayReview } from '../../../src/shared/audit';
import type { BundleSummary } from '../../../src/shared/model-bundles';
import type { StayDetail, StayNeighbours } from '../../../src/shared/stay-detail';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { outcomeOf } from '../../../src/shared/audit-statistics';
import { auditedStore, errorCode, value } from './api-fixture';
import { inConceptOrder } from '../../../src/shared/variable-concepts';

describe('stays.detail, runs.neighbours, abstentions.list and reviews.*', () => {
  let fx: Awaited<ReturnType<typeof auditedStore>>;
  let results: StayAuditResult[];
  beforeAll(async () => {
    fx = await auditedStore();
    results = new RunStore(fx.store).results(fx.run.id);
  });
  afterAll(() => fx.dispose());

  it("gives a stay's raw hourly values, note units and decoded context", async () => {
    const withEverything = fx.store
      .loadStays(results.map((r) => r.stayId))
      .find((s) => s.notes.length > 0 && s.cxr && s.ecg)!;
    const detail = value<StayDetail>(
      await fx.call('stays.detail', { runId: fx.run.id, stayId: withEverything.id }),
    );
    const cohort = fx.store.getCohort(fx.cohortId);
    const { hours, variables } = cohort.featureSchema;
    expect(detail).toMatchObject({
      stayKey: withEverything.stayKey,
      windows: hours,
      cohort: { id: fx.cohortId, name: 'demo', synthetic: true },
      outcomes: withEverything.outcomes,
      attributes: withEverything.attributes,
    });
    // Shown in concept order (vital signs first), each read from its own stored column.
    expect(detail.variables.map((v) => v.name)).toEqual(
      inConceptOrder(variables, (v) => v.name).map((v) => v.name),
    );
    for (const variable of detail.variables) {
      const v = variables.findIndex((c) => c.name === variable.name);
      expect(variable.mean).toHaveLength(hours);
      for (let t = 0; t < hours; t++) {
        const missing = withEverything.missing[t * variables.length + v] === 1;
        const stored = withEverything.series[(t * variables.length + v) * 3]!;
        expect(variable.mean[t]).toBe(missing ? null : stored);
      }
    }
    // Every stored chunk is a unit here (fewer than the bundle's slots), numbered after T.
    expect(detail.notes.map((n) => n.text)).toEqual(withEverything.notes.map((n) => n.text));
    expect(detail.notes.map((n) => n.unit)).toEqual(withEverything.notes.map((_, i) => hours + i));
    expect(detail.cxr).toHaveLength(14);
    expect(new Set(detail.cxr!.map((c) => c.state))).not.toContain(undefined);
    expect(detail.ecg!.find((e) => e.field === 'qtc')).toMatchObject({ label: 'QTc', unit: 'ms' });
    // The same stay by cohort; and the payload stays small.
    const byCohort = value<StayDetail>(
      await fx.call('stays.detail', { cohortId: fx.cohortId, stayId: withEverything.id }),
    );
    expect(byCohort.variables).toEqual(detail.variables);
    expect(JSON.stringify(detail).length).toBeLessThan(60_000);
  });

  it('refuses stays outside the run or cohort, and ambiguous or malformed arguments', async () => {
    const outside = fx.store.stayIds(fx.cohortId, 'train')[0]!;
    expect(errorCode(await fx.call('stays.detail', { runId: fx.run.id, stayId: outside }))).toBe(
      'not-found',
    );
    expect(errorCode(await fx.call('stays.detail', { cohortId: 999, stayId: outside }))).toBe(
      'not-found',
    );
    const stayId = results[0]!.stayId;
    for (const args of [
      { stayId },
      { stayId, runId: fx.run.id, cohortId: fx.cohortId },
      { stayId: 0, runId: fx.run.id },
      { stayId, runId: fx.run.id, full: true },
    ]) {
      expect(errorCode(await fx.call('stays.detail', args)), JSON.stringify(args)).toBe(
        'invalid-arguments',
      );
    }
  });

  it('steps through the stays of one outcome class and search status in plan order', async () => {
    const exhausted = results.filter((r) => r.status === 'exhausted');
    const start = value<StayNeighbours>(
      await fx.call('runs.neighbours', { runId: fx.run.id, status: 'exhausted' }),
    );
    expect(start).toMatchObject({ total: exhausted.length, position: null });
    expect(start.first?.stayId).toBe(exhausted[0]!.stayId);
    const visited: number[] = [];
    let at = start.first;
    while (at) {
      visited.push(at.stayId);
      const here = value<StayNeighbours>(
        await fx.call('runs.neighbours', {
          runId: fx.run.id,
          stayId: at.stayId,
          status: 'exhausted',
        }),
      );
      expect(here.position).toBe(visited.length);
      at = here.next;
    }
    expect(visited).toEqual(exhausted.map((r) => r.stayId));
    for (const cls of ['TP', 'FP', 'TN', 'FN'] as const) {
      const n = value<StayNeighbours>(
        await fx.call('runs.neighbours', { runId: fx.run.id, outcome: cls, status: 'exhausted' }),
      );
      expect(n.total).toBe(exhausted.filter((r) => outcomeOf(r) === cls).length);
    }
    expect(errorCode(await fx.call('runs.neighbours', { runId: fx.run.id, outcome: 'XP' }))).toBe(
      'invalid-arguments',
    );
  });

  it('lists the review queue, most likely wrong first, within the budget', async () => {
    const flagged = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', { runId: fx.run.id }),
    );
    expect(flagged.total).toBeLessThanOrEqual(Math.floor(0.1 * results.length));
    expect(flagged.rows.every((r) => r.flagged)).toBe(true);
    expect(flagged.rows.map((r) => r.rank)).toEqual(flagged.rows.map((_, i) => i + 1));
    const all = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', { runId: fx.run.id, scope: 'all' }),
    );
    expect(all.total).toBe(results.length);
    expect(all.rows.slice(0, flagged.total).map((r) => r.stayId)).toEqual(
      flagged.rows.map((r) => r.stayId),
    );
  });

  it('lists the exhausted searches with reviews, and sets, reads and clears a review', async () => {
    const exhausted = results.filter((r) => r.status === 'exhausted');
    const queue = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', { runId: fx.run.id, scope: 'exhausted' }),
    );
    expect(queue.total).toBe(exhausted.length);
    expect(queue.rows.every((r) => r.review === null)).toBe(true);
    const target = queue.rows[0]!;

    const saved = value<StayReview>(
      await fx.call('reviews.set', {
        runId: fx.run.id,
        stayId: target.stayId,
        verdict: 'disagree',
        comment: 'Evidence is a lab artefact.',
      }),
    );
    expect(saved).toMatchObject({ runId: fx.run.id, stayId: target.stayId, verdict: 'disagree' });
    expect(
      value<{ review: StayReview | null }>(
        await fx.call('reviews.get', { runId: fx.run.id, stayId: target.stayId }),
      ).review,
    ).toEqual(saved);
    const reviewed = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', {
        runId: fx.run.id,
        scope: 'exhausted',
        filter: { reviewed: true },
        sort: { key: 'pFull', direction: 'desc' },
      }),
    );
    expect(reviewed.total).toBe(1);
    expect(reviewed.rows[0]!.review).toMatchObject({ verdict: 'disagree' });
    const page = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', {
        runId: fx.run.id,
        scope: 'exhausted',
        offset: 1,
        limit: 2,
      }),
    );
    expect(page.total).toBe(queue.total);
    expect(page.rows.map((r) => r.stayId)).toEqual(queue.rows.slice(1, 3).map((r) => r.stayId));

    expect(
      value<{ cleared: boolean }>(
        await fx.call('reviews.clear', { runId: fx.run.id, stayId: target.stayId }),
      ),
    ).toEqual({ cleared: true });
    expect(
      value<{ review: StayReview | null }>(
        await fx.call('reviews.get', { runId: fx.run.id, stayId: target.stayId }),
      ).review,
    ).toBeNull();

    const outside = fx.store.stayIds(fx.cohortId, 'train')[0]!;
    expect(
      errorCode(
        await fx.call('reviews.set', { runId: fx.run.id, stayId: outside, verdict: 'agree' }),
      ),
    ).toBe('not-found');
    for (const [name, args] of [
      ['reviews.set', { runId: fx.run.id, stayId: target.stayId, verdict: 'maybe' }],
      ['reviews.set', { runId: fx.run.id, stayId: target.stayId }],
      ['reviews.set', { runId: fx.run.id, stayId: target.stayId, verdict: 'agree', comment: 3 }],
      ['reviews.clear', { runId: fx.run.id }],
      ['abstentions.list', { runId: fx.run.id, limit: 0 }],
      ['abstentions.list', { runId: fx.run.id, sort: { key: 'age' } }],
      ['abstentions.list', { runId: fx.run.id, filter: { reasons: ['tired'] } }],
      ['abstentions.list', { runId: fx.run.id, scope: 'everything' }],
    ] as const) {
      expect(errorCode(await fx.call(name, args)), `${name} ${JSON.stringify(args)}`).toBe(
        'invalid-arguments',
      );
    }
  });

  it('screens a review comment for identifiers: refused with its findings, or saved redacted', async () => {
    const target = results[0]!;
    const key = { runId: fx.run.id, stayId: target.stayId };
    const ids = { ...key, verdict: 'discuss' as const };
    const comment = 'Called daughter Amara Obi at 617-555-0123 about the lactate.';
    const refused = await fx.call('reviews.set', { ...ids, comment });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('bad-input');
    expect(refused.error.message).toMatch(/The review was not saved/);
    expect(refused.error.phiFindings!.map((f) => [f.mark, f.kind])).toEqual([
      ['review:comment:16', 'name'],
      ['review:comment:29', 'phone'],
    ]);
    expect(JSON.stringify(refused.error)).not.toContain('Amara');
    expect(
      value<{ review: StayReview | null }>(await fx.call('reviews.get', key)).review,
    ).toBeNull();

    const redacted = value<StayReview>(
      await fx.call('reviews.set', { ...ids, comment, phi: { mode: 'redact', falseAlarms: [] } }),
    );
    expect(redacted.comment).toBe('Called daughter [**name**] at [**phone**] about the lactate.');
    // What is stored, not only what is answered.
    expect(
      value<{ review: StayReview | null }>(await fx.call('reviews.get', key)).review!.comment,
    ).toBe(redacted.comment);
    // A name the reviewer knows is a device, not a person, is kept when marked.
    const marked = value<StayReview>(
      await fx.call('reviews.set', {
        ...ids,
        comment: 'Evidence sits on the Swan readings; see Dr. Foley.',
        phi: { mode: 'refuse', falseAlarms: ['review:comment:44'] },
      }),
    );
    expect(marked.comment).toBe('Evidence sits on the Swan readings; see Dr. Foley.');
    // Changing only the verdict keeps the comment as screened when it was saved.
    const reverdict = value<StayReview>(
      await fx.call('reviews.set', { ...ids, verdict: 'agree', comment: marked.comment }),
    );
    expect(reverdict).toMatchObject({ verdict: 'agree', comment: marked.comment });
    // Keeping identifiers as written is no option for a comment.
    expect(
      errorCode(
        await fx.call('reviews.set', { ...ids, comment, phi: { mode: 'allow', falseAlarms: [] } }),
      ),
    ).toBe('invalid-arguments');
    await fx.call('reviews.clear', key);
  });

  it('exports the whole filtered queue as CSV, in the list order', async () => {
    const list = value<{ total: number; rows: AbstentionRow[] }>(
      await fx.call('abstentions.list', {
        runId: fx.run.id,
        sort: { key: 'pFull', direction: 'desc' },
        limit: 5000,
      }),
    );
    const exported = value<{ csv: string; rows: number }>(
      await fx.call('abstentions.csv', {
        runId: fx.run.id,
        sort: { key: 'pFull', direction: 'desc' },
      }),
    );
    expect(exported.rows).toBe(list.total);
    const records = exported.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The hospital's id first (export-columns.ts), then the store's row id the list is keyed by.
    expect(records[0]).toMatch(/^stay_id,store_row_id,review_rank,/);
    expect(records.slice(1).map((r) => Number(r.split(',')[1]))).toEqual(
      list.rows.map((r) => r.stayId),
    );
    expect(records.slice(1).map((r) => r.split(',')[0])).toEqual(list.rows.map((r) => r.stayKey));
    const none = value<{ csv: string; rows: number }>(
      await fx.call('abstentions.csv', { runId: fx.run.id, filter: { reasons: [] } }),
    );
    expect(none.rows).toBe(0);
    expect(errorCode(await fx.call('abstentions.csv', { runId: fx.run.id, offset: 0 }))).toBe(
      'invalid-arguments',
    );
  });

  it('lists the shipped bundles, verified', async () => {
    const bundles = value<BundleSummary[]>(await fx.call('models.list', {}));
    expect(bundles.map((b) => b.task)).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect(bundles.every((b) => b.problem === null && b.filesVerified === b.files)).toBe(true);
  });
});
