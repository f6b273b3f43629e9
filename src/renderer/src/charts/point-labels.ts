import type { Plugin } from 'chart.js';

/**
 * Writes each point's name beside it for the first dataset (the funnel plot's units), so a
 * committee reads which unit is where without hovering. Drawn in the chart's text colour,
 * which the theme sets, so it stays legible in dark.
 */
export function pointLabels(labels: readonly string[]): Plugin {
  return {
    id: 'pointLabels',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const points = chart.getDatasetMeta(0).data;
      ctx.save();
      ctx.font = '12px sans-serif';
      ctx.fillStyle = String(chart.options.color ?? '#1b1f24');
      ctx.textBaseline = 'middle';
      points.forEach((point, i) => {
        const label = labels[i];
        if (label === undefined) return;
        // Left of a point near the right edge, where the name would run off the canvas.
        const left = point.x + 8 + ctx.measureText(label).width > chart.chartArea.right;
        ctx.textAlign = left ? 'right' : 'left';
        ctx.fillText(label, left ? point.x - 8 : point.x + 8, point.y);
      });
      ctx.restore();
    },
  };
}
