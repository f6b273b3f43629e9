// The checks every request passes before anything else runs. The server binds to
// 127.0.0.1 only, but any web page the user opens can still send requests there, so:
// the Host header must name this server (defeats DNS rebinding), and every /api request
// must carry the per-launch token (defeats other local pages and processes).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** True when the Host header is exactly 127.0.0.1:<port> or localhost:<port>. */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (hostHeader === undefined) return false;
  const host = hostHeader.toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * A browser sends Origin on cross-origin requests; when present it must be this server.
 * (Same-origin GETs may omit it, which is fine: the token still has to match.)
 */
export function isAllowedOrigin(originHeader: string | undefined, port: number): boolean {
  if (originHeader === undefined) return true;
  return originHeader === `http://127.0.0.1:${port}` || originHeader === `http://localhost:${port}`;
}

/** Compares the bearer token in constant time (hashing first makes the lengths equal). */
export function hasValidToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return false;
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match?.[1]) return false;
  return tokensEqual(match[1], token);
}

export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
