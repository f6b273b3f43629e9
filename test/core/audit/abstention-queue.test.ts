import { describe, expect, it } from 'vitest';
import {
  abstentionQueue,
  abstentionReason,
  type AbstentionRow,
  type QueuedReview,
} from '../../../src/main/core/audit/statistics-index';
import type { QueueEntry } from '../../../src/main/core/abstention';
import { stay } from './audit-fixtures';

// tau_conf = tau_suff = .9, threshold .5; C and S of the returned best state follow from
// p_full and p_evidence (audit-fixtures). Reachable: p_full >= .8 or <= .2.
//  id  p_full label p_e  C     S     status     reason
//  1   .60    0     .55  .55   .95   exhausted  unreachable (FP)
//  2   .88    1     .80  .80   .92   exhausted  confidence (TP)
//  3   .85    1     .97  .97   .88   exhausted  stability (TP)
//  4   .85    0     .60  .60   .75   exhausted  both (FP)
//  5   .10    1     .05  .95   .95   exhausted  unexplained: both pass (FN)
//  6   .95    1     .94  .94   .99   converged  (not queued)
//  7   .30    1     .30  .70  1.00   exhausted  unreachable (FN)
//  8   .15    0     .30  .70   .85   exhausted  both (TN)
const results = [
  stay({ id: 1, p: 0.6, y: 0, pe: 0.55, evidence: 10, exhausted: true }),
  stay({ id: 2, p: 0.88, y: 1, pe: 0.8, evidence: [1, 2, 24], exhausted: true }),
  stay({ id: 3, p: 0.85, y: 1, pe: 0.97, evidence: 4, exhausted: true }),
  stay({ id: 4, p: 0.85, y: 0, pe: 0.6, evidence: 7, exhausted: true }),
  stay({ id: 5, p: 0.1, y: 1, pe: 0.05, evidence: 2, exhausted: true }),
  stay({ id: 6, p: 0.95, y: 1, pe: 0.94, evidence: 1, exhausted: false }),
  stay({ id: 7, p: 0.3, y: 1, pe: 0.3, evidence: 9, exhausted: true }),
  stay({ id: 8, p: 0.15, y: 0, pe: 0.3, evidence: 5, exhausted: true }),
];
const TAU = { tauConf: 0.9, tauSuff: 0.9 };
const reviews: QueuedReview[] = [
  { stayId: 1, verdict: 'disagree', comment: 'old', reviewedAt: '2024-01-01T00:00:00.000Z' },
  { stayId: 1, verdict: 'agree', comment: 'spurious note', reviewedAt: '2024-02-01T00:00:00.000Z' },
  { stayId: 4, verdict: 'discuss', comment: '', reviewedAt: '2024-01-05T00:00:00.000Z' },
  { stayId: 6, verdict: 'agree', comment: 'converged', reviewedAt: '2024-01-06T00:00:00.000Z' },
];
const ids = (rows: AbstentionRow[]) => rows.map((r) => r.stayId);
// A policy's review order (made by hand): ranks 1..8 in this stay order, the first three
// flagged, as a policy at a budget of three stays would.
const ORDER: QueueEntry[] = [4, 1, 6, 8, 2, 7, 3, 5].map((stayId, i) => ({
  stayId,
  score: 8 - i,
  rank: i + 1,
  flagged: i < 3,
}));
const EXHAUSTED = { ...TAU, scope: 'exhausted' as const };

describe('abstention reasons', () => {
  it('separates forced exhaustion from confidence and stability failures', () => {
    const reasons = Object.fromEntries(results.map((r) => [r.stayId, abstentionReason(r, TAU)]));
    expect(reasons).toEqual({
      1: 'unreachable',
      2: 'confidence',
      3: 'stability',
      4: 'both',
      5: 'unexplained',
      6: 'converged',
      7: 'unreachable',
      8: 'both',
    });
  });

  it('agrees with the recorded reachability for the run τ, in the stability space asked', () => {
    for (const r of results.filter((x) => x.status === 'exhausted'))
      expect(abstentionReason(r, TAU) === 'unreachable').toBe(!r.reachable);
    // Logit space: a positive decision converges only if p_full >= .9/(.9 + .1·e^.1) ≈ .8906.
    const logit = { ...TAU, stability: 'logit' as const };
    expect(abstentionReason(results[1]!, logit)).toBe('unreachable'); // p_full .88
  });
});

describe('abstentionQueue', () => {
  it('lists the flagged stays in review order by default, converged ones included', () => {
    const rows = abstentionQueue(results, ORDER, reviews, TAU);
    expect(ids(rows)).toEqual([4, 1, 6]);
    expect(rows.map((r) => [r.rank, r.reviewScore, r.flagged])).toEqual([
      [1, 8, true],
      [2, 7, true],
      [3, 6, true],
    ]);
    expect(rows[2]).toMatchObject({ reason: 'converged', outcome: 'TP' });
  });

  it('lists every stay, or every exhausted search, in review order when asked', () => {
    expect(ids(abstentionQueue(results, ORDER, reviews, { ...TAU, scope: 'all' }))).toEqual([
      4, 1, 6, 8, 2, 7, 3, 5,
    ]);
    expect(ids(abstentionQueue(results, ORDER, reviews, EXHAUSTED))).toEqual([4, 1, 8, 2, 7, 3, 5]);
  });

  it('keeps a stay the policy could not score, unranked and unflagged', () => {
    const rows = abstentionQueue(results, [], [], { ...TAU, scope: 'all' });
    expect(rows).toHaveLength(results.length);
    expect(rows.every((r) => !r.flagged && Number.isNaN(r.reviewScore))).toBe(true);
    expect(abstentionQueue(results, [], [], TAU)).toEqual([]);
  });

  it('gives every exhausted stay its figures and latest review', () => {
    const rows = abstentionQueue(results, ORDER, reviews, EXHAUSTED);
    const first = rows.find((r) => r.stayId === 1)!;
    expect(first).toEqual({
      stayId: 1,
      stayKey: 'S1',
      reviewScore: 7,
      rank: 2,
      flagged: true,
      reason: 'unreachable',
      reachable: false,
      confidence: 0.55,
      stability: expect.closeTo(0.95, 12),
      failsConfidence: true,
      failsStability: false,
      pFull: 0.6,
      predicted: 1,
      label: 0,
      outcome: 'FP',
      evidenceSize: 10,
      noteUnits: 0,
      review: {
        verdict: 'agree',
        comment: 'spurious note',
        reviewedAt: '2024-02-01T00:00:00.000Z',
      },
    });
    expect(rows.find((r) => r.stayId === 2)).toMatchObject({ noteUnits: 1, outcome: 'TP' });
    expect(rows.find((r) => r.stayId === 5)).toMatchObject({ outcome: 'FN', review: null });
  });

  it('sorts by p_full, evidence size and review state, ties by stay id', () => {
    const by = (key: 'pFull' | 'evidenceSize' | 'review', direction?: 'asc' | 'desc') =>
      ids(abstentionQueue(results, ORDER, reviews, { ...EXHAUSTED, sort: { key, direction } }));
    expect(by('pFull')).toEqual([5, 8, 7, 1, 3, 4, 2]);
    expect(by('pFull', 'desc')).toEqual([2, 3, 4, 1, 7, 8, 5]);
    expect(by('evidenceSize')).toEqual([5, 2, 3, 8, 4, 7, 1]);
    // Unreviewed first, then discuss, disagree, agree.
    expect(by('review')).toEqual([2, 3, 5, 7, 8, 4, 1]);
    expect(by('review', 'desc')).toEqual([1, 4, 2, 3, 5, 7, 8]);
  });

  it('filters by reason, outcome class and review state', () => {
    const q = (filter: Parameters<typeof abstentionQueue>[3]['filter']) =>
      ids(abstentionQueue(results, ORDER, reviews, { ...EXHAUSTED, filter }));
    expect(q({ reasons: ['unreachable'] })).toEqual([1, 7]);
    expect(q({ outcomes: ['FP'] })).toEqual([4, 1]);
    expect(q({ outcomes: ['TP', 'FN'], reasons: ['confidence', 'unexplained'] })).toEqual([2, 5]);
    expect(q({ reviewed: true })).toEqual([4, 1]);
    expect(q({ reviewed: false })).toEqual([8, 2, 7, 3, 5]);
    expect(q({ reasons: [] })).toEqual([]);
  });
});
