import { lastCancelCheck, throwIfCancelled } from '../../jobs/progress';
import type { ImportOptions } from '../import-options';

/** How often long loops report and look at the cancel signal: cheap enough, still responsive. */
const ROWS_PER_TICK = 10_000;
const STAYS_PER_TICK = 250;
const WHAT = 'The import';

/**
 * Progress and cancellation for one import. Reading reports files done out of files to
 * read (row counts of an unsized, possibly gzipped stream make no honest total), with the
 * running row count as the message; writing reports stays written.
 */
export class ImportClock {
  private filesDone = 0;

  constructor(
    private readonly options: ImportOptions,
    private readonly files: number,
  ) {}

  check(): void {
    throwIfCancelled(this.options.signal, WHAT);
  }

  /** The job's point of no return, right before the cohort's transaction commits. */
  beginCommit(): void {
    lastCancelCheck(this.options, WHAT);
  }

  /** Call once per row; does real work only every ROWS_PER_TICK rows. */
  row(file: string, rows: number): void {
    if (rows % ROWS_PER_TICK !== 0) return;
    this.check();
    this.readingUpdate(`${file}: ${rows.toLocaleString('en-US')} rows`);
  }

  fileDone(file: string, rows: number): void {
    this.filesDone++;
    this.check();
    this.readingUpdate(`${file}: ${rows.toLocaleString('en-US')} rows read`);
  }

  /** True when the writer should report and yield to the event loop (so a cancel can land). */
  stayWritten(done: number, total: number): boolean {
    if (done % STAYS_PER_TICK !== 0 && done !== total) return false;
    this.options.progress?.({
      phase: 'writing',
      done,
      total,
      message: `${done} of ${total} stays written`,
    });
    return true;
  }

  private readingUpdate(message: string): void {
    this.options.progress?.({ phase: 'reading', done: this.filesDone, total: this.files, message });
  }
}
