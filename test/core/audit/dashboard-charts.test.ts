/**
 * The dashboard's own chart builders (src/shared/charts/dashboard-charts.ts): titled, every
 * axis titled with its unit, intervals on their own estimates, and drawable under Node as
 * the PDF draws every shared chart.
 */
import { describe, expect, it } from 'vitest';
import type { ChartConfiguration } from 'chart.js';
import { cohortStatistics } from '../../../src/main/core/audit/statistics-index';
import { renderChartPng } from '../../../src/main/core/report/chart-png';
import { abstentionEffectChart, modalityChart } from '../../../src/shared/charts/dashboard-charts';
import { stay } from './audit-fixtures';

const results = [
  stay({ id: 0, p: 0.95, y: 1, pe: 0.93, evidence: [3], exhausted: false }),
  stay({ id: 1, p: 0.9, y: 1, pe: 0.88, evidence: [3, 24], exhausted: false }),
  stay({ id: 2, p: 0.88, y: 1, pe: 0.8, evidence: [1, 2, 3, 24, 25], exhausted: true }),
  stay({ id: 3, p: 0.7, y: 0, pe: 0.55, evidence: 10, exhausted: true }),
  stay({ id: 4, p: 0.6, y: 0, pe: 0.5, evidence: 10, exhausted: true }),
  stay({ id: 5, p: 0.1, y: 0, pe: 0.12, evidence: [7], exhausted: false }),
];
const s = cohortStatistics(results, {
  threshold: 0.5,
  seed: 5,
  resamples: 100,
  tauConf: 0.9,
  tauSuff: 0.9,
});

type Scale = { title?: { display?: boolean; text?: string }; stacked?: boolean };
const scales = (config: ChartConfiguration) =>
  (config.options?.scales ?? {}) as Record<string, Scale>;

describe('dashboard charts', () => {
  it('draw the abstention effect of each rule with its interval on its own bar', () => {
    const config = abstentionEffectChart(s.abstention, 'subtitle');
    expect(config.options?.plugins?.title).toMatchObject({ display: true });
    for (const scale of Object.values(scales(config as ChartConfiguration))) {
      expect(scale.title?.display).toBe(true);
      expect(scale.title?.text).not.toBe('');
    }
    // Values are never summed: the interval must not be added to the estimate.
    expect(scales(config as ChartConfiguration).y?.stacked).toBe(false);
    const [gained, gainedCi, lost, lostCi] = config.data.datasets;
    expect(gained!.stack).toBe(gainedCi!.stack);
    expect(lost!.stack).toBe(lostCi!.stack);
    const paper = s.abstention.onExhaustion.precisionGained;
    expect(gained!.data[0]).toBeCloseTo(100 * paper.estimate!, 10);
    expect(gainedCi!.data[0]).toEqual([100 * paper.lower!, 100 * paper.upper!]);
    expect(config.data.labels).toHaveLength(3);
  });

  it('never draws a loss of precision in the colour of a gain', () => {
    const lossOf = (estimate: number) => ({
      ...s.abstention.onExhaustion.precisionGained,
      estimate,
    });
    const section = {
      ...s.abstention,
      onExhaustion: { ...s.abstention.onExhaustion, precisionGained: lossOf(-0.05) },
      onUnreachable: { ...s.abstention.onUnreachable, precisionGained: lossOf(0.05) },
    };
    const [gained] = abstentionEffectChart(section, 'subtitle').data.datasets;
    const [lossColour, gainColour] = gained!.backgroundColor as string[];
    expect(lossColour).not.toBe(gainColour);
    expect(gainColour).toBe('#2ca02c');
  });

  it('draw the share of evidence from radiology text, and render under Node', () => {
    const config = modalityChart(s.modality, 'subtitle');
    expect(config.data.labels![0]).toContain(
      `${s.modality.noteUnits} of ${s.modality.evidenceUnits}`,
    );
    expect(config.data.datasets[0]!.data[0]).toBeCloseTo(
      100 * s.modality.noteUnitShare.estimate!,
      10,
    );
    for (const chart of [config, abstentionEffectChart(s.abstention, 'subtitle')]) {
      const png = renderChartPng(chart as ChartConfiguration, { width: 640, height: 360 });
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });
});
