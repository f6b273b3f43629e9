// The one file of the main process that touches raw IPC: it plugs the routing logic into
// Electron's ipcMain and pushes core events to the app's windows.
import { ipcMain, type WebContents } from 'electron';
import type { ApiEvent } from '../../shared/contract';
import { IPC_EVENT_CHANNEL } from '../../shared/ipc-channels';
import type { Handlers } from '../core/api/handlers';
import type { Logger } from '../log/scoped-logger';
import { createCallListener, registerCallChannel } from './ipc-routing';

export function startIpcTransport(options: {
  handlers: Handlers;
  isTrustedSender: (frameUrl: string) => boolean;
  log: Logger;
}): () => void {
  return registerCallChannel(ipcMain, createCallListener(options));
}

/** Sends a core event to every live renderer that shows the app. */
export function forwardEvent(targets: Iterable<WebContents>, event: ApiEvent): void {
  for (const contents of targets) {
    if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, event);
  }
}
