/**
 * The shared chart builders (src/shared/charts) draw for print: fixed size, dark ink on
 * white. On screen a chart must fill its box and follow the theme, so a copy of the
 * configuration is adapted here (never the builders): responsive sizing, text and grid in
 * the theme's colours, and near-black ink (interval bars, the score line) lightened in dark.
 */
import type { ChartConfiguration } from 'chart.js';
import type { Theme } from '../composables/useTheme';

export interface ChartPalette {
  text: string;
  grid: string;
  /** What near-black dataset colours become. */
  ink: string;
}

export function chartPalette(theme: Theme): ChartPalette {
  return theme === 'dark'
    ? { text: '#e6eaee', grid: 'rgba(230, 234, 238, 0.18)', ink: '#d0d6dc' }
    : { text: '#1b1f24', grid: 'rgba(27, 31, 36, 0.12)', ink: '#222222' };
}

/** #rrggbb colours darker than this (relative luminance) count as ink. */
const INK_LUMINANCE = 0.08;

function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((value >> 16) & 255) +
    0.7152 * channel((value >> 8) & 255) +
    0.0722 * channel(value & 255)
  );
}

function recolour(colour: unknown, palette: ChartPalette): unknown {
  if (typeof colour === 'string') {
    const l = luminance(colour);
    return l !== null && l < INK_LUMINANCE ? palette.ink : colour;
  }
  return Array.isArray(colour) ? colour.map((c) => recolour(c, palette)) : colour;
}

/** A deep copy of `config` for the screen; functions (tick callbacks) are kept as they are. */
export function themedConfig(
  config: ChartConfiguration,
  palette: ChartPalette,
): ChartConfiguration {
  const copy = structuredCloneConfig(config);
  for (const dataset of copy.data.datasets) {
    const d = dataset as { borderColor?: unknown; backgroundColor?: unknown };
    if (d.borderColor !== undefined) d.borderColor = recolour(d.borderColor, palette);
    if (d.backgroundColor !== undefined) d.backgroundColor = recolour(d.backgroundColor, palette);
  }
  const options = (copy.options ?? {}) as NonNullable<ChartConfiguration['options']>;
  options.responsive = true;
  options.maintainAspectRatio = false;
  options.color = palette.text;
  options.borderColor = palette.grid;
  for (const scale of Object.values(options.scales ?? {})) {
    if (!scale) continue;
    const s = scale as { ticks?: object; grid?: object; title?: object };
    s.ticks = { ...s.ticks, color: palette.text };
    s.grid = { ...s.grid, color: palette.grid };
    s.title = { ...s.title, color: palette.text };
  }
  const plugins = (options.plugins ??= {});
  plugins.title = { ...plugins.title, color: palette.text };
  // Room between the subtitle and the chart, so it never touches the top tick label.
  plugins.subtitle = { ...plugins.subtitle, color: palette.text, padding: { bottom: 10 } };
  if (plugins.legend)
    plugins.legend = {
      ...plugins.legend,
      labels: { ...plugins.legend.labels, color: palette.text },
    };
  copy.options = options;
  return copy;
}

/** Plain data is copied; functions (callbacks the builders or views set) are shared. */
function structuredCloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => structuredCloneConfig(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = structuredCloneConfig(v);
    return out as T;
  }
  return value;
}
