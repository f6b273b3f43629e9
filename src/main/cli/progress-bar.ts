import { SingleBar } from 'cli-progress';

/**
 * One step of a long job, as the core reports it (a contract job's `job.progress` event
 * carries these fields, and more).
 */
export interface ProgressUpdate {
  phase: string;
  done: number;
  total: number;
  message?: string;
}

export type ProgressSink = (update: ProgressUpdate) => void;

/**
 * A progress bar on stderr for interactive terminals (stdout stays clean for --json), and
 * a plain line per phase otherwise, so logs of scripted runs stay readable.
 */
export function terminalProgress(quiet: boolean): { sink: ProgressSink; stop: () => void } {
  if (quiet) return { sink: () => undefined, stop: () => undefined };
  let phase = '';
  if (!process.stderr.isTTY) {
    return {
      sink: (update) => {
        if (update.phase === phase) return;
        phase = update.phase;
        process.stderr.write(`${update.phase}…\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    stream: process.stderr,
    format: ' {phase} [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted}',
    hideCursor: true,
    etaBuffer: 50,
  });
  let started = false;
  return {
    sink: (update) => {
      if (!started || update.phase !== phase) {
        if (started) bar.stop();
        bar.start(update.total, update.done, { phase: update.phase });
        started = true;
        phase = update.phase;
      }
      bar.setTotal(update.total);
      bar.update(update.done, { phase: update.phase });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
