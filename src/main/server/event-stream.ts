// Server-Sent Events: every ApiEvent of the core goes to every connected renderer. The
// renderer reads the stream with fetch (so the token travels in a header, never a URL).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiEvent } from '../../shared/contract';
import { SECURITY_HEADERS } from './responses';

/** Comment lines keep idle connections (and any proxy in between) from timing out. */
const HEARTBEAT_MS = 15_000;

export class EventStreamHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => this.writeAll(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  attach(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // An immediate comment flushes the headers, so the client knows it is subscribed.
    res.write(': connected\n\n');
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  broadcast(event: ApiEvent): void {
    this.writeAll(`data: ${JSON.stringify(event)}\n\n`);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private writeAll(chunk: string): void {
    for (const res of this.clients) res.write(chunk);
  }
}
