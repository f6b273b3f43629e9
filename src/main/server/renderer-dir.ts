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
