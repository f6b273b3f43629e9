// The two IPC channel names. Main and preload both import them from here so they cannot
// drift apart; nothing else in the app knows IPC exists.

/** Renderer -> main: `invoke(IPC_CALL_CHANNEL, name, args)` answers a CallOutcome. */
export const IPC_CALL_CHANNEL = 'toe:call';

/** Main -> renderer: every ApiEvent of the core, pushed with webContents.send. */
export const IPC_EVENT_CHANNEL = 'toe:event';
