/**
 * Renders a chart.js configuration to PNG under plain Node, on @napi-rs/canvas: the same
 * configurations the app draws (src/shared/charts), written beside Markdown and into PDFs.
 * Deterministic: fixed pixel size, device pixel ratio 1, no animation, white background
 * (a transparent PNG shows black in some PDF and image viewers).
 */
import { createCanvas } from '@napi-rs/canvas';
import { Chart, type ChartConfiguration, type ChartItem, type Plugin } from 'chart.js';
import { CHART_COMPONENTS } from '../../../shared/charts/chart-components';

// No tooltips: a PNG has no pointer.
Chart.register(...CHART_COMPONENTS);

const whiteBackground: Plugin = {
  id: 'toeWhiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

export interface PngSize {
  /** Pixels; whole numbers from 1 to 8,000. */
  width: number;
  height: number;
}

function checkSize({ width, height }: PngSize): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > 8000)
      throw new RangeError(`chart ${name} must be a whole number of pixels 1..8000, got ${value}`);
  }
}

/** The chart as PNG bytes of exactly width × height pixels. */
export function renderChartPng(config: ChartConfiguration, size: PngSize): Buffer {
  checkSize(size);
  const canvas = createCanvas(size.width, size.height);
  const chart = new Chart(
    // chart.js's Node path (BasicPlatform) only calls getContext('2d') and reads width and
    // height, which @napi-rs/canvas provides; its types name the DOM canvas.
    canvas as unknown as ChartItem,
    {
      ...config,
      options: {
        ...config.options,
        animation: false,
        responsive: false,
        maintainAspectRatio: false,
        devicePixelRatio: 1,
      },
      plugins: [...(config.plugins ?? []), whiteBackground],
    },
  );
  try {
    chart.draw();
    return canvas.toBuffer('image/png');
  } finally {
    chart.destroy();
  }
}
