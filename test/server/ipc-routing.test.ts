import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/core/api/handlers';
import { createAppOrigin } from '../../src/main/electron/app-origin';
import {
  createCallListener,
  registerCallChannel,
  type CallListener,
  type IpcRegistrar,
} from '../../src/main/electron/ipc-routing';
import { parseLaunchOptions } from '../../src/main/electron/launch-options';
import { silentLogger } from '../../src/main/log/scoped-logger';
import { IPC_CALL_CHANNEL } from '../../src/shared/ipc-channels';
import { TINY_SCHEMA, tempStore } from '../support/temp-store';
import { callApi, startHarness } from './server-harness';

/** Stands in for Electron's ipcMain: records the one handler the transport registers. */
class FakeIpcMain implements IpcRegistrar {
  readonly handlers = new Map<string, CallListener>();
  handle(channel: string, listener: CallListener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(frameUrl: string | null, name: unknown, args: unknown) {
    const listener = this.handlers.get(IPC_CALL_CHANNEL);
    if (!listener) throw new Error('nothing registered');
    return listener({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, name, args);
  }
}

const RENDERER = '/opt/toe/out/renderer';
const APP_PAGE = `file://${RENDERER}/index.html#/cohorts/1`;

describe('IPC transport routing', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  function wire() {
    const temp = tempStore();
    dispose = temp.dispose;
    temp.store.createCohort(TINY_SCHEMA);
    const ipc = new FakeIpcMain();
    const origin = createAppOrigin({ rendererDir: RENDERER });
    const handlers = createHandlers({ store: temp.store, transport: 'ipc', emit: () => {} });
    const unregister = registerCallChannel(
      ipc,
      createCallListener({
        handlers,
        isTrustedSender: (url) => origin.isAppPage(url),
        log: silentLogger,
      }),
    );
    return { ipc, unregister, store: temp.store };
  }

  it('routes one channel to the core: a valid call returns its value', async () => {
    const { ipc, store } = wire();
    expect([...ipc.handlers.keys()]).toEqual([IPC_CALL_CHANNEL]);
    expect(await ipc.invoke(APP_PAGE, 'cohorts.list', {})).toEqual({
      ok: true,
      value: store.listCohorts(),
    });
    expect(await ipc.invoke(APP_PAGE, 'app.info', {})).toMatchObject({
      ok: true,
      value: { transport: 'ipc' },
    });
  });

  it('rejects schema-invalid arguments with the same clear error as HTTP', async () => {
    const { ipc } = wire();
    const outcome = await ipc.invoke(APP_PAGE, 'cohorts.get', { cohortId: 'seven' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error.message).toMatch(/^Invalid arguments for cohorts\.get: cohortId: /);

    const http = await startHarness();
    try {
      const overHttp = JSON.parse(
        (await callApi(http.server.port, 'cohorts.get', { cohortId: 'seven' })).body,
      );
      expect(overHttp.error).toEqual(outcome.error);
    } finally {
      await http.dispose();
    }
  });

  it('checks the sender frame on every call', async () => {
    const { ipc } = wire();
    for (const url of [
      null,
      '',
      'https://evil.example/',
      `file://${RENDERER}/other.html`,
      `file:///opt/toe/out/renderer-evil/index.html`,
      `file://${RENDERER}/../x/index.html`,
      'http://127.0.0.1:5173/',
    ]) {
      expect(await ipc.invoke(url, 'cohorts.list', {}), String(url)).toMatchObject({
        ok: false,
        error: { code: 'unauthorized' },
      });
    }
  });

  it('answers a non-string call name and an unknown call without throwing', async () => {
    const { ipc } = wire();
    expect(await ipc.invoke(APP_PAGE, 42, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    });
    expect(await ipc.invoke(APP_PAGE, 'fs.readFile', {})).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('unregisters its channel', () => {
    const { ipc, unregister } = wire();
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });
});

describe('app origin (window and session checks)', () => {
  it('allows only the renderer folder from file:// and nothing from the network', () => {
    const origin = createAppOrigin({ rendererDir: RENDERER });
    expect(origin.entryUrl).toBe(`file://${RENDERER}/index.html`);
    expect(origin.isAppResource(`file://${RENDERER}/assets/index-abc.js`)).toBe(true);
    expect(origin.isAppResource('data:image/svg+xml,<svg/>')).toBe(true);
    expect(origin.isAppResource('file:///etc/passwd')).toBe(false);
    expect(origin.isAppResource(`file://${RENDERER}/../../secret`)).toBe(false);
    expect(origin.isAppResource('https://fonts.example.com/x.woff2')).toBe(false);
    expect(origin.isAppResource('http://127.0.0.1:8080/')).toBe(false);
    expect(origin.isAppResource('not a url')).toBe(false);
  });

  it('in development allows exactly the dev server origin and its HMR socket', () => {
    const origin = createAppOrigin({
      rendererDir: RENDERER,
      devServerUrl: 'http://localhost:5173/',
    });
    expect(origin.isAppPage('http://localhost:5173/#/cohorts')).toBe(true);
    expect(origin.isAppPage('http://localhost:5174/')).toBe(false);
    expect(origin.isAppPage('http://localhost:5173.evil.example/')).toBe(false);
    expect(origin.isAppResource('ws://localhost:5173/?token=x')).toBe(true);
    expect(origin.isAppResource('https://localhost:5173/')).toBe(false);
    expect(origin.isAppResource(`file://${RENDERER}/index.html`)).toBe(false);
  });
});

describe('desktop launch options', () => {
  it("reads --db in both spellings after Electron's own arguments", () => {
    expect(
      parseLaunchOptions(['/usr/bin/electron', 'out/main/index.js', '--db', '/tmp/a.sqlite']),
    ).toEqual({ dbPath: '/tmp/a.sqlite' });
    expect(parseLaunchOptions(['ToE Audit', '--db=/tmp/b.sqlite'])).toEqual({
      dbPath: '/tmp/b.sqlite',
    });
    expect(parseLaunchOptions(['ToE Audit'])).toEqual({ dbPath: null });
  });
});
