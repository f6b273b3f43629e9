// POST /api/call/<name>: the JSON body is the call's arguments; the answer is the
// CallOutcome from dispatch, with an HTTP status matching its error code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatch } from '../core/api/dispatch';
import type { Handlers } from '../core/api/handlers';
import { sendError, sendJson } from './responses';

/** Arguments are small (ids, names, paths); anything bigger is a mistake or an attack. */
const MAX_BODY_BYTES = 1024 * 1024;

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new BodyError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Requiring application/json also means a cross-site form or `no-cors` fetch (which can
 * only send text/plain and friends) never reaches a handler, token or not.
 */
function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'] ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export async function handleCall(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: Handlers,
  encodedName: string,
): Promise<void> {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    sendError(res, { code: 'invalid-arguments', message: 'Calls are made with POST.' }, 405);
    return;
  }
  if (!isJson(req)) {
    sendError(
      res,
      {
        code: 'invalid-arguments',
        message: 'Send the arguments as Content-Type: application/json.',
      },
      415,
    );
    return;
  }
  let args: unknown;
  try {
    const text = await readBody(req);
    args = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch (error) {
    const status = error instanceof BodyError ? error.status : 400;
    const detail = error instanceof Error ? error.message : String(error);
    sendError(
      res,
      {
        code: 'invalid-arguments',
        message: `The request body is not valid JSON arguments: ${detail}`,
      },
      status,
    );
    return;
  }
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    sendError(res, { code: 'not-found', message: `Unknown call "${encodedName}".` });
    return;
  }
  const outcome = await dispatch(handlers, name, args);
  if (outcome.ok) sendJson(res, 200, outcome);
  else sendError(res, outcome.error);
}
