// The renderer's HTTP bridge against the real server, under Node (which has fetch and web
// streams): the same code the browser runs, minus the DOM.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpBridge } from '../../src/renderer/src/api/http-bridge';
import { SseParser } from '../../src/renderer/src/api/sse-parser';
import type { ApiEvent } from '../../src/shared/contract';
import { TOKEN, startHarness, type Harness } from './server-harness';

describe('renderer HTTP bridge', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.dispose());

  it('invokes calls and returns the CallOutcome, errors included', async () => {
    const bridge = createHttpBridge({ baseUrl: h.server.origin, token: TOKEN });
    expect(await bridge.invoke('cohorts.list', {})).toEqual({
      ok: true,
      value: h.store.listCohorts(),
    });
    const bad = await bridge.invoke('cohorts.get', { cohortId: 0 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });

  it('says what to do without a token, with a wrong one, and when the server is gone', async () => {
    const none = await createHttpBridge({ baseUrl: h.server.origin, token: null }).invoke(
      'cohorts.list',
      {},
    );
    expect(none).toMatchObject({
      ok: false,
      error: { code: 'unauthorized', message: expect.stringMatching(/toe serve/) },
    });
    const wrong = await createHttpBridge({
      baseUrl: h.server.origin,
      token: 'wrong-token-wrong-token',
    }).invoke('cohorts.list', {});
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const gone = await createHttpBridge({ baseUrl: 'http://127.0.0.1:9', token: TOKEN }).invoke(
      'cohorts.list',
      {},
    );
    expect(gone).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Cannot reach.*still running/) },
    });
  });

  it('delivers job events through onEvent and stops streaming when unsubscribed', async () => {
    const bridge = createHttpBridge({ baseUrl: h.server.origin, token: TOKEN });
    const events: ApiEvent[] = [];
    const done = new Promise<void>((resolve) => {
      const stop = bridge.onEvent((event) => {
        events.push(event);
        if (event.type === 'job.finished' && event.jobId === 'bridge-job') {
          stop();
          resolve();
        }
      });
    });
    // The stream connects asynchronously; wait until the server sees the subscriber.
    await expect.poll(() => h.server.eventSubscribers).toBe(1);
    await bridge.invoke('cohorts.createDemo', {
      name: 'bridge-demo',
      stays: 10,
      jobId: 'bridge-job',
    });
    await done;
    expect(events.at(-1)).toMatchObject({ type: 'job.finished', jobId: 'bridge-job' });
  });
});

describe('SSE parser', () => {
  it('joins events split across chunks and skips comments', () => {
    const parser = new SseParser();
    expect(parser.feed(': connected\n\nda')).toEqual([]);
    expect(parser.feed('ta: {"a":1}\n')).toEqual([]);
    expect(parser.feed('\ndata: x\r\ndata: y\r\n\r\n')).toEqual(['{"a":1}', 'x\ny']);
  });
});
