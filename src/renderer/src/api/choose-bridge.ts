// Picks the transport: the preload's bridge inside the desktop app, HTTP in a browser.
import type { Bridge } from '../../../shared/contract';
import { createHttpBridge } from './http-bridge';
import { takeSessionToken } from './session-token';

export function chooseBridge(win: Window): { bridge: Bridge; transport: 'ipc' | 'http' } {
  if (win.toe) return { bridge: win.toe, transport: 'ipc' };
  const token = takeSessionToken(win.location, win.history, win.sessionStorage);
  return { bridge: createHttpBridge({ baseUrl: win.location.origin, token }), transport: 'http' };
}
