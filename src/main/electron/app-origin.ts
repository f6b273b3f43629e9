// What counts as "the app" for the desktop window: the built renderer's files, or (in
// development) the Vite dev server's origin. Decided by parsing URLs and comparing paths
// and origins exactly, never by substring. No Electron imports: unit-testable under Node.
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface AppOrigin {
  /** The page the window loads: dev-server URL or the renderer's index.html. */
  readonly entryUrl: string;
  /** True for a frame showing the app's own page (used to trust IPC senders). */
  isAppPage(url: string): boolean;
  /** True for a request the session may make: the app's files or the dev server. */
  isAppResource(url: string): boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Schemes that never leave the process: inline data and the built-in developer tools. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'devtools:']);

export function createAppOrigin(options: {
  rendererDir: string;
  devServerUrl?: string | undefined;
}): AppOrigin {
  const indexFile = join(options.rendererDir, 'index.html');
  const dev = options.devServerUrl ? parse(options.devServerUrl) : null;
  if (options.devServerUrl && !dev)
    throw new Error(`Invalid dev server URL: ${options.devServerUrl}`);

  const filePath = (url: URL): string | null => {
    if (url.protocol !== 'file:' || url.host !== '') return null;
    try {
      return fileURLToPath(new URL(url.pathname, 'file://'));
    } catch {
      return null;
    }
  };

  return {
    entryUrl: dev ? dev.href : pathToFileURL(indexFile).href,
    isAppPage(raw) {
      const url = parse(raw);
      if (!url) return false;
      if (dev) return url.origin === dev.origin;
      return filePath(url) === indexFile;
    },
    isAppResource(raw) {
      const url = parse(raw);
      if (!url) return false;
      if (LOCAL_SCHEMES.has(url.protocol)) return true;
      if (dev) {
        // The HMR socket shares the dev server's host and port.
        const socketOrigin = dev.origin.replace(/^http/, 'ws');
        return url.origin === dev.origin || url.origin === socketOrigin;
      }
      const path = filePath(url);
      return path !== null && isInside(options.rendererDir, path);
    },
  };
}
