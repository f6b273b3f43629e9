// The preload: the only bridge between the sandboxed page and the main process. It exposes
// ONE object implementing the contract's Bridge (one invoke channel plus events) and never
// ipcRenderer itself. Only `import type` from the contract, so no zod ends up in here.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  ApiEvent,
  Bridge,
  CallArgs,
  CallName,
  CallOutcome,
  CallResult,
} from '../shared/contract';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/ipc-channels';

const bridge: Bridge = {
  async invoke<N extends CallName>(
    name: N,
    args: CallArgs<N>,
  ): Promise<CallOutcome<CallResult<N>>> {
    try {
      return (await ipcRenderer.invoke(IPC_CALL_CHANNEL, name, args)) as CallOutcome<CallResult<N>>;
    } catch (error) {
      // Only reached when IPC itself fails (e.g. the main process is shutting down).
      const reason = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        error: {
          code: 'internal',
          message: `The app's core did not answer (${reason}). Restart ToE Audit.`,
        },
      };
    }
  },
  onEvent(listener: (event: ApiEvent) => void): () => void {
    const forward = (_event: IpcRendererEvent, payload: ApiEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('toe', bridge);
