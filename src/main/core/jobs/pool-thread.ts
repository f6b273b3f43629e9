/**
 * Where a pool's worker threads run. An audit or evaluation worker's garbage is mostly ONNX
 * tensors, and V8's default collector does that work on helper threads that take their time
 * from the other worker: two workers scaled 1.72× under it and 1.90× under
 * --single-threaded-gc (docs/performance.md, "Workers"). The flag belongs to a process and
 * must be given when it starts. `toe` starts node with it, so its pools run threads in its
 * own process; a process without it (the desktop app's Electron main) gets each pool thread
 * in a small host process of its own started with the flag (thread-host.ts). Either way the
 * pool sees one interface, and the thread's code and messages are the same.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromThreadHost, ToThreadHost } from './thread-host-messages';
import { workerScript } from './worker-script';

export const SINGLE_THREADED_GC = '--single-threaded-gc';

export type PoolHost = 'thread' | 'process';

/**
 * Threads in this process when it runs with --single-threaded-gc, else a host process per
 * thread; TOE_POOL_HOST=thread|process chooses (the tests keep threads in process).
 */
export function poolHost(
  env: NodeJS.ProcessEnv = process.env,
  execArgv: readonly string[] = process.execArgv,
): PoolHost {
  const chosen = env.TOE_POOL_HOST;
  if (chosen === 'thread' || chosen === 'process') return chosen;
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.includes(SINGLE_THREADED_GC) ? 'thread' : 'process';
}

/** One pool worker, wherever it runs. */
export interface PoolThread<ToThread, FromThread> {
  postMessage(message: ToThread): void;
  onMessage(listener: (message: FromThread) => void): void;
  onError(listener: (error: Error) => void): void;
  /** Once, when the thread has ended (or its host process has). */
  onExit(listener: (code: number) => void): void;
  terminate(): void;
}

/** Starts `script` (a pool worker, as workerScript() gives it) with `workerData`. */
export function startPoolThread<ToThread, FromThread>(
  script: URL,
  workerData: unknown,
  host: PoolHost = poolHost(),
): PoolThread<ToThread, FromThread> {
  return host === 'thread'
    ? inProcess<ToThread, FromThread>(new Worker(script, { workerData }))
    : hosted<ToThread, FromThread>(script, workerData);
}

function inProcess<ToThread, FromThread>(thread: Worker): PoolThread<ToThread, FromThread> {
  return {
    postMessage: (message) => thread.postMessage(message),
    onMessage: (listener) => void thread.on('message', listener),
    onError: (listener) => void thread.on('error', listener),
    onExit: (listener) => void thread.once('exit', listener),
    terminate: () => void thread.terminate(),
  };
}

/** How to start thread-host: compiled next to the main bundle, or its source under tsx. */
function hostCommand(): { modulePath: string; execArgv: string[] } {
  const { entry } = workerScript('thread-host', 'jobs');
  const loader = entry.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  return { modulePath: fileURLToPath(entry), execArgv: [SINGLE_THREADED_GC, ...loader] };
}

function hosted<ToThread, FromThread>(
  script: URL,
  workerData: unknown,
): PoolThread<ToThread, FromThread> {
  const { modulePath, execArgv } = hostCommand();
  const child: ChildProcess = fork(modulePath, [], {
    execArgv,
    // Structured clone, as between threads: typed arrays and Maps cross intact.
    serialization: 'advanced',
    // Electron's binary runs the host as plain Node (it is process.execPath there).
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (message: ToThreadHost) => {
    if (child.connected) child.send(message);
  };
  // The thread's events, relayed from the host; not the child's own, whose 'exit' and
  // 'error' are the host process's (an 'error' event without listeners would also throw).
  const thread = new EventEmitter<{
    message: [FromThread];
    failure: [Error];
    exit: [number];
  }>();
  child.on('message', (message: FromThreadHost) => {
    if (message.kind === 'message') thread.emit('message', message.message as FromThread);
    else if (message.kind === 'error') thread.emit('failure', new Error(message.message));
    else thread.emit('exit', message.code);
  });
  child.on('error', (error) => thread.emit('failure', error));
  // The host died without relaying its thread's exit (killed, or crashed): the thread is gone.
  // Exit listeners are registered once, so a relayed exit followed by this one calls them once.
  child.on('exit', (code, signal) => thread.emit('exit', code ?? (signal ? 1 : 0)));
  send({ kind: 'start', script: script.href, workerData });
  return {
    postMessage: (message) => send({ kind: 'message', message }),
    onMessage: (listener) => void thread.on('message', listener),
    onError: (listener) => void thread.on('failure', listener),
    onExit: (listener) => void thread.once('exit', listener),
    terminate: () => void child.kill(),
  };
}
