// The desktop app's entry: thin on purpose. It opens the store, wires the core's handlers
// to IPC and opens one hardened window; everything else lives in the core.
import { dirname } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { createHandlers } from './core/api/handlers';
import { Store } from './core/store';
import { defaultStorePath } from './core/store/default-path';
import { createAppOrigin } from './electron/app-origin';
import { appPaths } from './electron/app-paths';
import { saveDownloadsThroughDialog } from './electron/download-save-dialog';
import { chooseFolderHandler } from './electron/folder-dialog';
import { forwardEvent, startIpcTransport } from './electron/ipc-transport';
import { parseLaunchOptions } from './electron/launch-options';
import { hardenSession } from './electron/session-hardening';
import { createMainWindow, guardAllWebContents } from './electron/window';
import { scopedLogger } from './log/scoped-logger';

const log = scopedLogger('app');

// userData is the folder defaultStorePath() uses, so the CLI, `toe serve` and the app
// open the same store by default; --db and TOE_DB override it for all three alike.
app.setPath('userData', dirname(defaultStorePath({ ...process.env, TOE_DB: undefined })));
const explicitDbPath = parseLaunchOptions(process.argv).dbPath;
const dbPath = explicitDbPath ?? defaultStorePath();

// The bundled core cannot find the models and fonts from its own file (out/main, or app.asar
// in an installer), so it is told where they are (README, "Packaging the desktop app").
const paths = appPaths({
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  mainDir: import.meta.dirname,
});
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const origin = createAppOrigin({ rendererDir: paths.rendererDir, devServerUrl });
const { preloadPath } = paths;

let store: Store | null = null;
let stopIpc: (() => void) | null = null;

function openWindow(): BrowserWindow {
  return createMainWindow({ preloadPath, origin, log: scopedLogger('window') });
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession, {
    origin,
    devServerOrigin: devServerUrl ? new URL(devServerUrl).origin : undefined,
    log: scopedLogger('session'),
  });
  saveDownloadsThroughDialog(session.defaultSession, {
    documentsDir: app.getPath('documents'),
    log: scopedLogger('downloads'),
  });
  guardAllWebContents(scopedLogger('navigation'));
  try {
    // Checked on open, as the CLI does: a damaged store is named now, not mid-review.
    store = new Store(dbPath, { verify: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(
      'ToE Audit cannot open its store',
      `${dbPath}\n\n${reason}\n\nStart the app with --db <another file>, fix the file's permissions, or restore it from a backup (docs/store.md).`,
    );
    app.quit();
    return;
  }
  const core = createHandlers({
    store,
    transport: 'ipc',
    resources: paths.resources,
    // Only to windows still showing the app (navigation is blocked; this is belt and braces).
    emit: (event) =>
      forwardEvent(
        BrowserWindow.getAllWindows()
          .map((w) => w.webContents)
          .filter((contents) => origin.isAppPage(contents.getURL())),
        event,
      ),
  });
  const handlers = {
    ...core,
    'folders.choose': chooseFolderHandler((options) => {
      const window = BrowserWindow.getFocusedWindow();
      return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
    }, app.getPath('documents')),
  };
  stopIpc = startIpcTransport({
    handlers,
    isTrustedSender: (url) => origin.isAppPage(url),
    log: scopedLogger('ipc'),
  });
  log.info(`store: ${dbPath}`);
  openWindow();
}

app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});

app.on('activate', () => {
  if (store && BrowserWindow.getAllWindows().length === 0) openWindow();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  stopIpc?.();
  store?.close();
  store = null;
});

// One app per default store: two writers on one SQLite file would fight over imports. The
// lock is per userData folder, so a launch with its own --db/TOE_DB store skips it.
const usesDefaultStore = explicitDbPath === null && !process.env.TOE_DB;
if (usesDefaultStore && !app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((error: unknown) => {
    log.error(
      `start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    app.exit(1);
  });
}
