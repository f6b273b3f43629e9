// Serves the built renderer (out/renderer) read-only. Requests are mapped inside the root
// by resolving and re-checking the real path, so `..`, encoded slashes and symlinks cannot
// reach anything outside it; directories are never listed.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { SECURITY_HEADERS, sendText } from './responses';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** True when `candidate` is `root` itself or lies beneath it. */
function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Maps a URL path to a file under root, or null when the path is malformed or escapes it.
 * The raw path is decoded exactly once, so `%2e%2e%2f` is treated like `../` and refused.
 */
export function resolveStaticPath(root: string, rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const wanted = decoded === '/' || decoded === '' ? '/index.html' : decoded;
  const target = resolve(root, `.${wanted.startsWith('/') ? '' : '/'}${wanted}`);
  return isInside(root, target) ? target : null;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rootDir: string,
  rawPath: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    return;
  }
  const root = await realpath(rootDir);
  const target = resolveStaticPath(root, rawPath);
  if (target === null) {
    sendText(res, 403, 'Forbidden: that path is outside the app.');
    return;
  }
  let real: string;
  try {
    real = await realpath(target);
    if (!isInside(root, real) || !(await stat(real)).isFile()) throw new Error('not a file');
  } catch {
    sendText(res, 404, 'Not found.');
    return;
  }
  const size = (await stat(real)).size;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': contentTypeFor(real),
    'Content-Length': size,
    // The renderer is rebuilt in place; always revalidate so a stale bundle is never used.
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(real).pipe(res);
}
