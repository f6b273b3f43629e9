/**
 * store.check and store.backup through dispatch, as every transport reaches them: the check
 * of the store the handlers were created with, a backup of it where the caller says (the
 * desktop app and `toe`), and over HTTP a refusal as unavailable that writes nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../src/shared/domain';
import type { StoreBackup, StoreCheckReport } from '../../../src/shared/store-check';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { checkStore } from '../../../src/main/core/store/store-check';
import { demoStore } from '../../support/audit-runs';
import { errorCode, value } from './api-fixture';

describe('store.check and store.backup', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const callOver = (transport: AppInfo['transport']) => {
    const handlers = createHandlers({ store: demo.store, transport, emit: () => {} });
    return (name: string, args: unknown) => dispatch(handlers, name, args);
  };
  beforeAll(async () => {
    demo = await demoStore(40);
  }, 120_000);
  afterAll(() => demo.dispose());

  it('checks the store the handlers were created with, on every transport', async () => {
    for (const transport of ['ipc', 'http', 'cli'] as const) {
      const report = value<StoreCheckReport>(await callOver(transport)('store.check', {}));
      expect(report.path).toBe(demo.store.path);
      expect(report.ok).toBe(true);
      expect(report.counts).toMatchObject({ cohorts: 1, stays: 40 });
      expect(report.checks.map((c) => c.name)).toContain('SQLite integrity check');
      expect(report.schemaVersion).toBe(report.latestSchemaVersion);
    }
  });

  it('takes no arguments', async () => {
    expect(errorCode(await callOver('cli')('store.check', { path: '/etc/passwd' }))).toBe(
      'invalid-arguments',
    );
  });

  it('backs the store up to a new file for the desktop app and toe, and checks the copy', async () => {
    for (const transport of ['ipc', 'cli'] as const) {
      const target = join(demo.dir, `backup-${transport}.sqlite`);
      const backup = value<StoreBackup>(await callOver(transport)('store.backup', { target }));
      expect(backup).toMatchObject({ target, problems: [] });
      expect(backup.bytes).toBeGreaterThan(0);
      expect(existsSync(target)).toBe(true);
      // The copy is a store of its own that checks clean.
      expect(checkStore(target)).toMatchObject({ ok: true, counts: { stays: 40 } });
    }
  });

  it('never overwrites a file: an existing target is refused, the store itself too', async () => {
    const call = callOver('cli');
    const target = join(demo.dir, 'backup-cli.sqlite');
    const again = await call('store.backup', { target });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.message).toMatch(/already exists; backups never overwrite/);
    const self = await call('store.backup', { target: demo.store.path });
    expect(!self.ok && self.error.message).toMatch(/another file than the store/);
  });

  it('is refused over HTTP as unavailable, and writes nothing', async () => {
    const target = join(demo.dir, 'from-a-page.sqlite');
    const before = readdirSync(demo.dir).sort();
    const outcome = await callOver('http')('store.backup', { target });
    expect(errorCode(outcome)).toBe('unavailable');
    expect(!outcome.ok && outcome.error.message).toMatch(
      /A backup writes a file on this computer, which the browser page may not ask for\. Run `toe store backup --db \S+ COPY\.sqlite`/,
    );
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(demo.dir).sort()).toEqual(before);
  });
});
