/**
 * A process that hosts one pool worker thread, started with --single-threaded-gc by
 * pool-thread.ts when the process running the pool lacks that V8 flag (the desktop app:
 * Electron reads V8 flags only from its own command line). The thread inherits the flag,
 * so it collects its own garbage and two workers scale as they do under `toe`. Messages are
 * relayed both ways over the process's IPC channel; the thread's exit ends the process.
 */
import { Worker } from 'node:worker_threads';
import type { FromThreadHost, ToThreadHost } from './thread-host-messages';

const send = (message: FromThreadHost): Promise<void> =>
  new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, undefined, () => resolve());
  });

let thread: Worker | null = null;

process.on('message', (message: ToThreadHost) => {
  if (message.kind === 'start') {
    thread = new Worker(new URL(message.script), { workerData: message.workerData });
    thread.on('message', (relayed: unknown) => void send({ kind: 'message', message: relayed }));
    thread.on('error', (error) => void send({ kind: 'error', message: error.message }));
    thread.on('exit', (code) => {
      void send({ kind: 'exit', code }).then(() => process.exit(0));
    });
    return;
  }
  thread?.postMessage(message.message);
});

// The pool's process is gone: nothing can read this thread's results any more.
process.on('disconnect', () => {
  if (thread) void thread.terminate();
  else process.exit(0);
});
