// The built renderer loads only what the landing page needs: every other page is its own
// chunk, fetched when first opened (src/renderer/src/router.ts). Needs `electron-vite build`,
// which `npm test` runs first; skipped, with the reason, without it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = resolve(import.meta.dirname, '../../out/renderer');
const built = existsSync(join(RENDERER, 'index.html'));

describe.skipIf(!built)('built renderer chunks (needs electron-vite build)', () => {
  it('keeps chart and page code out of the script every page loads', () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const entryBytes = statSync(join(RENDERER, entry!)).size;
    const chunks = readdirSync(join(RENDERER, 'assets')).filter((f) => f.endsWith('.js'));
    for (const view of ['RunDashboardView', 'StayTraceView', 'AbstentionQueueView']) {
      expect(chunks.some((f) => f.startsWith(`${view}-`))).toBe(true);
    }
    const entryText = readFileSync(join(RENDERER, entry!), 'utf8');
    // chart.js's controller registry would be in the entry if a chart were imported eagerly.
    expect(entryText).not.toContain('BarController');
    expect(entryBytes).toBeLessThan(500_000);
  });
});
