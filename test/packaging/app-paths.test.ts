// Where the desktop app looks for its files, packaged (a fake installer folder) and built,
// and that the core then uses those folders rather than its own checkout's.
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/core/api/handlers';
import { outsideAsar } from '../../src/main/core/jobs/worker-script';
import { CHECKOUT_RESOURCES } from '../../src/main/core/shipped-resources';
import { appPaths } from '../../src/main/electron/app-paths';
import { tempStore } from '../support/temp-store';

const INSTALLER_RESOURCES = '/opt/ToE Audit/resources';

describe('appPaths', () => {
  it('finds models and fonts in the installer resources folder, the renderer in app.asar', () => {
    const paths = appPaths({
      isPackaged: true,
      resourcesPath: INSTALLER_RESOURCES,
      mainDir: join(INSTALLER_RESOURCES, 'app.asar', 'out', 'main'),
    });
    expect(paths).toEqual({
      rendererDir: '/opt/ToE Audit/resources/app.asar/out/renderer',
      preloadPath: '/opt/ToE Audit/resources/app.asar/out/preload/index.cjs',
      resources: {
        modelsDir: '/opt/ToE Audit/resources/models',
        fontsDir: '/opt/ToE Audit/resources/fonts',
      },
    });
  });

  it("finds a checkout's own resources from its built main bundle (electron-vite preview)", () => {
    const repo = resolve(import.meta.dirname, '../..');
    const paths = appPaths({
      isPackaged: false,
      // Electron's own resources folder when unpackaged: never where the app's files are.
      resourcesPath: '/usr/lib/electron/resources',
      mainDir: join(repo, 'out', 'main'),
    });
    expect(paths.resources).toEqual(CHECKOUT_RESOURCES);
    expect(paths.rendererDir).toBe(join(repo, 'out', 'renderer'));
    expect(paths.preloadPath).toBe(join(repo, 'out', 'preload', 'index.cjs'));
  });
});

describe('outsideAsar', () => {
  it("maps a worker inside app.asar to its unpacked copy, keeping the path's spaces", () => {
    const worker = new URL('file:///opt/ToE%20Audit/resources/app.asar/out/main/worker-thread.js');
    expect(outsideAsar(worker).href).toBe(
      'file:///opt/ToE%20Audit/resources/app.asar.unpacked/out/main/worker-thread.js',
    );
  });

  it('maps Windows installer paths the same way', () => {
    const worker = new URL(
      'file:///C:/Users/a/AppData/Local/Programs/toe-audit/resources/app.asar/out/main/worker-thread.js',
    );
    expect(outsideAsar(worker).pathname).toBe(
      '/C:/Users/a/AppData/Local/Programs/toe-audit/resources/app.asar.unpacked/out/main/worker-thread.js',
    );
  });

  it('leaves files outside an archive, and the archive itself, alone', () => {
    for (const href of [
      'file:///work/main/out/main/worker-thread.js',
      'file:///opt/ToE%20Audit/resources/app.asar.unpacked/out/main/worker-thread.js',
      'file:///opt/ToE%20Audit/resources/app.asar',
    ]) {
      expect(outsideAsar(new URL(href)).href).toBe(href);
    }
  });
});

describe('handlers given the app resources', () => {
  it('list the bundles of that models folder and look for report fonts in that fonts folder', async () => {
    const temp = tempStore();
    try {
      const modelsDir = join(temp.dir, 'models');
      cpSync(join(CHECKOUT_RESOURCES.modelsDir, 'E2'), join(modelsDir, 'E2'), { recursive: true });
      const fontsDir = join(temp.dir, 'fonts');
      const handlers = createHandlers({
        store: temp.store,
        transport: 'ipc',
        emit: () => {},
        resources: { modelsDir, fontsDir },
      });
      const bundles = await handlers['models.list']({});
      expect(bundles.map(({ dir, task, problem }) => ({ dir, task, problem }))).toEqual([
        { dir: join(modelsDir, 'E2'), task: 'E2', problem: null },
      ]);
      // Fonts are checked before anything else, so no run is needed to see which folder is used.
      const report = handlers['reports.pdf']({
        runId: 1,
        seed: 7,
        resamples: 1000,
        minGroupSize: 11,
      });
      await expect(report).rejects.toThrow(join(fontsDir, 'DejaVuSansCondensed.ttf'));
    } finally {
      temp.dispose();
    }
  });
});
