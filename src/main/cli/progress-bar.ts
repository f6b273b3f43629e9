import { SingleBar } from 'cli-progress';
import type { ProgressSink, ProgressUpdate } from '../../shared/domain';
import { formatDuration } from '../../shared/evaluation-settings';
import { EtaClock } from '../../shared/eta-clock';

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

/** A step of progress and, when a job estimated it (JobProgress), the seconds left. */
export type TimedProgressUpdate = ProgressUpdate & { etaSeconds?: number | null };

/**
 * The terminal progress bar on a TTY; in logs and CI, a line per phase and one at every tenth
 * of the work with done / total / ETA, so long runs show where they are. The ETA is the job's
 * own estimate when the update carries one, else estimated here from the rate so far.
 */
export function progressInTenths(quiet: boolean): {
  sink: (update: TimedProgressUpdate) => void;
  stop: () => void;
} {
  const bar = terminalProgress(quiet);
  if (quiet || process.stderr.isTTY) return bar;
  const clock = new EtaClock();
  let phase = '';
  let reported = -1;
  return {
    stop: bar.stop,
    sink: (update) => {
      bar.sink(update);
      const left = update.etaSeconds === undefined ? clock.eta(update) : update.etaSeconds;
      if (update.phase !== phase) [phase, reported] = [update.phase, -1];
      const tenth = update.total > 1 ? Math.floor((10 * update.done) / update.total) : -1;
      if (tenth > reported && update.done > 0) {
        reported = tenth;
        const etaText = left === null ? '' : `, ETA ${formatDuration(left)}`;
        process.stderr.write(`  ${update.done}/${update.total}${etaText}\n`);
      }
    },
  };
}
