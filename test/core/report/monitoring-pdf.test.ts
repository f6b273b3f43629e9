/**
 * The PDF's monitoring section (report/monitoring.ts): the stays without an outcome yet, lead
 * time and what the evidence leans on each get their own subsection, in the formatter's
 * words, only when the report has any.
 */
import { describe, expect, it, vi } from 'vitest';
import { evidenceComposition } from '../../../src/main/core/audit/monitoring-evidence-composition';
import type {
  AwaitingOutcomes,
  EvidenceCompositionReport,
  LeadTimeReport,
  MonitoringReport,
} from '../../../src/shared/monitoring';

const tables: { headers: string[]; rows: string[][] }[] = [];

vi.mock('../../../src/main/core/report/pdf-table', () => ({
  drawTable: (_layout: unknown, columns: { header: string }[], rows: string[][]) => {
    tables.push({ headers: columns.map((c) => c.header), rows });
  },
}));
vi.mock('../../../src/main/core/report/report-charts', () => ({ placeChart: () => undefined }));
vi.mock('../../../src/shared/monitoring-text', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/shared/monitoring-text')>()),
  // The findings read every part of a full report; this test is about the awaiting subsection.
  monitoringFindings: () => [],
}));

const { drawMonitoring } = await import('../../../src/main/core/report/monitoring');
type Data = Parameters<typeof drawMonitoring>[1];
type Layout = Parameters<typeof drawMonitoring>[0];

const AWAITING: AwaitingOutcomes = {
  stays: 130,
  periods: [
    {
      label: '2182 Q1',
      stays: 120,
      alerts: 18,
      suppressed: false,
      forecast: {
        stays: 120,
        expected: { tp: 9, fp: 9, tn: 99, fn: 3 },
        expectedEvents: 12,
        expectedSensitivity: 0.75,
        expectedPpv: 0.5,
      },
      lower: 6,
      upper: 19,
      observedExpectedRange: { lower: 0.5, upper: 1.58 },
    },
    {
      label: '2182 Q2',
      stays: 7,
      alerts: 1,
      suppressed: true,
      forecast: {
        stays: 7,
        expected: { tp: 0.5, fp: 0.5, tn: 5.5, fn: 0.5 },
        expectedEvents: 1,
        expectedSensitivity: 0.5,
        expectedPpv: 0.5,
      },
      lower: 0,
      upper: 3,
      observedExpectedRange: { lower: 0, upper: 3 },
    },
  ],
  unplaced: 3,
  checked: { periods: 6, within: 6, missesChance: 1, held: true },
};

function report(
  awaiting: AwaitingOutcomes | null,
  leadTime: LeadTimeReport | null = null,
  composition: EvidenceCompositionReport | null = null,
): MonitoringReport {
  return {
    runId: 1,
    series: [{ runId: 1, cohortName: 'Demo', stays: 500, awaiting: awaiting?.stays ?? 0 }],
    task: 'mortality',
    threshold: 0.2,
    period: { calendar: 'quarter' },
    unit: null,
    minGroupSize: 10,
    periods: [],
    units: null,
    unplaced: { period: 0, unit: 0 },
    operatingPoints: [],
    queueSize: 50,
    forecastChecks: [],
    inputDrift: null,
    evidenceComposition: composition,
    reference: null,
    funnel: null,
    awaiting,
    leadTime,
  } as unknown as MonitoringReport;
}

function draw(
  awaiting: AwaitingOutcomes | null,
  leadTime: LeadTimeReport | null = null,
  composition: EvidenceCompositionReport | null = null,
): { text: string[] } {
  tables.length = 0;
  const text: string[] = [];
  const layout = {
    section: (_id: string, title: string) => text.push(title),
    heading: (t: string) => text.push(t),
    paragraph: (t: string) => text.push(t),
    bullets: (items: readonly string[]) => text.push(...items),
  } as unknown as Layout;
  drawMonitoring(layout, {
    monitoring: report(awaiting, leadTime, composition),
  } as unknown as Data);
  return { text };
}

describe('the PDF monitoring section: stays without an outcome yet', () => {
  it('draws the heading, the finding, the table and the suppressed sentence', () => {
    const { text } = draw(AWAITING);
    const at = text.indexOf('Stays without an outcome yet');
    expect(at).toBeGreaterThan(-1);
    expect(text[at + 1]).toMatch(/^130 stays have no outcome yet\./);
    expect(text[at + 1]).toContain('2182 Q1');
    const table = tables.find((t) => t.headers.includes('Outcomes expected (95% range)'));
    expect(table?.headers[0]).toBe('Quarter of admission');
    expect(table?.rows).toHaveLength(1);
    expect(table?.rows[0]?.[0]).toBe('2182 Q1');
    expect(table?.rows[0]?.[3]).toContain('(6 to 19)');
    expect(
      text.some((t) => t.includes('7 of them fall in 1 quarter of admission with fewer than 10')),
    ).toBe(true);
    expect(text.some((t) => t.includes('3 have no'))).toBe(true);
  });

  it('leaves the subsection out when no stay awaits an outcome', () => {
    const { text } = draw(null);
    expect(text).not.toContain('Stays without an outcome yet');
    expect(tables.some((t) => t.headers.includes('Outcomes expected (95% range)'))).toBe(false);
  });
});

describe('the PDF monitoring section: lead time', () => {
  const group = (label: string, caught: number, median: number | null) => ({
    label,
    caught,
    beforeOnset: 3,
    shareBeforeOnset: {
      estimate: median === null ? null : 3 / caught,
      missing: median === null ? ('undefined' as const) : null,
      lower: median === null ? null : 0.023,
      upper: median === null ? null : 0.282,
      method: median === null ? ('none' as const) : ('clopper-pearson' as const),
      resamples: 0,
      skipped: 0,
    },
    median,
    lowerQuartile: median === null ? null : -21.25,
    upperQuartile: median === null ? null : -5.75,
  });
  const LEAD: LeadTimeReport = {
    alertHour: 24,
    minimum: 10,
    overall: group('all stays', 28, -18),
    periods: [group('2182 Q1', 6, null)],
  };

  it('draws the finding and a row for all stays and for each period, too few said so', () => {
    const { text } = draw(null, LEAD);
    const at = text.indexOf('How long before the outcome the model alerted');
    expect(at).toBeGreaterThan(-1);
    expect(text[at + 1]).toMatch(/^The model decides at hour 24 of a stay/);
    expect(text[at + 1]).toContain('the median time from alert to onset was −18.0 h');
    const table = tables.find((t) => t.headers.includes('Alert to onset: median'))!;
    expect(table.rows.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['All stays', '28', '−18.0 h'],
      ['2182 Q1', '6', 'too few to estimate'],
    ]);
  });

  it('leaves it out where the labels are one per stay', () => {
    expect(draw(null).text).not.toContain('How long before the outcome the model alerted');
  });
});

describe('the PDF monitoring section: what the evidence leans on', () => {
  // Ten months of 12 stays, a 2-hour window, one variable charted in hour 1; each stay's
  // evidence holds hour 1, or hour 2 in the last month.
  const periods = Array.from({ length: 10 }, (_, k) => `2181-${String(k + 1).padStart(2, '0')}`);
  const composition = evidenceComposition(
    periods.flatMap((period, k) =>
      Array.from({ length: 12 }, () => ({
        period,
        evidence: k === 9 ? [1] : [0],
        missing: Uint8Array.from([0, 1]),
      })),
    ),
    { hours: 2, variables: [{ name: 'heart_rate', unit: 'bpm' }] },
    { periods, reference: periods.slice(0, 3), referenceKind: 'reference-periods', notes: false },
    0.95,
  );

  it('draws eight months to a table, then the latest beside the reference', () => {
    const { text } = draw(null, null, composition);
    const at = text.indexOf('What the evidence leans on');
    expect(at).toBeGreaterThan(-1);
    expect(text[at + 1]).toContain(
      '2181-10 is set beside 2181-01 to 2181-03, the reference period (36 stays)',
    );
    const periodTables = tables.filter(
      (t) => t.headers[0] === 'Evidence holds' && t.headers.length !== 6,
    );
    expect(periodTables.map((t) => t.headers.slice(1))).toEqual([
      periods.slice(0, 8).map((p) => `${p} (12 stays)`),
      periods.slice(8).map((p) => `${p} (12 stays)`),
    ]);
    expect(periodTables[1]!.rows).toEqual([
      ['Heart rate (bpm)', '100.0%', '0.0%'],
      ['Hour 1', '100.0%', '0.0%'],
      ['Hour 2', '0.0%', '100.0%'],
    ]);
    const shift = tables.find((t) => t.headers.includes('Chance of so large a difference'))!;
    expect(shift.rows.map((r) => [r[0], r[5]])).toEqual([
      ['Heart rate (bpm)', 'yes: less'],
      ['Hour 1', 'yes: less'],
      ['Hour 2', 'yes: more'],
    ]);
  });

  it('leaves it out when no period is shown', () => {
    expect(draw(null).text).not.toContain('What the evidence leans on');
  });
});
