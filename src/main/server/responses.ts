// Response helpers shared by every route: each answer carries the same hardening headers,
// and API answers are always a JSON CallOutcome so the renderer has one shape to read.
import type { ServerResponse } from 'node:http';
import type { ApiErrorPayload, ErrorCode } from '../../shared/contract';
import { contentSecurityPolicy } from '../../shared/content-security-policy';

const CSP = contentSecurityPolicy({ delivery: 'header' });

/** Headers every response gets, static or API. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
};

/** HTTP status for each contract error code; the body always carries the payload too. */
const STATUS_FOR: Record<ErrorCode, number> = {
  'invalid-arguments': 400,
  unauthorized: 401,
  'not-found': 404,
  // A job cancelled by another request, or a name already taken: the state conflicted.
  cancelled: 409,
  conflict: 409,
  'bad-input': 422,
  // Something only the desktop app can do (a native dialog).
  unavailable: 501,
  // The server's own store is damaged: nothing the request can change.
  'store-damaged': 503,
  // The server's store cannot be written: viewing works, a change cannot.
  'store-read-only': 403,
  internal: 500,
};

export function statusForError(code: ErrorCode): number {
  return STATUS_FOR[code];
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** A failed CallOutcome with the status its code maps to. */
export function sendError(
  res: ServerResponse,
  error: ApiErrorPayload,
  status = statusForError(error.code),
): void {
  sendJson(res, status, { ok: false, error });
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(text);
}
