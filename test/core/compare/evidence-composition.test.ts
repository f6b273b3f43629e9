/**
 * The evidence composition of two runs on hand-made evidence sets and charted masks: each
 * hour's and each variable's share is what counting the sets by hand gives, a planted shift
 * in the evidence's hours and in what was charted is flagged, identical runs flag nothing,
 * and a variable or an hour only one cohort has is shown on its side and never tested.
 */
import { describe, expect, it } from 'vitest';
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import {
  compareResults,
  evidenceComposition,
  type ChartedMasks,
  type CompositionSide,
} from '../../../src/main/core/compare';
import { comparisonMarkdown, comparisonText } from '../../../src/shared/comparison-text';
import type { VariableSpec } from '../../../src/shared/domain';
import { rng } from '../abstention/stays';
import { NOTE_UNIT_START, stay } from '../audit/audit-fixtures';

const HOURS = NOTE_UNIT_START;
const VARIABLES: VariableSpec[] = [
  { name: 'heart_rate', unit: 'bpm' },
  { name: 'sbp', unit: 'mmHg' },
  { name: 'lactate', unit: 'mmol/L' },
];

interface Sketch {
  /** Hours the evidence prefers: each set holds 1–3 of them, plus a note chunk sometimes. */
  hours: number[];
  /** Chance that each variable is charted in an hour (by variable). */
  charted: number[];
}

/** n stays with evidence drawn from `hours` and masks charted with the given chances. */
function run(
  n: number,
  seed: number,
  sketch: Sketch,
  variables = VARIABLES,
  hours = HOURS,
): { results: StayAuditResult[]; charted: ChartedMasks } {
  const r = rng(seed);
  const missing = new Map<number, Uint8Array>();
  const results = Array.from({ length: n }, (_, i) => {
    const windows = new Set<number>();
    const size = Math.min(sketch.hours.length, 1 + Math.floor(r() * 3));
    while (windows.size < size) windows.add(sketch.hours[Math.floor(r() * sketch.hours.length)]!);
    const evidence = [...windows].sort((x, y) => x - y);
    if (r() < 0.3) evidence.push(hours);
    const mask = new Uint8Array(hours * variables.length);
    for (let t = 0; t < hours; t++)
      variables.forEach((_, v) => {
        mask[t * variables.length + v] = r() < (sketch.charted[v] ?? 0.5) ? 0 : 1;
      });
    missing.set(i + 1, mask);
    const p = 0.2 + 0.6 * r();
    return stay({ id: i + 1, p, y: r() < 0.3 ? 1 : 0, pe: p, evidence, exhausted: false });
  });
  return { results, charted: { hours, variables, missing } };
}

const OPTIONS = { resamples: 400, fdrLevel: 0.05 };

function sides(
  a: ReturnType<typeof run>,
  b: ReturnType<typeof run>,
): [CompositionSide, CompositionSide] {
  return [
    { ...a, seed: 3 },
    { ...b, seed: 4 },
  ];
}

describe('evidenceComposition', () => {
  it('counts each hour and each charted variable as the evidence sets say', () => {
    const a = run(120, 1, { hours: [0, 1, 2, 5], charted: [0.9, 0.5, 0.1] });
    const b = run(80, 2, { hours: [3, 4], charted: [0.9, 0.5, 0.1] });
    const e = evidenceComposition(...sides(a, b), OPTIONS);
    for (const t of [0, 3, 5, 10]) {
      const share = (x: typeof a) =>
        x.results.filter((s) => s.evidence.includes(t)).length / x.results.length;
      const hour = e.byHour[t]!;
      expect(hour.hour).toBe(t);
      expect(hour.a.estimate).toBeCloseTo(share(a), 12);
      expect(hour.b.estimate).toBeCloseTo(share(b), 12);
    }
    // Charted share of sbp in A: over every evidence window of every stay, pooled.
    let windows = 0;
    let charted = 0;
    for (const s of a.results) {
      const mask = a.charted.missing.get(s.stayId)!;
      for (const t of s.evidence.filter((u) => u < HOURS)) {
        windows++;
        if (mask[t * VARIABLES.length + 1] === 0) charted++;
      }
    }
    const sbp = e.byVariable.find((v) => v.variable === 'sbp')!;
    expect(sbp.a.estimate).toBeCloseTo(charted / windows, 12);
    expect(e.units.a.windowUnits).toBe(windows);
    expect(e.units.a.evidenceUnits).toBe(a.results.reduce((n, s) => n + s.evidence.length, 0));
    expect(e.units.a.noteUnits).toBe(a.results.reduce((n, s) => n + s.noteUnits, 0));
  });

  it('flags a planted shift in hours and in what was charted, and nothing between identical runs', () => {
    const a = run(300, 5, { hours: [0, 1, 2, 3], charted: [0.9, 0.5, 0.5] });
    const b = run(300, 6, { hours: [2, 3, 4, 5], charted: [0.9, 0.5, 0.1] });
    const e = evidenceComposition(...sides(a, b), OPTIONS);
    expect(e.byHour[0]!.flagged).toBe(true);
    expect(e.byHour[0]!.difference.estimate!).toBeLessThan(0);
    expect(e.byHour[5]!.flagged).toBe(true);
    expect(e.byHour[5]!.difference.estimate!).toBeGreaterThan(0);
    const lactate = e.byVariable.find((v) => v.variable === 'lactate')!;
    expect(lactate.flagged).toBe(true);
    expect(lactate.difference.upper!).toBeLessThan(0);
    // Hours no evidence set holds in either run do not vary: not tested.
    expect(e.byHour[20]!.notTested).toBe('the resamples of both runs do not vary');
    expect(e.flagged).toBe([...e.byHour, ...e.byVariable].filter((d) => d.flagged).length);

    const same = evidenceComposition(...sides(a, a), OPTIONS);
    expect(same.tested).toBeGreaterThan(5);
    expect(same.flagged).toBe(0);
  });

  it('matches variables by name across cohorts and shows what only one cohort has', () => {
    const otherSite: VariableSpec[] = [
      { name: 'sbp', unit: 'mmHg' },
      { name: 'heart_rate', unit: 'bpm' },
      { name: 'gcs', unit: '' },
    ];
    const a = run(150, 7, { hours: [0, 1, 2], charted: [0.9, 0.5, 0.1] });
    const b = run(150, 8, { hours: [0, 1, 2], charted: [0.5, 0.9, 0.3] }, otherSite, 30);
    const e = evidenceComposition(...sides(a, b), OPTIONS);
    expect(e.byVariable.map((v) => v.variable)).toEqual(['heart_rate', 'sbp', 'lactate', 'gcs']);
    // heart_rate is B's second variable, charted with B's second chance (0.9).
    const hr = e.byVariable[0]!;
    expect(hr.b.estimate!).toBeGreaterThan(0.8);
    expect(hr.a.estimate!).toBeGreaterThan(0.8);
    const lactate = e.byVariable[2]!;
    expect(lactate.unitB).toBeNull();
    expect(lactate.b.estimate).toBeNull();
    expect(lactate.pValue).toBeNull();
    expect(lactate.notTested).toBe("no such variable in run B's cohort");
    expect(e.byVariable[3]!.notTested).toBe("no such variable in run A's cohort");
    expect(e.hours).toEqual({ a: HOURS, b: 30 });
    expect(e.byHour).toHaveLength(30);
    expect(e.byHour[HOURS]!.notTested).toBe(`no hour ${HOURS + 1} in run A's cohort`);
  });

  it('is part of a comparison when both sides come with their charted masks', () => {
    const a = run(200, 9, { hours: [0, 1], charted: [0.9, 0.5, 0.5] });
    const b = run(200, 10, { hours: [6, 7], charted: [0.9, 0.5, 0.5] });
    const info = (runId: number, stays: number) => ({
      runId,
      task: 'E1',
      cohortName: `site ${runId}`,
      cohortSource: 'generic',
      split: 'test',
      synthetic: true,
      bundleDir: '/models/E1',
      bundleFingerprint: 'f',
      decision: 'calibrated',
      threshold: 0.5,
      stays,
      noteChunks: null,
      calibrationTransported: false,
      warnings: [],
    });
    const c = compareResults(
      { info: info(1, 200), ...a },
      { info: info(2, 200), ...b },
      { seed: 3, resamples: 400 },
    );
    expect(c.evidence).not.toBeNull();
    // The composition's own family leaves the run figures' count alone.
    expect(c.tested).toBe(c.figures.filter((f) => f.pValue !== null).length);
    expect(c.evidence!.byHour[0]!.flagged).toBe(true);
    expect(comparisonText(c)).toMatch(/Hour 1\s+0\.\d{3}\s+0\.000\s+−0\.\d{3}.*lower in B/);
    expect(comparisonMarkdown(c)).toContain('## Evidence composition');
    expect(comparisonMarkdown(c)).toContain('| heart rate (bpm) |');
    const withoutMasks = compareResults(
      { info: info(1, 200), results: a.results },
      { info: info(2, 200), results: b.results },
      { seed: 3, resamples: 400 },
    );
    expect(withoutMasks.evidence).toBeNull();
    expect(withoutMasks.figures).toEqual(c.figures);
  });
});
