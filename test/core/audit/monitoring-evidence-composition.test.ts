/**
 * What each period's evidence leans on (issue 27, item 2), on hand-worked stays. A 4-hour
 * window (four bands of one hour), heart rate charted in hours 1–2 and lactate in hour 4. In
 * the reference period, 15 of 20 stays' evidence holds hour 1 and 5 hold hour 4; in the
 * latest, 4 hold hour 1 and 16 hold hour 4 and a note. Fisher's p of 4/20 against 15/20 is
 * scipy's `fisher_exact([[4, 16], [15, 5]])`; the Holm adjustment is worked by hand below.
 */
import { describe, expect, it } from 'vitest';
import {
  evidenceComposition,
  hourBands,
  proportionStandardisedDifference,
  type CompositionStay,
} from '../../../src/main/core/audit/monitoring-evidence-composition';
import { clopperPearson } from '../../../src/main/core/statistics/exact-intervals';
import { compositionFinding, compositionShiftRows } from '../../../src/shared/monitoring-text';

const HOURS = 4;
const SCHEMA = {
  hours: HOURS,
  variables: [
    { name: 'heart_rate', unit: 'bpm' },
    { name: 'lactate', unit: 'mmol/L' },
  ],
};
/** hours × variables, 1 = nothing charted: heart rate in hours 1–2, lactate in hour 4. */
const MISSING = Uint8Array.from([0, 1, 0, 1, 1, 1, 1, 0]);

const stays = (period: string, n: number, evidence: number[]): CompositionStay[] =>
  Array.from({ length: n }, () => ({ period, evidence, missing: MISSING }));

const STAYS = [
  ...stays('P1', 15, [0]),
  ...stays('P1', 5, [3]),
  ...stays('P2', 4, [0]),
  // Unit 4 is the first note chunk (units from `hours` on are notes).
  ...stays('P2', 16, [3, 4]),
];

const SIDES = {
  periods: ['P1', 'P2'],
  reference: ['P1'],
  referenceKind: 'first-period' as const,
  notes: true,
};

/** scipy.stats.fisher_exact([[4, 16], [15, 5]]) and ([[16, 4], [0, 20]]). */
const P_4_OF_20_VS_15 = 0.0012318573521842855;
const P_16_OF_20_VS_0 = 1.5417145561750679e-7;

describe('evidence composition by period', () => {
  it('cuts the observation window into four bands, the last one shorter when it must be', () => {
    expect(hourBands(24)).toEqual([
      [0, 5],
      [6, 11],
      [12, 17],
      [18, 23],
    ]);
    expect(hourBands(10)).toEqual([
      [0, 2],
      [3, 5],
      [6, 8],
      [9, 9],
    ]);
    expect(hourBands(2)).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('writes the standardised difference of two shares as Austin (2009) does', () => {
    // (0.2 − 0.75) / √((0.2·0.8 + 0.75·0.25) / 2) = −0.55 / √0.17375
    expect(proportionStandardisedDifference(0.2, 0.75)).toBeCloseTo(-0.55 / Math.sqrt(0.17375), 12);
    expect(proportionStandardisedDifference(0, 0)).toBeNull();
  });

  const report = evidenceComposition(STAYS, SCHEMA, SIDES, 0.95);
  const row = (label: string) => report.rows.find((r) => r.label === label)!;

  it('counts each period’s stays whose evidence holds each variable, band and note', () => {
    expect(report.rows.map((r) => r.label)).toEqual([
      'Heart rate',
      'Lactate',
      'Hour 1',
      'Hour 2',
      'Hour 3',
      'Hour 4',
      'Notes',
    ]);
    expect(report.periods).toEqual([
      { label: 'P1', stays: 20 },
      { label: 'P2', stays: 20 },
    ]);
    const counts = (label: string) => row(label).byPeriod.map((cell) => cell.count);
    expect(counts('Heart rate')).toEqual([15, 4]);
    expect(counts('Lactate')).toEqual([5, 16]);
    expect(counts('Hour 1')).toEqual([15, 4]);
    expect(counts('Hour 2')).toEqual([0, 0]);
    expect(counts('Hour 4')).toEqual([5, 16]);
    expect(counts('Notes')).toEqual([0, 16]);
    const share = row('Heart rate').byPeriod[1]!.share;
    const [lower, upper] = clopperPearson(4, 20);
    expect(share).toMatchObject({ estimate: 0.2, lower, upper, method: 'clopper-pearson' });
  });

  it('flags the rows that moved past both the size rule and Holm-adjusted chance', () => {
    // Holm over 7 rows: notes 7·p₁₆, then four rows at p₄ (6·p₄ first, the running maximum
    // holding it), then the two empty hours at p = 1.
    expect(row('Notes').shift!.adjustedPValue).toBeCloseTo(7 * P_16_OF_20_VS_0, 12);
    for (const label of ['Heart rate', 'Lactate', 'Hour 1', 'Hour 4'])
      expect(row(label).shift!.adjustedPValue, label).toBeCloseTo(6 * P_4_OF_20_VS_15, 12);
    expect(row('Hour 2').shift!.adjustedPValue).toBe(1);
    expect(row('Heart rate').shift!.direction).toBe('less');
    expect(row('Lactate').shift!.direction).toBe('more');
    expect(row('Notes').shift!.direction).toBe('more');
    expect(row('Hour 2').shift).toMatchObject({ standardisedDifference: null, direction: null });
    expect(report).toMatchObject({
      latestPeriod: 'P2',
      referencePeriods: ['P1'],
      referenceStays: 20,
    });
  });

  it('says in words which way the evidence moved', () => {
    const finding = compositionFinding(report);
    expect(finding).toContain(
      'In P2, the evidence of its 20 stays searched most often held a window where lactate was charted (80.0% of stays) and a window of hour 4 (80.0%).',
    );
    expect(finding).toContain(
      'From P1 to P2, the evidence came to lean more on lactate (25.0% of stays, then 80.0%), hour 4 (25.0% of stays, then 80.0%), notes (0.0% of stays, then 80.0%), and less on heart rate (75.0% of stays, then 20.0%), hour 1 (75.0% of stays, then 20.0%): 5 of 7 rows shifted',
    );
    expect(compositionShiftRows(report).find((r) => r[0] === 'Hour 2')).toEqual([
      'Hour 2',
      '0.0% (0.0–16.8%)',
      '0.0% (0.0–16.8%)',
      'none: neither varies',
      '1.000',
      'no',
    ]);
  });

  it('sets nothing beside the latest period without a reference, and leaves notes out without any', () => {
    const alone = evidenceComposition(
      STAYS.filter((s) => s.period === 'P2'),
      SCHEMA,
      { ...SIDES, periods: ['P2'], reference: [], notes: false },
      0.95,
    );
    expect(alone.latestPeriod).toBeNull();
    expect(alone.rows.map((r) => r.label)).not.toContain('Notes');
    expect(alone.rows.every((r) => r.shift === null)).toBe(true);
    expect(compositionFinding(alone)).toContain(
      'With one period shown, there is no earlier one to set it beside.',
    );
  });
});
