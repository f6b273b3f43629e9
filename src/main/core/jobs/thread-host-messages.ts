/** What pool-thread.ts and thread-host.ts say to each other over the host's IPC channel. */
export type ToThreadHost =
  { kind: 'start'; script: string; workerData: unknown } | { kind: 'message'; message: unknown };

export type FromThreadHost =
  | { kind: 'message'; message: unknown }
  | { kind: 'error'; message: string }
  | { kind: 'exit'; code: number };
