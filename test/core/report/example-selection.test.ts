/**
 * The report's example traces are chosen by fixed rules (example-selection.ts), tested here
 * on hand-built results, ties and fallbacks included: a report must never show a stay picked
 * by anything but its documented rule, and must say so when no stay qualifies.
 */
import { describe, expect, it } from 'vitest';
import { chooseExamples } from '../../../src/main/core/report/example-selection';
import { stay } from '../audit/audit-fixtures';

const pick = (results: Parameters<typeof chooseExamples>[0]) =>
  Object.fromEntries(chooseExamples(results).map((c) => [c.kind, c.stayId]));

describe('example trace selection', () => {
  it('takes the quickest convergence, ties by highest p_full then lowest stay id', () => {
    const results = [
      stay({ id: 5, p: 0.95, y: 1, pe: 0.94, evidence: [1, 2], exhausted: false }),
      stay({ id: 4, p: 0.93, y: 1, pe: 0.92, evidence: [3], exhausted: false }),
      stay({ id: 3, p: 0.96, y: 1, pe: 0.95, evidence: [7], exhausted: false }),
      stay({ id: 2, p: 0.96, y: 1, pe: 0.95, evidence: [8], exhausted: false }),
    ];
    expect(pick(results)['quick-convergence']).toBe(2);
  });

  it('takes the converged mix of windows and notes with the most note units, not shown twice', () => {
    const results = [
      // Quickest, and mixed: shown as the quick convergence, so not again.
      stay({ id: 1, p: 0.97, y: 1, pe: 0.96, evidence: [0, 24], exhausted: false }),
      stay({ id: 2, p: 0.9, y: 1, pe: 0.9, evidence: [0, 24, 25, 26], exhausted: false }),
      stay({ id: 3, p: 0.95, y: 1, pe: 0.95, evidence: [1, 24, 25, 26], exhausted: false }),
      stay({ id: 4, p: 0.99, y: 1, pe: 0.99, evidence: [24, 25, 26, 27], exhausted: false }),
      stay({ id: 6, p: 0.99, y: 1, pe: 0.99, evidence: [1, 24, 25, 26, 27], exhausted: true }),
    ];
    const chosen = pick(results);
    expect(chosen['quick-convergence']).toBe(1);
    // 2 and 3 both hold 3 note units and a window; 3 has the higher p_full. 4 has no window,
    // 6 exhausted.
    expect(chosen.multimodal).toBe(3);
  });

  it('takes the exhausted false positive with the highest p_full', () => {
    const results = [
      stay({ id: 1, p: 0.7, y: 0, pe: 0.6, evidence: 10, exhausted: true }),
      stay({ id: 2, p: 0.85, y: 0, pe: 0.8, evidence: 10, exhausted: true }),
      stay({ id: 3, p: 0.95, y: 0, pe: 0.95, evidence: 1, exhausted: false }),
      stay({ id: 4, p: 0.9, y: 1, pe: 0.8, evidence: 10, exhausted: true }),
    ];
    expect(pick(results)['exhausted-false-positive']).toBe(2);
  });

  it('says why when no stay qualifies', () => {
    const results = [
      stay({ id: 1, p: 0.95, y: 1, pe: 0.94, evidence: [3], exhausted: false }),
      stay({ id: 2, p: 0.1, y: 0, pe: 0.1, evidence: [24], exhausted: false }),
      stay({ id: 3, p: 0.8, y: 0, pe: 0.9, evidence: [2], exhausted: false }),
    ];
    const [, multimodal, fp] = chooseExamples(results);
    expect(multimodal).toMatchObject({ stayId: null });
    expect(multimodal!.absentReason).toMatch(/2 kept windows only and 1 note chunks only/);
    expect(fp).toMatchObject({ stayId: null });
    expect(fp!.absentReason).toMatch(/None of the 1 false positive predictions exhausted/);
    const none = chooseExamples([
      stay({ id: 1, p: 0.4, y: 0, pe: 0.4, evidence: 10, exhausted: true }),
    ]);
    expect(none[0]!.absentReason).toMatch(/No search converged in this run: all 1 stays/);
    expect(none[1]!.absentReason).toMatch(/No search converged/);
    expect(none[2]!.absentReason).toMatch(/no false positive prediction/);
  });
});
