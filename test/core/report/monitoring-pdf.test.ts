/**
 * The PDF's monitoring section (report/monitoring.ts): the stays without an outcome yet get
 * their own subsection, in the formatter's words, only when the report has any.
 */
import { describe, expect, it, vi } from 'vitest';
import type {
  AwaitingOutcomes,
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
    reference: null,
    funnel: null,
    awaiting,
    leadTime,
  } as unknown as MonitoringReport;
}

function draw(
  awaiting: AwaitingOutcomes | null,
  leadTime: LeadTimeReport | null = null,
): { text: string[] } {
  tables.length = 0;
  const text: string[] = [];
  const layout = {
    section: (_id: string, title: string) => text.push(title),
    heading: (t: string) => text.push(t),
    paragraph: (t: string) => text.push(t),
    bullets: (items: readonly string[]) => text.push(...items),
  } as unknown as Layout;
  drawMonitoring(layout, { monitoring: report(awaiting, leadTime) } as unknown as Data);
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
