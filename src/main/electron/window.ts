// The hardened window factory: isolated, sandboxed, no Node in the page, no navigation
// away from the app and no new windows. Anything the page tries beyond that is logged.
import { app, BrowserWindow } from 'electron';
import type { Logger } from '../log/scoped-logger';
import type { AppOrigin } from './app-origin';

export interface MainWindowOptions {
  preloadPath: string;
  origin: AppOrigin;
  log: Logger;
}

/** Guards applied to every webContents the app ever creates, not only the main window. */
export function guardAllWebContents(log: Logger): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => {
      event.preventDefault();
      log.warn(`prevented navigation to ${event.url}`);
    });
    contents.on('will-redirect', (event) => {
      event.preventDefault();
      log.warn(`prevented a redirect to ${event.url}`);
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
      log.warn('prevented a <webview> from attaching');
    });
    contents.setWindowOpenHandler(({ url }) => {
      log.warn(`denied a new window for ${url}`);
      return { action: 'deny' };
    });
  });
}

export function createMainWindow({ preloadPath, origin, log }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'ToE Audit',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('render-process-gone', (_event, details) => {
    log.error(`the window's renderer stopped: ${details.reason}`);
  });
  void window.loadURL(origin.entryUrl).catch((error: unknown) => {
    log.error(
      `could not load ${origin.entryUrl}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  return window;
}
