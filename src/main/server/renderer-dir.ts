import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `electron-vite build` writes the renderer, relative to this source file's repo. */
export function defaultRendererDir(): string {
  return fileURLToPath(new URL('../../../out/renderer', import.meta.url));
}

/** True when the folder holds a built renderer (its index.html). */
export function isBuiltRenderer(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** Throws an error that tells the user how to produce the renderer when it is missing. */
export function requireBuiltRenderer(dir: string): void {
  if (!isBuiltRenderer(dir)) {
    throw new Error(
      `No built app in ${dir}. Run \`npm run build\` first, then \`toe serve\` again.`,
    );
  }
}

/**
 * In a checkout whose renderer was never built, builds it once (electron-vite, from the
 * checkout's own dev dependencies), its output on stderr so `--json` stays one document.
 * Elsewhere (an installed app) there is nothing to build with, and requireBuiltRenderer says
 * what to run.
 */
export function buildRendererIfMissing(dir: string, say: (text: string) => void): void {
  if (isBuiltRenderer(dir) || dir !== defaultRendererDir()) return;
  const checkout = fileURLToPath(new URL('../../..', import.meta.url));
  const builder = join(checkout, 'node_modules', '.bin', 'electron-vite');
  if (!existsSync(builder)) return;
  say('The app has not been built in this checkout yet; building it once (electron-vite build)…');
  spawnSync(builder, ['build'], { cwd: checkout, stdio: ['ignore', 2, 2] });
}
