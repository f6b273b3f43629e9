import {
  lastCancelCheck,
  throwIfCancelled,
  type CancelPoint,
  type ProgressSink,
  type ProgressUpdate,
} from '../jobs/progress';
import { writtenCount } from '../../../shared/counted';

/** How often reading loops report and look at the cancel signal: cheap enough, still responsive. */
const ROWS_PER_TICK = 10_000;

/**
 * What reading counts toward its total: files read, when rows make no honest total (an
 * unsized, possibly gzipped stream); or rows, when every file's row count is known before
 * any row is read (a Parquet footer).
 */
export type ReadingTotal = { files: number } | { rows: number };

/** How the write phase reports, as each importer always has (the UI shows the phase as is). */
export interface WritingPace {
  phase: string;
  /** Stays between a progress update, a yield to the event loop and a cancel check. */
  staysPerTick: number;
  /** Whether an update also says "N of M stays written"; the demo's phase name says it all. */
  countInMessage: boolean;
}

/** The write phase of the file importers (generic, YAIB). */
export const WRITING_STAYS: WritingPace = {
  phase: 'writing',
  staysPerTick: 250,
  countInMessage: true,
};

/**
 * Progress and cancellation for one import, reading and writing. `what` names the import in
 * a CancelledError. `reading` is absent when the importer gauges reading itself (MIMIC-IV:
 * bytes of each table, through `report`).
 */
export class ImportClock {
  private filesDone = 0;
  private rowsDone = 0;

  constructor(
    private readonly options: CancelPoint & { progress?: ProgressSink | undefined },
    private readonly what: string,
    private readonly writing: WritingPace,
    private readonly reading?: ReadingTotal,
  ) {}

  check(): void {
    throwIfCancelled(this.options.signal, this.what);
  }

  /** The job's point of no return, right before the cohort's transaction commits. */
  beginCommit(): void {
    lastCancelCheck(this.options, this.what);
  }

  report(update: ProgressUpdate): void {
    this.options.progress?.(update);
  }

  /** Call once per row with the file's rows so far; does real work only once per tick. */
  row(file: string, rowsOfFile: number): void {
    this.rowsDone++;
    const rows = this.reading && 'rows' in this.reading ? this.rowsDone : rowsOfFile;
    if (rows % ROWS_PER_TICK !== 0) return;
    this.check();
    this.readingUpdate(`${file}: ${writtenCount(rowsOfFile)} rows`);
  }

  fileDone(file: string, rowsOfFile: number): void {
    this.filesDone++;
    this.check();
    this.readingUpdate(`${file}: ${writtenCount(rowsOfFile)} rows read`);
  }

  /**
   * Reports the write phase as it starts, every tick and at its end; true when the writer
   * should then yield to the event loop (so a cancel can land) and check.
   */
  staysWritten(done: number, total: number): boolean {
    if (done % this.writing.staysPerTick !== 0 && done !== total) return false;
    this.report({
      phase: this.writing.phase,
      done,
      total,
      ...(this.writing.countInMessage ? { message: `${done} of ${total} stays written` } : {}),
    });
    return true;
  }

  private readingUpdate(message: string): void {
    if (!this.reading) return;
    const update =
      'rows' in this.reading
        ? { done: Math.min(this.rowsDone, this.reading.rows), total: this.reading.rows }
        : { done: this.filesDone, total: this.reading.files };
    this.report({ phase: 'reading', ...update, message });
  }
}
