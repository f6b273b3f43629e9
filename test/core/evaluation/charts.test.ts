import { describe, expect, it } from 'vitest';
import type { ChartConfiguration } from 'chart.js';
import { renderChartPng } from '../../../src/main/core/report/chart-png';
import { evaluationFigures, spuriousFigures, type ChartImage } from '../../../src/shared/charts';
import { tinyResult, tinySpuriousResult } from '../../support/tiny-evaluation';

interface Titled {
  display?: boolean;
  text?: string | string[];
}

function titleOf(config: ChartConfiguration): string {
  const title = config.options?.plugins?.title as Titled | undefined;
  expect(title?.display).toBe(true);
  return String(title?.text ?? '');
}

/** Axis titles; numeric axes first say what they measure and in what unit. */
function axisTitles(config: ChartConfiguration): { type: string; title: string }[] {
  const scales = (config.options?.scales ?? {}) as Record<
    string,
    { type?: string; title?: Titled }
  >;
  return Object.values(scales).map((scale) => {
    expect(scale.title?.display).toBe(true);
    return { type: scale.type ?? '', title: String(scale.title?.text ?? '') };
  });
}

/** PNG signature, then the IHDR chunk's width and height (big-endian, bytes 16..23). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const allFigures = (): ChartImage[] => [
  ...evaluationFigures(tinyResult()),
  ...spuriousFigures(tinySpuriousResult()),
];

describe('chart definitions', () => {
  it('give every figure a title, axis titles with units and a legend', () => {
    const figures = allFigures();
    expect(figures.map((f) => f.file)).toEqual([
      'frontier-auroc.png',
      'frontier-mae.png',
      'comprehensiveness.png',
      'calibration.png',
      'evidence-size-correctness.png',
      'evidence-size-outcome.png',
      'exhaustion.png',
      'spurious-convergence.png',
      'spurious-evidence.png',
    ]);
    for (const { file, config } of figures) {
      expect(titleOf(config).length, file).toBeGreaterThan(10);
      const axes = axisTitles(config);
      expect(axes, file).toHaveLength(2);
      for (const { type, title } of axes) {
        expect(title.length, file).toBeGreaterThan(4);
        // A numeric axis names its unit or scale: "(units)", "(%)", "(probability)", "AUROC".
        if (type === 'linear') expect(title, file).toMatch(/\(|AUROC|probability|rate/);
      }
      // Exhaustion by class names (and colours) its classes on the axis instead.
      if (file !== 'exhaustion.png')
        expect(config.options?.plugins?.legend?.display, file).toBe(true);
      expect(config.options?.animation, file).toBe(false);
    }
  });

  it('draw one line per method, a CI band for ToE, and the full model for reference', () => {
    const frontier = evaluationFigures(tinyResult())[0]!.config;
    const labels = frontier.data.datasets.map((d) => d.label);
    expect(labels.filter((l) => l !== '')).toEqual([
      'ToE (beam search)',
      'Top-k ranking',
      'Full model (all units)',
    ]);
    // ToE's band: lower bound, then upper bound filled down to it; no band for the others.
    expect(labels.slice(0, 3)).toEqual(['', '', 'ToE (beam search)']);
    expect(labels.filter((l) => l === '')).toHaveLength(2);
    expect(frontier.data.datasets[2]!.data).toEqual([
      { x: 1, y: 0.75 },
      { x: 5, y: 0.75 },
    ]);
  });

  it('use no Node or DOM module (they are shared with the renderer)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../../src/shared/charts/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      // Siblings, the rest of src/shared, or chart.js itself; nothing from Node or the app.
      for (const module of imports)
        expect(module, file).toMatch(/^(\.\/|\.\.\/(?!\.\.)|chart\.js$)/);
      expect(source, file).not.toMatch(/\b(document|window|process)\./);
    }
  });
});

describe('renderChartPng', () => {
  it('renders a non-empty PNG of exactly the requested size', () => {
    for (const { file, config } of allFigures()) {
      const png = renderChartPng(config, { width: 640, height: 400 });
      expect(pngSize(png), file).toEqual({ width: 640, height: 400 });
      expect(png.length, file).toBeGreaterThan(5000);
    }
  });

  it('is deterministic and leaves the configuration usable again', () => {
    const config = evaluationFigures(tinyResult())[1]!.config;
    const a = renderChartPng(config, { width: 300, height: 200 });
    const b = renderChartPng(config, { width: 300, height: 200 });
    expect(a.equals(b)).toBe(true);
    expect(pngSize(renderChartPng(config, { width: 123, height: 77 }))).toEqual({
      width: 123,
      height: 77,
    });
  });

  it('refuses sizes that are not whole pixel counts', () => {
    const config = evaluationFigures(tinyResult())[0]!.config;
    expect(() => renderChartPng(config, { width: 0, height: 10 })).toThrow(RangeError);
    expect(() => renderChartPng(config, { width: 10.5, height: 10 })).toThrow(RangeError);
  });
});
