/** The app registers every chart.js component the PDF does, so a CI band is drawn in both. */
import { describe, expect, it } from 'vitest';
import { registerCharts } from '../../../src/renderer/src/charts/chart-registry';

describe('chart registration', () => {
  it('gives the app the Filler plugin that draws CI bands, and tooltips', () => {
    const Chart = registerCharts();
    expect(Chart.registry.plugins.get('filler')).toBeDefined();
    expect(Chart.registry.plugins.get('tooltip')).toBeDefined();
  });
});
