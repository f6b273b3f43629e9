import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../src/shared/contract';
import { SECRET, TOKEN, callApi, rawRequest, startHarness, type Harness } from './server-harness';

describe('HTTP transport', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startHarness();
    port = h.server.port;
  });
  afterAll(async () => h.dispose());

  describe('access control', () => {
    it('binds to 127.0.0.1 and prints a link with the token in the fragment only', () => {
      expect(h.server.origin).toBe(`http://127.0.0.1:${port}`);
      expect(h.server.appUrl).toBe(`http://127.0.0.1:${port}/#/?token=${TOKEN}`);
    });

    it('answers 401 without a token, with a wrong one, and with the right one in the query string', async () => {
      const none = await rawRequest(port, {
        method: 'POST',
        path: '/api/call/cohorts.list',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(none.status).toBe(401);
      expect(JSON.parse(none.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      expect(JSON.parse(none.body).error.message).toMatch(/toe serve/);

      const wrong = await callApi(port, 'cohorts.list', {}, 'not-the-token-at-all');
      expect(wrong.status).toBe(401);
      const almost = await callApi(port, 'cohorts.list', {}, `${TOKEN}x`);
      expect(almost.status).toBe(401);
      const inQuery = await rawRequest(port, { path: `/api/events?token=${TOKEN}` });
      expect(inQuery.status).toBe(401);
    });

    it('refuses any Host header that is not this server (DNS rebinding), for the API and static files', async () => {
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `127.0.0.1:${port + 1}`,
        '127.0.0.1',
        `0.0.0.0:${port}`,
      ]) {
        const api = await rawRequest(port, {
          method: 'POST',
          path: '/api/call/cohorts.list',
          headers: {
            Host: host,
            Authorization: `Bearer ${TOKEN}`,
            'Content-Type': 'application/json',
          },
          body: '{}',
        });
        expect(api.status, host).toBe(403);
        const page = await rawRequest(port, { path: '/', headers: { Host: host } });
        expect(page.status, host).toBe(403);
      }
      const localhost = await rawRequest(port, {
        path: '/',
        headers: { Host: `localhost:${port}` },
      });
      expect(localhost.status).toBe(200);
    });

    it('refuses API calls sent from another origin even with the token', async () => {
      const res = await rawRequest(port, {
        method: 'POST',
        path: '/api/call/cohorts.list',
        headers: {
          Origin: 'https://evil.example',
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(res.status).toBe(403);
    });
  });

  describe('calls', () => {
    it("cohorts.list returns the store's cohorts", async () => {
      const res = await callApi(port, 'cohorts.list', {});
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const outcome = JSON.parse(res.body);
      expect(outcome.ok).toBe(true);
      expect(outcome.value).toEqual(h.store.listCohorts());
      expect(outcome.value[0]).toMatchObject({
        name: 'tiny',
        stays: 2,
        splits: { train: 1, val: 0, test: 1 },
      });
    });

    it('app.info reports the http transport', async () => {
      const outcome = JSON.parse((await callApi(port, 'app.info', {})).body);
      expect(outcome.value).toMatchObject({ transport: 'http', dbPath: h.store.path });
    });

    it("answers 400 naming the field when arguments fail the contract's schema", async () => {
      const res = await callApi(port, 'cohorts.get', { cohortId: 'seven' });
      expect(res.status).toBe(400);
      const outcome = JSON.parse(res.body);
      expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
      expect(outcome.error.message).toMatch(/^Invalid arguments for cohorts\.get: cohortId: /);

      const extra = JSON.parse(
        (await callApi(port, 'cohorts.get', { cohortId: 1, colour: 'red' })).body,
      );
      expect(extra.error.message).toMatch(/colour/);
      const range = JSON.parse((await callApi(port, 'cohorts.createDemo', { stays: 3 })).body);
      expect(range.error.message).toMatch(/stays: /);
    });

    it('maps not-found to 404 for unknown calls and unknown cohorts', async () => {
      const unknown = await callApi(port, 'cohorts.explode', {});
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body).error.message).toMatch(/Unknown call "cohorts.explode"/);
      const missing = await callApi(port, 'cohorts.get', { cohortId: 999 });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body).error).toEqual({
        code: 'not-found',
        message: 'No cohort with id 999.',
      });
    });

    it('refuses bodies that are not JSON, and calls that are not POST', async () => {
      const notJson = await rawRequest(port, {
        method: 'POST',
        path: '/api/call/cohorts.list',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'text/plain' },
        body: '{}',
      });
      expect(notJson.status).toBe(415);
      const broken = await rawRequest(port, {
        method: 'POST',
        path: '/api/call/cohorts.list',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: '{"oops',
      });
      expect(broken.status).toBe(400);
      expect(JSON.parse(broken.body).error.message).toMatch(/not valid JSON/);
      const get = await rawRequest(port, {
        path: '/api/call/cohorts.list',
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(get.status).toBe(405);
    });
  });

  describe('events', () => {
    it('streams job.progress / job.finished events of a job over SSE', async () => {
      const events: ApiEvent[] = [];
      const finished = new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/events',
            headers: { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${TOKEN}` },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buffer += chunk;
              if (buffer.includes(': connected'))
                void callApi(port, 'cohorts.createDemo', {
                  name: 'sse-demo',
                  stays: 10,
                  jobId: 'sse-job',
                });
              const blocks = buffer.split('\n\n');
              buffer = blocks.pop() ?? '';
              for (const block of blocks) {
                const data = block.split('\n').find((line) => line.startsWith('data: '));
                if (!data) continue;
                const event = JSON.parse(data.slice(6)) as ApiEvent;
                events.push(event);
                if (event.type === 'job.finished' && event.jobId === 'sse-job') {
                  req.destroy();
                  resolve();
                }
              }
            });
          },
        );
        req.on('error', (error) =>
          events.some((e) => e.type === 'job.finished') ? undefined : reject(error),
        );
        req.end();
      });
      await finished;
      const ours = events.filter(
        (e) => (e.type === 'job.finished' ? e.jobId : e.progress.jobId) === 'sse-job',
      );
      expect(ours.at(-1)?.type).toBe('job.finished');
      // Everything before the end is progress for this job, each with the ETA field present.
      for (const event of ours.slice(0, -1)) {
        expect(event.type).toBe('job.progress');
        if (event.type === 'job.progress') expect(event.progress).toHaveProperty('etaSeconds');
      }
    });
  });

  describe('static files', () => {
    it('serves the renderer with content types and a strict CSP', async () => {
      const index = await rawRequest(port, { path: '/' });
      expect(index.status).toBe(200);
      expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(index.headers['content-security-policy']).toMatch(
        /default-src 'none'; script-src 'self'/,
      );
      expect(index.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(index.headers['x-content-type-options']).toBe('nosniff');
      expect((await rawRequest(port, { path: '/assets/app.js' })).headers['content-type']).toBe(
        'text/javascript; charset=utf-8',
      );
      expect((await rawRequest(port, { path: '/assets/app.css' })).headers['content-type']).toBe(
        'text/css; charset=utf-8',
      );
      expect((await rawRequest(port, { path: '/nope.js' })).status).toBe(404);
      expect((await rawRequest(port, { path: '/assets' })).status).toBe(404);
      expect((await rawRequest(port, { method: 'POST', path: '/' })).status).toBe(405);
    });

    it('refuses directory traversal in every spelling', async () => {
      for (const path of [
        '/../secret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e/secret.txt',
        '/%2e%2e%2fsecret.txt',
        '/assets/../../secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/..%5csecret.txt',
        '/%00',
      ]) {
        const res = await rawRequest(port, { path });
        expect([403, 404], path).toContain(res.status);
        expect(res.body, path).not.toContain(SECRET);
      }
    });
  });
});
