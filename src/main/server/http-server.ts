// The HTTP transport: the same contract as IPC, served to a browser on 127.0.0.1 only.
// Every /api request needs the per-launch token; every request needs a Host header that
// names this server; the built renderer is served read-only with a strict CSP.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandlers } from '../core/api/handlers';
import type { Store } from '../core/store';
import { scopedLogger, type Logger } from '../log/scoped-logger';
import { handleCall } from './api-routes';
import { EventStreamHub } from './event-stream';
import { hasValidToken, isAllowedHost, isAllowedOrigin } from './request-guards';
import { sendError, sendText } from './responses';
import { serveStatic } from './static-files';

export interface HttpServerOptions {
  store: Store;
  /** 0 picks a free port. */
  port: number;
  /** The per-launch secret every /api request must present as `Authorization: Bearer`. */
  token: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  logger?: Logger;
}

export interface RunningHttpServer {
  port: number;
  /** The origin, e.g. http://127.0.0.1:5123 */
  origin: string;
  /** What a user opens: the origin plus the token in the fragment (never sent to a server). */
  appUrl: string;
  /** Open event streams right now (for diagnostics and tests). */
  readonly eventSubscribers: number;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const CALL_PREFIX = '/api/call/';

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  if (options.token.length < 16)
    throw new Error('The server token must be at least 16 characters.');
  const log = options.logger ?? scopedLogger('http');
  const hub = new EventStreamHub();
  const handlers = createHandlers({
    store: options.store,
    transport: 'http',
    emit: (event) => hub.broadcast(event),
  });
  let port = options.port;

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, port)) {
      log.warn(
        `refused a request for host "${req.headers.host ?? ''}" (only 127.0.0.1:${port} is served)`,
      );
      sendText(res, 403, `Forbidden: this server only answers to http://${HOST}:${port}.`);
      return;
    }
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/')) {
      sendText(res, 400, 'Bad request.');
      return;
    }
    // Keep the raw path (no URL normalisation) so traversal attempts are seen and refused.
    const path = rawUrl.split('?')[0] ?? '/';
    if (path !== '/api' && !path.startsWith('/api/')) {
      await serveStatic(req, res, options.rendererDir, path);
      return;
    }
    if (!isAllowedOrigin(req.headers.origin, port)) {
      log.warn(`refused an API request from origin "${req.headers.origin ?? ''}"`);
      sendError(
        res,
        { code: 'unauthorized', message: 'Requests from other web pages are not allowed.' },
        403,
      );
      return;
    }
    if (!hasValidToken(req, options.token)) {
      log.warn(`refused ${req.method ?? '?'} ${path}: missing or wrong token`);
      sendError(res, {
        code: 'unauthorized',
        message:
          'Missing or wrong access token. Open the URL printed by `toe serve` (it carries the token).',
      });
      return;
    }
    if (path === '/api/events') {
      if (req.method !== 'GET') {
        sendError(
          res,
          { code: 'invalid-arguments', message: 'Subscribe to events with GET.' },
          405,
        );
        return;
      }
      hub.attach(req, res);
      return;
    }
    if (path.startsWith(CALL_PREFIX)) {
      await handleCall(req, res, handlers, path.slice(CALL_PREFIX.length));
      return;
    }
    sendError(res, { code: 'not-found', message: `No API route ${path}.` });
  };

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log.error(
        `${req.method ?? '?'} ${req.url ?? ''} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!res.headersSent)
        sendError(res, {
          code: 'internal',
          message: 'The server failed; see its terminal output.',
        });
      else res.destroy();
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, HOST, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;

  return {
    port,
    origin,
    appUrl: `${origin}/#/?token=${encodeURIComponent(options.token)}`,
    get eventSubscribers() {
      return hub.size;
    },
    close: async () => {
      hub.close();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        // Open event streams and keep-alive sockets would otherwise hold close() forever.
        server.closeAllConnections();
      });
    },
  };
}
