// Shared set-up for the transport tests: a real store in a temp folder, a tiny fake
// renderer folder (with a secret file beside it, for traversal tests) and raw HTTP
// requests that keep the path exactly as written (fetch would normalise `..`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { startHttpServer, type RunningHttpServer } from '../../src/main/server/http-server';
import { silentLogger } from '../../src/main/log/scoped-logger';
import { TINY_SCHEMA, tempStore, tinyStay } from '../support/temp-store';
import type { Store } from '../../src/main/core/store';

export const TOKEN = 'test-token-0123456789abcdef';
export const SECRET = 'TOP-SECRET-OUTSIDE-RENDERER';

export interface Harness {
  store: Store;
  server: RunningHttpServer;
  dispose: () => Promise<void>;
}

/** A store holding the tiny cohort (2 stays), served on a random port. */
export async function startHarness(): Promise<Harness> {
  const temp = tempStore();
  const cohortId = temp.store.createCohort(TINY_SCHEMA);
  const write = temp.store.stayWriter(cohortId);
  write(tinyStay('s1'));
  write(tinyStay('s2', { split: 'train' }));
  const rendererDir = join(temp.dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(temp.dir, 'secret.txt'), SECRET);
  const server = await startHttpServer({
    store: temp.store,
    port: 0,
    token: TOKEN,
    rendererDir,
    logger: silentLogger,
  });
  return {
    store: temp.store,
    server,
    dispose: async () => {
      await server.close();
      temp.dispose();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with the path sent verbatim; Host defaults to 127.0.0.1:<port>. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { Host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** POST /api/call/<name> with the right token and JSON. */
export function callApi(
  port: number,
  name: string,
  args: unknown,
  token = TOKEN,
): Promise<RawResponse> {
  return rawRequest(port, {
    method: 'POST',
    path: `/api/call/${name}`,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
}
