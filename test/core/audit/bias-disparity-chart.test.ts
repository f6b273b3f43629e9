import { describe, expect, it } from 'vitest';
import { biasAudit } from '../../../src/main/core/audit/statistics-index';
import {
  disparityChart,
  disparityChartHeight,
  disparityRows,
} from '../../../src/shared/charts/disparity-chart';
import { stay } from './audit-fixtures';

// Two age bands of 30 stays, 15 events each: every minimum (10) is met, so every figure is
// compared. "80+" misses 6 of its 15 events, "45-64" 3: an FNR ratio of 2.
const stays = Array.from({ length: 60 }, (_, i) => {
  const older = i >= 30;
  const y = i % 2 === 0 ? 1 : 0;
  const missed = y === 1 && (i % 30) / 2 < (older ? 6 : 3);
  const p = y === 1 ? (missed ? 0.3 : 0.8) : 0.2 + 0.02 * (i % 10);
  return stay({ id: i + 1, p, y, pe: p, evidence: 2, exhausted: i % 4 === 0 });
});
const ages = new Map(stays.map((s, i) => [s.stayId, { age_band: i >= 30 ? '80+' : '45-64' }]));
const audit = biasAudit(stays, ages, { threshold: 0.5, seed: 11, resamples: 300 });

describe('disparity chart', () => {
  const rows = disparityRows(audit, 'fnr');

  it('has a row per reported group, named in words, the reference at 1', () => {
    expect(rows.map((r) => [r.label, r.isReference])).toEqual([
      ['Age band: 45–64 years', true],
      ['Age band: 80 years or older', false],
    ]);
    expect(rows[1]!.ratio!.estimate).toBeCloseTo(6 / 15 / (3 / 15), 12);
    expect(rows[1]!.missing).toBeNull();
  });

  it('draws the band, the line at 1, the whiskers and the markers on a log axis', () => {
    const chart = disparityChart('fnr', rows, [0.8, 1.25], '60 stays');
    expect(chart.options!.indexAxis).toBe('y');
    expect(chart.options!.scales!.x!.type).toBe('logarithmic');
    const [band, line, whiskers, markers] = chart.data.datasets;
    expect(band!.data).toEqual([
      [0.8, 1.25],
      [0.8, 1.25],
    ]);
    for (const [low, high] of line!.data as [number, number][]) {
      expect(low).toBeLessThan(1);
      expect(high).toBeGreaterThan(1);
    }
    expect(whiskers!.data[0]).toBeNull();
    const [lower, upper] = whiskers!.data[1]!;
    expect(lower).toBeCloseTo(rows[1]!.ratio!.lower!, 12);
    expect(upper).toBeCloseTo(rows[1]!.ratio!.upper!, 12);
    const [left, right] = markers!.data[1]!;
    expect(Math.sqrt(left * right)).toBeCloseTo(2, 12);
    expect(chart.data.labels).toEqual([
      'Age band: 45–64 years (reference)',
      'Age band: 80 years or older',
    ]);
    expect(disparityChartHeight(rows)).toBeGreaterThan(120);
  });
});
