// The routing logic of the IPC transport, kept free of Electron imports so it is tested
// under plain Node with a fake registrar: sender check, then the core's dispatch (which
// validates arguments against the contract exactly as the HTTP transport does).
import type { CallOutcome } from '../../shared/contract';
import { IPC_CALL_CHANNEL } from '../../shared/ipc-channels';
import { dispatch } from '../core/api/dispatch';
import type { Handlers } from '../core/api/handlers';
import type { Logger } from '../log/scoped-logger';

/** The part of an IpcMainInvokeEvent the router reads. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

export type CallListener = (
  event: InvokeEventLike,
  name: unknown,
  args: unknown,
) => Promise<CallOutcome<unknown>>;

/** The part of Electron's ipcMain the transport uses; a fake stands in for it in tests. */
export interface IpcRegistrar {
  handle(channel: string, listener: CallListener): void;
  removeHandler(channel: string): void;
}

export function createCallListener(options: {
  handlers: Handlers;
  isTrustedSender: (frameUrl: string) => boolean;
  log: Logger;
}): CallListener {
  return async (event, name, args) => {
    // Checked on every call: a frame that navigated elsewhere must lose access at once.
    const frameUrl = event.senderFrame?.url ?? '';
    if (!options.isTrustedSender(frameUrl)) {
      options.log.warn(`refused an IPC call from untrusted frame "${frameUrl}"`);
      return {
        ok: false,
        error: { code: 'unauthorized', message: 'This page is not allowed to use ToE Audit.' },
      };
    }
    if (typeof name !== 'string') {
      return {
        ok: false,
        error: { code: 'invalid-arguments', message: 'The call name must be a string.' },
      };
    }
    return dispatch(options.handlers, name, args);
  };
}

/** Registers the single call channel; returns the function that unregisters it. */
export function registerCallChannel(registrar: IpcRegistrar, listener: CallListener): () => void {
  registrar.handle(IPC_CALL_CHANNEL, listener);
  return () => registrar.removeHandler(IPC_CALL_CHANNEL);
}
